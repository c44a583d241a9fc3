/**
 * The default logger writes to process.stderr; when the process reading it goes away (a log shipper restarted, `| head`),
 * the next write fails with EPIPE. pino's destination survives it; fw's process must too, and keep serving (docs/operations.md, "Logs").
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';

describe('a log whose reader has gone', () => {
  it('lets the process go on when its stderr pipe is closed by the reader', async () => {
    const logger = pathToFileURL(join(import.meta.dirname, '..', 'src', 'log', 'logger.ts')).href;
    const script = `
      import { createJsonLogger } from ${JSON.stringify(logger)};
      const log = createJsonLogger({ env: {} });
      log.info({ event: 'first' });
      process.stdin.once('data', async () => {
        // Each line after the reader left fails with EPIPE, reported a turn of the event loop later.
        for (let i = 0; i < 5; i += 1) {
          log.error({ event: 'after_reader_left', i });
          await new Promise((resolve) => setImmediate(resolve));
        }
        process.stdout.write('still serving');
        process.stdin.destroy();
      });
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    const [first] = (await once(child.stderr, 'data')) as [Buffer];
    assert.equal(JSON.parse(first.toString()).event, 'first');
    child.stderr.destroy();
    await once(child.stderr, 'close');
    child.stdin.write('go\n');
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.deepEqual({ code, stdout }, { code: 0, stdout: 'still serving' });
  });
});
