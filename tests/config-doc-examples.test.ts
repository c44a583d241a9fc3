/**
 * docs/configuration.md's two runnable examples, as an app author reads them: the example file runs `blog` on
 * port 8080 with {"store": "memory"} and, under FW_ENV=prod, on port 80 with {"store": "postgres"}, everything
 * else the same; and each error message of "Errors" is what fw says (with its error.details) for the mistake
 * it describes, the file's directory standing for /srv/blog.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FwError } from '../packages/fw-core/src/errors.ts';
import { loadConfig } from '../packages/fw-core/src/config/index.ts';
import { fencedBlocks } from './support/markdown-fences.ts';

const FILE = 'docs/configuration.md';
const text = readFileSync(join(import.meta.dirname, '..', FILE), 'utf8');
/** The fenced blocks of the section that starts with `heading`. */
function blocksOf(heading: string): string[] {
  const start = text.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `${FILE} has ${heading}`);
  const end = text.indexOf('\n## ', start + 1);
  return fencedBlocks(FILE, text.slice(start, end < 0 ? undefined : end)).map((block) => block.code);
}

describe(`${FILE}'s examples`, () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fw-config-doc-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** loadConfig of `document` (text) written as the app's fw.config.json, under `env`. */
  async function load(document: string, env: Record<string, string> = {}) {
    await writeFile(join(dir, 'fw.config.json'), document);
    return loadConfig(dir, env);
  }

  it('the example runs blog on 8080 with the memory store, and under FW_ENV=prod on 80 with postgres', async () => {
    const [example] = blocksOf('## Example');
    const dev = await load(example!);
    const prod = await load(example!, { FW_ENV: 'prod' });
    assert.equal(dev.fw.bootstrap_application, 'blog');
    assert.deepEqual([dev.fw.server_configuration.port, dev.app], [8080, { store: 'memory' }]);
    assert.deepEqual([prod.fw.server_configuration.port, prod.app], [80, { store: 'postgres' }]);
    // "everything else is the same"
    const rest = (fw: typeof dev.fw) => ({ ...fw, environment: undefined, server_configuration: { ...fw.server_configuration, port: undefined } });
    assert.deepEqual(rest(prod.fw), rest(dev.fw));
  });

  it('each error message is what fw says for the mistake it names', async () => {
    const [messages] = blocksOf('## Errors');
    const file = join(dir, 'fw.config.json');
    const blog = (fw: object, more: object = {}) => JSON.stringify({ fw: { bootstrap_application: 'blog', ...fw }, ...more });
    const prod = { environments: { prod: {} } };
    // The mistake behind each line, in the page's order, and the details it carries.
    const mistakes: [string, Record<string, string>, Record<string, unknown>][] = [
      ['{\n  "fw": {\n    "bootstrap_application": "blog",\n  }\n}\n', {}, { file, position: 51, line: 4, column: 3 }],
      [blog({ server_configuration: { prot: 8080 } }), {}, { key: 'fw.server_configuration.prot', suggestion: 'port' }],
      [blog({}, { environments: { prod: { fw: { use_stacktrace: 'no' } } } }), {}, { key: 'environments.prod.fw.use_stacktrace', expected: 'a boolean (true or false)', found: 'no' }],
      [blog({}), { PORT: 'abc' }, { key: 'PORT', expected: 'an integer from 0 to 65535', found: 'abc' }],
      [JSON.stringify({ fw: {} }), {}, { key: 'fw.bootstrap_application', file }],
      [blog({}, prod), { FW_ENV: 'production' }, { environment: 'production', defined: ['dev', 'prod'], suggestion: 'prod', file }],
    ];
    const said: string[] = [];
    for (const [document, env, details] of mistakes) {
      const error = await load(document, env).then(
        () => assert.fail(`${document} under ${JSON.stringify(env)} loaded`),
        (thrown: unknown) => thrown,
      );
      assert.ok(error instanceof FwError);
      assert.deepEqual(error.details, details);
      said.push(error.message.replaceAll(dir, '/srv/blog'));
    }
    assert.equal(`${said.join('\n')}\n`, messages);
  });
});
