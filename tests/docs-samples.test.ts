/**
 * Every TypeScript code sample in the docs compiles (issue 14): each ```ts / ```typescript
 * block of docs/*.md and README.md is written to a file of its own in a temporary directory
 * inside the repo (so `fw-core` resolves to the workspace package, its dist and `exports`) and
 * one tsc run type-checks them all with the repo's compiler options (tsconfig.base.json).
 *
 * A block that is not a program by itself (a piece of a larger one) is marked in its fence's
 * info string: ```ts fragment. Those are skipped; keep them few — most samples read as well
 * as small complete programs with their imports.
 *
 * A block that is one file of a larger project is marked with its path: ```ts file=src/app.ts.
 * Those are skipped too: tests/guide-bookmarks-app.test.ts writes the files of
 * docs/applications.md's guide to a project of their own and type-checks them together there.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { blockFile, fencedBlocks } from './support/markdown-fences.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../', import.meta.url));

/** The marker, in a fence's info string, of a sample not type-checked by itself. */
const FRAGMENT = 'fragment';

/** src/app.ts of the samples' directory: an app as docs/applications.md defines one. */
const APP = `import { defineApp, json } from 'fw-core';

export default defineApp({
  name: 'blog',
  router: {
    name: 'blog_router',
    routes: () => [{ prefix: '', security: false, routes: [{ path: '/heartbeat', handler: () => json({ status: 'ok' }) }] }],
  },
});
`;

interface Sample {
  /** docs/x.md or README.md */
  readonly doc: string;
  /** 1-based number of the block among the doc's ts blocks */
  readonly block: number;
  /** 1-based line in the doc of the block's first code line */
  readonly line: number;
  readonly code: string;
  readonly fragment: boolean;
  /** The project path of a `file=` block, checked with its project elsewhere. */
  readonly file: string | undefined;
}

/** The ts / typescript fenced blocks of one markdown text. */
function extractSamples(doc: string, text: string): Sample[] {
  const ts = fencedBlocks(doc, text).filter(({ info }) => info[0] === 'ts' || info[0] === 'typescript');
  return ts.map((block, at) => ({
    doc,
    block: at + 1,
    line: block.line,
    code: block.code,
    fragment: block.info.includes(FRAGMENT),
    file: blockFile(block),
  }));
}

async function allSamples(): Promise<Sample[]> {
  const docs = (await readdir(join(root, 'docs'))).filter((name) => name.endsWith('.md')).sort();
  const files = [...docs.map((name) => `docs/${name}`), 'README.md'];
  const out: Sample[] = [];
  for (const doc of files) out.push(...extractSamples(doc, await readFile(join(root, doc), 'utf8')));
  return out;
}

/** Whether this test type-checks the sample: not a fragment, not a file of a guide's project. */
const isChecked = (sample: Sample): boolean => !sample.fragment && sample.file === undefined;

const fileName = (sample: Sample): string =>
  `${sample.doc.replace(/\.md$/, '').replaceAll('/', '-')}-${sample.block}.ts`;

/** tsc's errors over `samples`, each named by doc, block and the doc's line. */
async function typecheck(dir: string, samples: readonly Sample[]): Promise<string[]> {
  const byFile = new Map(samples.map((sample) => [`src/${fileName(sample)}`, sample]));
  for (const [name, sample] of byFile) await writeFile(join(dir, name), sample.code);
  const config = {
    extends: join(root, 'tsconfig.base.json'),
    compilerOptions: {
      noEmit: true,
      allowImportingTsExtensions: true,
      declaration: false,
      declarationMap: false,
      sourceMap: false,
      types: ['node'],
      typeRoots: [join(root, 'node_modules/@types')],
    },
    files: ['src/app.ts', ...byFile.keys()],
  };
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(config));
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const { stdout, code } = await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], {
    cwd: dir,
  }).then(
    (done) => ({ stdout: done.stdout, code: 0 }),
    (failed: { stdout: string; code: number }) => ({ stdout: failed.stdout, code: failed.code }),
  );
  const errors: string[] = [];
  for (const entry of stdout.split(/\n(?=\S)/)) {
    if (!entry.trim()) continue;
    const m = /^(.+?)\((\d+),(\d+)\): (error TS\d+: [\s\S]*)$/.exec(entry.trim());
    const sample = m ? byFile.get(m[1]!) : undefined;
    if (!m || !sample) {
      errors.push(entry.trim());
      continue;
    }
    const line = sample.line + Number(m[2]) - 1;
    errors.push(`${sample.doc}, ts sample ${sample.block} (line ${line} of the doc): ${m[4]}`);
  }
  if (code !== 0 && errors.length === 0) errors.push(`tsc exited with ${code}: ${stdout}`);
  return errors;
}

describe('docs code samples', () => {
  let dir: string;
  let samples: Sample[];
  before(async () => {
    // Inside the repo, so `fw-core` and the @types resolve through its node_modules.
    await mkdir(join(root, '.tmp'), { recursive: true });
    dir = await mkdtemp(join(root, '.tmp/docs-samples-'));
    await writeFile(join(dir, 'package.json'), '{"type": "module"}');
    // The samples go to src/, next to the app that `import app from './app.ts'` (or
    // '../src/app.ts', from a test) means.
    await mkdir(join(dir, 'src'));
    await writeFile(join(dir, 'src/app.ts'), APP);
    samples = await allSamples();
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('finds the samples, few of them fragments', () => {
    const checked = samples.filter(isChecked);
    assert.ok(checked.length >= 14, `only ${checked.length} samples to check`);
    const fragments = samples.filter((sample) => sample.fragment).map((s) => `${s.doc} #${s.block}`);
    assert.ok(fragments.length <= 3, `too many fragments: ${fragments.join(', ')}`);
  });

  it('reads the fence info string: ts and typescript blocks, the fragment and file= markers', () => {
    const text = '```ts\na;\n```\n```sh\nb\n```\n```typescript fragment\nc;\n```\n````ts\n```\n````\n```ts file=src/d.ts\nd;\n```\n';
    assert.deepEqual(
      extractSamples('d.md', text).map(({ block, line, code, fragment, file }) => ({ block, line, code, fragment, file })),
      [
        { block: 1, line: 2, code: 'a;\n', fragment: false, file: undefined },
        { block: 2, line: 8, code: 'c;\n', fragment: true, file: undefined },
        { block: 3, line: 11, code: '```\n', fragment: false, file: undefined },
        { block: 4, line: 14, code: 'd;\n', fragment: false, file: 'src/d.ts' },
      ],
    );
  });

  it('type-checks every sample that is neither a fragment nor a project file', async () => {
    const errors = await typecheck(dir, samples.filter(isChecked));
    assert.deepEqual(errors, [], `docs samples with type errors:\n${errors.join('\n')}`);
  });

  it('reports a sample with a type error by doc, block and line', async () => {
    const bad = extractSamples('docs/x.md', 'text\n\n```ts\nconst n: number = "one";\n```\n');
    const errors = await typecheck(dir, bad);
    assert.equal(errors.length, 1);
    assert.match(errors[0]!, /^docs\/x\.md, ts sample 1 \(line 4 of the doc\): error TS2322: /);
  });
});
