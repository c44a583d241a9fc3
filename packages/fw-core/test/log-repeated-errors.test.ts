/**
 * The default JSON logger in an outage (issue 35, item 6: a 10 s database cut wrote 2,135
 * identical `store_unavailable` lines per instance, each with two stack traces): a repeated warn
 * or error line (same level, event, message and error) is written once with its stacks, then
 * counted, and one summary per interval says how many were held back, exactly; a later line of
 * the same key comes without stacks; different errors are never merged. Node's mock timers drive
 * the intervals; a real subprocess shows the timers are unref'd and the count is written at exit.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { resolveConfigDocument } from '../src/config/resolve-config.ts';
import { FwError } from '../src/errors.ts';
import { createJsonLogger, DEFAULT_REPEAT_INTERVAL_MS, type JsonLogger } from '../src/log/logger.ts';

type Line = Record<string, any>;

function capture(options: Parameters<typeof createJsonLogger>[0] = {}): { logger: JsonLogger; lines: Line[] } {
  const lines: Line[] = [];
  const logger = createJsonLogger({ env: {}, ...options, sink: { write: (text: string) => void lines.push(JSON.parse(text) as Line) } });
  return { logger, lines };
}

/** The blog's outage error: a coded wrapper whose cause is the socket's error. */
function storeUnavailable(message = 'connect ECONNREFUSED 127.0.0.1:5432'): Error {
  const cause = Object.assign(new Error(message), { code: 'ECONNREFUSED' });
  return Object.assign(new Error(`PostgreSQL unavailable: ${message}`, { cause }), { name: 'StoreUnavailableError', code: 'BLOG_ERR_STORE_UNAVAILABLE' });
}

/** Occurrences a set of lines stands for: whole lines plus every summary's count. */
function occurrences(lines: Line[]): number {
  return lines.reduce((sum, line) => sum + (typeof line.repeated === 'number' ? line.repeated : 1), 0);
}

beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'] }));
afterEach(() => mock.timers.reset());

describe('repeated error lines', () => {
  it('1000 identical errors: one whole line with both stacks, then one summary with the exact count', () => {
    const { logger, lines } = capture();
    for (let i = 0; i < 1000; i += 1) logger.error({ event: 'store_unavailable', request_id: `r${i}`, err: storeUnavailable() }, 'store unavailable');
    assert.equal(lines.length, 1);
    const [first] = lines;
    assert.equal(first!.request_id, 'r0');
    assert.match(first!.err.stack, /^StoreUnavailableError: PostgreSQL unavailable/);
    assert.match(first!.err.cause.stack, /^Error: connect ECONNREFUSED/);
    mock.timers.tick(DEFAULT_REPEAT_INTERVAL_MS - 1);
    assert.equal(lines.length, 1);
    mock.timers.tick(1);
    assert.equal(lines.length, 2);
    const { time, 'service.instance.id': id, ...summary } = lines[1]!;
    assert.equal(time, '1970-01-01T00:00:10.000Z');
    assert.equal(id, first!['service.instance.id']);
    assert.deepEqual(summary, {
      level: 'error',
      event: 'store_unavailable',
      err: { name: 'StoreUnavailableError', message: 'PostgreSQL unavailable: connect ECONNREFUSED 127.0.0.1:5432', code: 'BLOG_ERR_STORE_UNAVAILABLE', cause: { name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' } },
      repeated: 999,
      interval_ms: 10_000,
      msg: 'store unavailable',
    });
    assert.equal(occurrences(lines), 1000);
  });

  it('summarises every interval while it lasts, forgets the key after a quiet one, and writes its next line without stacks', () => {
    const { logger, lines } = capture({ env: { FW_LOG_REPEAT_INTERVAL_MS: '1000' } });
    const log = (times: number) => {
      for (let i = 0; i < times; i += 1) logger.error({ event: 'store_unavailable', err: storeUnavailable() }, 'store unavailable');
    };
    log(300);
    mock.timers.tick(1000);
    log(250);
    mock.timers.tick(1000);
    assert.deepEqual(lines.map((line) => line.repeated), [undefined, 299, 250]);
    mock.timers.tick(1000);
    assert.equal(lines.length, 3, 'a quiet interval writes nothing');
    log(2);
    mock.timers.tick(1000);
    assert.deepEqual(lines.map((line) => [line.repeated, line.interval_ms]), [[undefined, undefined], [299, 1000], [250, 1000], [undefined, undefined], [1, 1000]]);
    assert.equal(lines[3]!.err.stack, undefined);
    assert.equal(lines[3]!.err.cause.stack, undefined);
    assert.equal(lines[3]!.err.cause.code, 'ECONNREFUSED');
    assert.equal(occurrences(lines), 552);
  });

  it('never merges different errors, events, messages or levels; summarises warn lines too; never holds info or fatal', () => {
    const { logger, lines } = capture();
    for (let i = 0; i < 3; i += 1) {
      logger.error({ event: 'store_unavailable', err: storeUnavailable() }, 'store unavailable');
      logger.error({ event: 'store_unavailable', err: storeUnavailable('connect ETIMEDOUT 127.0.0.1:5432') }, 'store unavailable');
      logger.error({ event: 'store_unavailable', err: Object.assign(storeUnavailable(), { code: 'OTHER_CODE' }) }, 'store unavailable');
      logger.error({ event: 'request_failed', err: storeUnavailable() }, 'store unavailable');
      logger.error({ event: 'store_unavailable', err: storeUnavailable() }, 'another message');
      logger.warn({ event: 'store_unavailable', err: storeUnavailable() }, 'store unavailable');
      logger.warn({ event: 'rate_limit_store_error', error: 'connect ECONNREFUSED 127.0.0.1:6379' }, 'rate limit store failed');
      logger.warn({ event: 'rate_limit_store_error', error: 'READONLY You can\'t write against a read only replica.' }, 'rate limit store failed');
      logger.error({ event: 'store_unavailable', store: 'sqlite', err: storeUnavailable() }, 'store unavailable');
      logger.info({ event: 'request', status: 503 });
      logger.fatal({ event: 'crash', err: storeUnavailable() }, 'crash');
    }
    // Nine keys written once each, info and fatal every time.
    assert.equal(lines.length, 9 + 3 + 3);
    assert.equal(lines.filter((line) => line.event === 'request').length, 3);
    assert.equal(lines.filter((line) => line.event === 'crash' && line.err.stack !== undefined).length, 3);
    mock.timers.tick(DEFAULT_REPEAT_INTERVAL_MS);
    const summaries = lines.filter((line) => line.repeated !== undefined);
    assert.equal(summaries.length, 9);
    assert.ok(summaries.every((line) => line.repeated === 2));
    assert.deepEqual(summaries.filter((line) => line.store !== undefined).map((line) => line.store), ['sqlite']);
    assert.deepEqual(summaries.filter((line) => line.level === 'warn').map((line) => line.error ?? line.err.message), [
      'PostgreSQL unavailable: connect ECONNREFUSED 127.0.0.1:5432',
      'connect ECONNREFUSED 127.0.0.1:6379',
      'READONLY You can\'t write against a read only replica.',
    ]);
    assert.equal(occurrences(lines), 33);
  });

  it('counts lines that differ only in their request\'s ids (request_id, trace_id, span_id) as repeats, and keeps the shared fields in the summary', () => {
    const { logger, lines } = capture();
    for (let i = 0; i < 4; i += 1) logger.error({ event: 'request_failed', request_id: `r${i}`, trace_id: `t${i}`, span_id: `s${i}`, where: 'plugin p', err: new TypeError('x is undefined') }, 'request failed');
    logger.error({ event: 'request_failed', request_id: 'r9', where: 'pipeline', err: new TypeError('x is undefined') }, 'request failed');
    mock.timers.tick(DEFAULT_REPEAT_INTERVAL_MS);
    assert.deepEqual(lines.map((line) => [line.request_id, line.where, line.repeated]), [['r0', 'plugin p', undefined], ['r9', 'pipeline', undefined], [undefined, 'plugin p', 3]]);
    assert.deepEqual([lines[2]!.trace_id, lines[2]!.span_id, lines[2]!.err], [undefined, undefined, { name: 'TypeError', message: 'x is undefined' }]);
  });

  it('flush() writes the pending summaries at once, and the timer then writes nothing more', () => {
    const { logger, lines } = capture();
    for (let i = 0; i < 5; i += 1) logger.warn({ event: 'slow_store', err: new Error('slow') }, 'slow');
    logger.flush();
    assert.deepEqual(lines.map((line) => line.repeated), [undefined, 4]);
    mock.timers.tick(DEFAULT_REPEAT_INTERVAL_MS * 2);
    assert.equal(lines.length, 2);
  });

  it('writes every line when FW_LOG_REPEAT_INTERVAL_MS is 0, and refuses a bad interval at start', () => {
    const every = capture({ env: { FW_LOG_REPEAT_INTERVAL_MS: '0' } });
    for (let i = 0; i < 4; i += 1) every.logger.error({ event: 'store_unavailable', err: storeUnavailable() }, 'store unavailable');
    assert.equal(every.lines.length, 4);
    assert.ok(every.lines.every((line) => typeof line.err.stack === 'string'));
    const { logger, lines } = capture({ env: { FW_LOG_REPEAT_INTERVAL_MS: '250' } });
    for (let i = 0; i < 4; i += 1) logger.error({ event: 'x', err: storeUnavailable() }, 'x');
    mock.timers.tick(250);
    assert.deepEqual(lines.map((line) => [line.repeated, line.interval_ms]), [[undefined, undefined], [3, 250]]);
    // A silent logger reads nothing: fw-core makes one when it is imported, which a bad variable must not break.
    assert.doesNotThrow(() => createJsonLogger({ level: 'silent', env: { FW_LOG_REPEAT_INTERVAL_MS: '10s' } }));
    // The values the configuration's check refuses (resolve-config.ts; tests/config-doc-log-repeat-interval), in its words:
    // createJsonLogger({env}) called directly accepted an exponent, blanks around digits and a delay past Node's timer limit.
    for (const value of ['10s', '-1', '1e3', ' 100 ', '1.5', '2147483648', '3000000000']) {
      assert.throws(() => capture({ env: { FW_LOG_REPEAT_INTERVAL_MS: value } }), (error: unknown) => {
        assert.ok(error instanceof FwError);
        assert.equal(error.code, 'FW_ERR_CONFIG_BAD_VALUE');
        assert.equal(error.message, `FW_LOG_REPEAT_INTERVAL_MS must be an integer from 0 to 2147483647 (milliseconds); found "${value}" (a string)`);
        assert.throws(() => resolveConfigDocument({ fw: { bootstrap_application: 'a' } }, 'a test', { FW_LOG_REPEAT_INTERVAL_MS: value }), { code: 'FW_ERR_CONFIG_BAD_VALUE', message: error.message });
        return true;
      });
    }
  });
});

describe('a process with repeats pending', () => {
  it('exits by itself (the timer is unref\'d) and writes the summary as it exits', async () => {
    mock.timers.reset();
    const logger = pathToFileURL(join(import.meta.dirname, '..', 'src', 'log', 'logger.ts')).href;
    const script = `
      import { createJsonLogger } from ${JSON.stringify(logger)};
      const log = createJsonLogger({ env: { FW_LOG_REPEAT_INTERVAL_MS: '3600000', OTEL_RESOURCE_ATTRIBUTES: 'service.instance.id=i-1' } });
      for (let i = 0; i < 7; i += 1) log.error({ event: 'store_unavailable', err: new Error('down') }, 'store unavailable');
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 0, stderr);
    const lines = stderr.trim().split('\n').map((text) => JSON.parse(text) as Line);
    assert.deepEqual(lines.map((line) => [line['service.instance.id'], line.event, line.repeated, line.interval_ms]), [['i-1', 'store_unavailable', undefined, undefined], ['i-1', 'store_unavailable', 6, 3_600_000]]);
  });
});
