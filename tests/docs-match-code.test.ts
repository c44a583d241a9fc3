/**
 * What the docs say about the code is what the code does, where a doc quotes it: the blog's
 * fw.config.json in docs/blog-api.md, the request ids of docs/decisions.md, the fields of
 * OptionRule in docs/plugins.md, the /metrics series and labels of docs/operations.md, the
 * functions and classes docs/router.md's walk through a lookup names, the stages of a route's
 * lane in docs/pipeline.md's steps.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { metricAttributes } from '../packages/fw-core/src/otel/http-metrics.ts';
import type { CompiledGroup } from '../packages/fw-core/src/app/compile-routes.ts';
import { requestIdFor } from '../packages/fw-core/src/pipeline/handle-request.ts';
import { compileLanes } from '../packages/fw-core/src/pipeline/stages.ts';
import type { PluginEnv } from '../packages/fw-core/src/plugins/plugin.ts';
import { fencedBlocks } from './support/markdown-fences.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const read = (file: string): string => readFileSync(join(root, file), 'utf8');

describe('docs quote the code as it is', () => {
  it("docs/blog-api.md's fw.config.json is examples/blog/fw.config.json", () => {
    const text = read('docs/blog-api.md');
    const at = text.split('\n').indexOf('`fw.config.json`:');
    assert.ok(at >= 0, 'the "`fw.config.json`:" line');
    const listing = fencedBlocks('docs/blog-api.md', text).find((block) => block.line > at + 1 && block.info[0] === 'json');
    assert.deepEqual(JSON.parse(listing!.code), JSON.parse(read('examples/blog/fw.config.json')));
  });

  it('docs/blog-api.md names the file each npm start runs: the root one the build, the workspace one the source', () => {
    const text = read('docs/blog-api.md').replace(/\s+/g, ' ');
    const root = /`npm start` at the root builds, then runs `examples\/blog\/([^`]+)`/.exec(text)?.[1];
    const started = /import\(pathToFileURL\(join\(blogDir, '([^']+)', '([^']+)'\)\)/.exec(read('scripts/start.js'));
    assert.equal(root, `${started![1]}/${started![2]}`, 'the root npm start runs what scripts/start.js imports');
    assert.match(JSON.parse(read('package.json')).scripts.start, /^npm run build && exec node scripts\/start\.js$/);
    const workspace = /`npm start -w blog-example` runs `examples\/blog\/([^`]+)`/.exec(text)?.[1];
    assert.equal(`exec node ${workspace}`, JSON.parse(read('examples/blog/package.json')).scripts.start);
  });

  it("docs/operations.md's Metrics names every label of the HTTP metrics and every pool and runtime series", () => {
    const text = read('docs/operations.md');
    const section = text.slice(text.indexOf('## Metrics: Prometheus'), text.indexOf('```yaml', text.indexOf('## Metrics: Prometheus')));
    const labels = Object.keys(metricAttributes('GET', 'http', '1.1', 200, '/api/posts', 'TypeError')).map((key) => key.replaceAll('.', '_'));
    assert.deepEqual(labels.filter((label) => !section.includes(`\`${label}\``)), []);
    // The series the other pages list in their tables, and the names (or name patterns with *) this section gives.
    const tableSeries = (file: string, heading: string): string[] => {
      const page = read(file);
      const table = page.slice(page.indexOf(heading), page.indexOf('\n\n', page.indexOf('\n|', page.indexOf(heading))));
      return [...table.matchAll(/`((?:db_client|nodejs|v8js|process)_[a-z0-9_]+)`/g)].map((m) => m[1]!);
    };
    const series = [...tableSeries('docs/blog-stores.md', '### Pool metrics'), ...tableSeries('docs/telemetry.md', '### Runtime metrics')];
    assert.ok(series.length >= 10, `the pool and runtime tables found (${series.join(', ')})`);
    const named = [...section.matchAll(/`([a-z0-9_*]+)`/g)].map((m) => new RegExp(`^${m[1]!.replaceAll('*', '[a-z0-9_]*')}$`));
    assert.deepEqual(series.filter((name) => !named.some((pattern) => pattern.test(name))), []);
  });

  it('docs/decisions.md describes the request ids fw makes: a per-process prefix and a counter', () => {
    const line = read('docs/decisions.md').split('\n- ').find((item) => item.startsWith('**Request ids**:'));
    assert.ok(line, 'a **Request ids**: item');
    assert.doesNotMatch(line, /UUID(?! per)/, 'ids are not UUIDs');
    assert.match(line, /prefix/);
    assert.match(line, /counter/);
    const [first, second] = [requestIdFor(undefined), requestIdFor(undefined)];
    const shape = /^([A-Za-z0-9_-]{12})-([0-9a-z]+)$/;
    const [, prefix, n] = shape.exec(first)!;
    assert.equal(second, `${prefix}-${(parseInt(n!, 36) + 1).toString(36)}`);
    const example = /`([A-Za-z0-9_-]{12}-[0-9a-z]+)`/.exec(line)?.[1];
    assert.match(example ?? '', shape, 'the example id has the shape fw makes');
  });

  it('docs/plugins.md has a row for every field of OptionRule', () => {
    const source = read('packages/fw-core/src/plugins/check-plugin-options.ts');
    const body = /export interface OptionRule \{([\s\S]*?)\n\}/.exec(source)![1]!;
    const fields = [...body.matchAll(/readonly (\w+)\??:/g)].map((m) => m[1]!);
    assert.deepEqual(fields.sort(), ['accepts', 'example', 'expected', 'required']);
    const rows = new Set([...read('docs/plugins.md').matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]!));
    assert.deepEqual(fields.filter((field) => !rows.has(field)), []);
  });

  it("docs/router.md's lookup names only functions and classes the router declares", () => {
    const text = read('docs/router.md');
    const section = text.slice(text.indexOf('## How a lookup runs'), text.indexOf('\n## ', text.indexOf('## How a lookup runs') + 1));
    const dir = 'packages/fw-core/src/router';
    const source = readdirSync(join(root, dir)).map((file) => read(`${dir}/${file}`)).join('\n');
    // A code name in backticks: `find()`, `findStatic`, `LeafRoute`; not a path, a host or a segment.
    const names = [...section.matchAll(/`#?([A-Za-z]\w*)(?:\(\))?`/g)].map((m) => m[1]!).filter((name) => /[a-z][A-Z]|^[A-Z][a-z]|^find$/.test(name));
    assert.ok(names.length >= 4, `names found: ${names.join(', ')}`);
    const declared = (name: string): boolean => new RegExp(`(?:function|class|interface|type|const)\\s+${name}\\b|^\\s+#?${name}\\(`, 'm').test(source);
    assert.deepEqual(names.filter((name) => !declared(name)), []);
  });

  it("docs/pipeline.md's steps from the pre_request plugins to the write are the stages of a route's lane", () => {
    const text = read('docs/pipeline.md');
    const steps = [...text.slice(0, text.indexOf('\n### ')).matchAll(/^(\d+)\. \*\*(.+?)\*\*/gm)].map((m) => ({ n: Number(m[1]), name: m[2]! }));
    const first = steps.find((step) => step.name === '`pre_request` plugins')!.n;
    const last = steps.find((step) => step.name.startsWith('Write'))!.n;
    assert.match(text, new RegExp(`Steps ${first} to ${last} are data`));
    // A group with every stage: one pre_request and one post_request plugin, security and body decoding.
    const step = { callback: () => ['ok'], instance: { plugin: { name: 'p' }, options: {}, state: undefined } };
    const group = { plugins: { pre: [step], post: [step], decoding: {} }, security: () => true } as unknown as CompiledGroup;
    const env = {} as PluginEnv;
    assert.equal(compileLanes(group, env, env).route.length, last - first + 1, steps.map((s) => `${s.n}. ${s.name}`).join('; '));
  });
});
