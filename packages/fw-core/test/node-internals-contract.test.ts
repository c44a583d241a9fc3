/**
 * Issue 37, item 4: the Node internals fw relies on (src/http/node-internals.ts) hold on the
 * pinned Node, where this file runs the contract suite (support/node-internals-contract.ts),
 * and on the lowest Node that fw-core's `engines` admits, which runs a type-stripped copy of the
 * suite and of the module (that Node cannot run TypeScript). docs/api.md, "Node versions". And
 * each export of the module names the public API that lacks it and is called by the suite.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { stripTypeScriptTypes } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { lowestNode } from './support/lowest-node.ts';
import './support/node-internals-contract.ts';

const run = promisify(execFile);
const SUITE = join(import.meta.dirname, 'support', 'node-internals-contract.ts');
const MODULE = join(import.meta.dirname, '..', 'src', 'http', 'node-internals.ts');

describe('node-internals.ts', () => {
  it('names the public API each export makes up for, and the contract suite calls each', async () => {
    const [source, suite] = await Promise.all([readFile(MODULE, 'utf8'), readFile(SUITE, 'utf8')]);
    const exported = [...source.matchAll(/^export function (\w+)/gm)].map((match) => match[1]!);
    const documented = new Map([...source.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\nexport function (\w+)/g)].map((match) => [match[2]!, match[1]!]));
    assert.ok(exported.length > 0);
    assert.deepEqual(exported.filter((name) => !/\bLacking: /.test(documented.get(name) ?? '')), [], 'a doc comment saying what is Lacking');
    assert.deepEqual(exported.filter((name) => !suite.includes(`${name}(`)), [], 'called by support/node-internals-contract.ts');
  });
});

describe('node internals contract on the lowest Node that engines admits', () => {
  it('passes there too', { timeout: 120_000 }, async (t) => {
    const { version, binary, missing } = lowestNode();
    if (binary === undefined) return t.skip(missing);
    assert.equal((await run(binary, ['--version'])).stdout.trim(), `v${version}`);
    const dir = await mkdtemp(join(tmpdir(), 'fw-node-internals-'));
    try {
      const suite = await readFile(SUITE, 'utf8');
      const stripped = stripTypeScriptTypes(suite).replace("'../../src/http/node-internals.ts'", "'./node-internals.mjs'");
      await writeFile(join(dir, 'contract.mjs'), stripped);
      await writeFile(join(dir, 'node-internals.mjs'), stripTypeScriptTypes(await readFile(MODULE, 'utf8')));
      // Without this runner's NODE_TEST_CONTEXT, which would make the child report to it instead of printing.
      const env = { ...process.env, NODE_TEST_CONTEXT: undefined };
      const { stdout } = await run(binary, ['--test', '--test-reporter=tap', join(dir, 'contract.mjs')], { env }).catch((error: { stdout?: string }) => {
        assert.fail(`the contract fails on Node ${version}:\n${error.stdout ?? String(error)}`);
      });
      const cases = suite.match(/^ {2}it\(/gm)!.length;
      assert.match(stdout, new RegExp(`^# pass ${cases}$`, 'm'));
      assert.match(stdout, /^# fail 0$/m);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
