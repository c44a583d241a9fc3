import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createJsonLogger } from '../src/log/logger.ts';
import { FwError } from '../src/errors.ts';

function sink(): { lines: string[]; write(line: string): void } {
  const lines: string[] = [];
  return { lines, write: (line) => void lines.push(line) };
}

describe('the default JSON-lines logger', () => {
  it('writes one JSON object per line with time, level, base fields, fields and msg', () => {
    const out = sink();
    const logger = createJsonLogger({ level: 'info', sink: out, base: { app: 'blog' }, env: { OTEL_RESOURCE_ATTRIBUTES: 'region=eu,service.instance.id=blog%2D1' } });
    logger.info({ event: 'listening', url: 'http://127.0.0.1:1' }, 'blog listening');
    assert.equal(out.lines.length, 1);
    assert.ok(out.lines[0]!.endsWith('\n'));
    const line = JSON.parse(out.lines[0]!) as Record<string, unknown>;
    assert.match(String(line.time), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual({ ...line, time: 'x' }, { time: 'x', level: 'info', 'service.instance.id': 'blog-1', app: 'blog', event: 'listening', url: 'http://127.0.0.1:1', msg: 'blog listening' });
  });

  it('drops lines below its level and logs nothing at silent', () => {
    const out = sink();
    const logger = createJsonLogger({ level: 'warn', sink: out });
    logger.debug({ a: 1 });
    logger.info({ a: 2 });
    logger.warn({ a: 3 });
    logger.fatal({ a: 4 });
    assert.deepEqual(out.lines.map((l) => (JSON.parse(l) as { a: number }).a), [3, 4]);
    const quiet = sink();
    const silent = createJsonLogger({ level: 'silent', sink: quiet });
    silent.fatal({ a: 5 });
    assert.deepEqual(quiet.lines, []);
  });

  it('renders errors with name, message, code and stack, and never throws on cycles or BigInt, nor loses the line', () => {
    const out = sink();
    const logger = createJsonLogger({ sink: out });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    logger.error({ err: new FwError('FW_ERR_ROUTE_CONFLICT', 'two routes') }, 'failed');
    logger.error({ big: 10n }, 'big');
    logger.error({ event: 'loop_found', cyclic, n: 1 }, 'cycle');
    const [withError, withBig, withCycle] = out.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const err = withError!.err as Record<string, unknown>;
    assert.equal(err.name, 'FwError');
    assert.equal(err.code, 'FW_ERR_ROUTE_CONFLICT');
    assert.equal(err.message, 'two routes');
    assert.match(String(err.stack), /FwError: two routes/);
    assert.equal(withBig!.big, '10');
    // The line keeps what JSON can write (its time, level, instance id, event, message) and names the field it could not.
    assert.deepEqual({ ...withCycle, time: 'x', 'service.instance.id': 'x' }, {
      time: 'x', level: 'error', 'service.instance.id': 'x', event: 'loop_found', n: 1, msg: 'cycle', unserialisable: ['cyclic'],
    });
    // Lines without an `event` are never held back as repeats: each is written whole.
    logger.error({ err: new FwError('FW_ERR_ROUTE_CONFLICT', 'two routes') }, 'failed');
    assert.match(String((JSON.parse(out.lines[3]!) as { err: { stack: string } }).err.stack), /FwError: two routes/);
  });

  it('writes CR, LF, ANSI escapes and lone surrogates escaped, so a value can neither end its line nor forge another', () => {
    const out = sink();
    const logger = createJsonLogger({ sink: out, env: {} });
    const forged = '/a\r\n{"level":"fatal","msg":"forged"}\u001b[31m\ud800\u2028';
    logger.info({ event: 'request', path: forged }, `failed\n${forged}`);
    assert.equal(out.lines.length, 1);
    const [text] = out.lines as [string];
    assert.equal(text.indexOf('\n'), text.length - 1);
    assert.equal(/[\r\u001b]|[\ud800-\udfff]/.test(text), false);
    assert.ok(text.includes('"path":"/a\\r\\n{\\"level\\":\\"fatal\\",\\"msg\\":\\"forged\\"}\\u001b[31m\\ud800\u2028"'), text);
    const line = JSON.parse(text) as Record<string, unknown>;
    assert.deepEqual([line.path, line.msg], [forged, `failed\n${forged}`]);
  });

  it("writes an error's cause chain, each with its own stack, and stops at a cause that loops", () => {
    const out = sink();
    const logger = createJsonLogger({ sink: out });
    const thrown = new TypeError('plugin broke');
    logger.error({ err: new FwError('FW_ERR_PLUGIN_FAILED', 'plugin p failed', { cause: thrown }) }, 'failed');
    const looping = new Error('a');
    const other = new Error('b', { cause: looping });
    (looping as { cause?: unknown }).cause = other;
    logger.error({ err: looping }, 'loop');
    const [wrapped, loop] = out.lines.map((l) => JSON.parse(l) as { err: Record<string, any> });
    assert.equal(wrapped!.err.code, 'FW_ERR_PLUGIN_FAILED');
    assert.equal(wrapped!.err.cause.name, 'TypeError');
    assert.equal(wrapped!.err.cause.message, 'plugin broke');
    assert.match(String(wrapped!.err.cause.stack), /TypeError: plugin broke/);
    assert.equal(loop!.err.message, 'a');
    assert.equal(loop!.err.cause.message, 'b');
    assert.equal(loop!.err.cause.cause, '[cause: Error]');
  });
});
