/**
 * `npm run test:unit` opens no socket and starts no process (issue 37, item 9): scripts/forbid-sockets.ts,
 * which it preloads, makes each way a test file could open one fail with its message. This runs a
 * test file under that preload, as scripts/test-suites.ts does, and checks that every way is refused.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PRELOAD = join(import.meta.dirname, '..', 'scripts', 'forbid-sockets.ts');

/** Each way, as a test that passes when it is refused with the preload's message. */
const WAYS: Readonly<Record<string, string>> = {
  'a server listening': "assert.throws(() => createServer().listen(0, '127.0.0.1'), REFUSED);",
  'a client connecting': "assert.throws(() => connect(80, '127.0.0.1'), REFUSED);",
  'fetch': "await assert.rejects(fetch('http://127.0.0.1/'), (error) => REFUSED.test(String(error.cause)));",
  'a process started': "assert.throws(() => spawn(process.execPath, ['--version']), REFUSED);",
  'a datagram socket bound': "const socket = createSocket('udp4'); try { assert.throws(() => socket.bind(0, '127.0.0.1'), REFUSED); } finally { socket.close(); }",
};

const testFile = [
  "import assert from 'node:assert/strict';",
  "import { spawn } from 'node:child_process';",
  "import { createSocket } from 'node:dgram';",
  "import { createServer } from 'node:http';",
  "import { connect } from 'node:net';",
  "import { it } from 'node:test';",
  'const REFUSED = /^Error: a unit test /;',
  ...Object.entries(WAYS).map(([way, check]) => `it(${JSON.stringify(way)}, async () => { ${check} });`),
].join('\n');

describe("test:unit's preload", () => {
  it('refuses every way a test file could open a socket or start a process', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fw-forbid-sockets-'));
    try {
      await writeFile(join(dir, 'opens.test.mjs'), testFile);
      // Without this runner's NODE_TEST_CONTEXT, which would make the child report to it instead of printing.
      const env = { ...process.env, NODE_TEST_CONTEXT: undefined };
      const args = ['--import', PRELOAD, '--test', '--test-reporter=tap', join(dir, 'opens.test.mjs')];
      const { stdout } = await run(process.execPath, args, { env, timeout: 60_000 }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
      const failed = [...stdout.matchAll(/^not ok \d+ - (.+)$/gm)].map((match) => match[1]);
      assert.deepEqual(failed, []);
      assert.match(stdout, new RegExp(`^# pass ${Object.keys(WAYS).length}$`, 'm'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
