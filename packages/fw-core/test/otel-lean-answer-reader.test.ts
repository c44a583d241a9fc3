/**
 * The OTLP client's HTTP/1.1 answer reader fed exact bytes, whole and one byte at a time: status
 * line, the fields it needs, the body's framing (Content-Length, chunked with extensions and
 * trailers, until close), interim 1xx answers, whether the connection may be reused, and a
 * failed result, never a throw, for every malformed or oversized answer.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ANSWER_BODY_KEPT, ANSWER_BODY_LIMIT, ANSWER_SECTION_LIMIT, HttpAnswerReader, type AnswerProgress } from '../src/otel/lean/otlp-socket-client.ts';

/** Feeds `text` in pieces of `size` bytes, stopping at a failure; an answer must not complete before its last byte. */
function read(text: string, size = Infinity, reader = new HttpAnswerReader()): AnswerProgress {
  const bytes = Buffer.from(text, 'latin1');
  let progress: AnswerProgress = { state: 'partial' };
  for (let at = 0; at < bytes.length && progress.state !== 'failed'; at += size) {
    assert.equal(progress.state, 'partial', `completed before byte ${at}`);
    progress = reader.push(bytes.subarray(at, Math.min(at + size, bytes.length)));
  }
  return progress;
}

function answer(status: number, reusable: boolean, retryAfter?: string): AnswerProgress {
  return { state: 'complete', answer: { status, retryAfter, reusable } };
}

/** An answer that cannot be read: final, as the SDK's exporter does not retry node's parse errors. */
function failed(error: string): AnswerProgress {
  return { state: 'failed', error, final: true };
}

/** A connection closed before its answer: not final, as the SDK's exporter retries a hang-up. */
function closed(error: string): AnswerProgress {
  return { state: 'failed', error };
}

const CHUNKED =
  'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\ncontent-type: application/x-protobuf\r\n\r\n' +
  '5;name=value;flag\r\nhello\r\n' +
  'A ; ext="quoted; still"\r\n0123456789\r\n' +
  '0\r\nx-trailer: ignored\r\nother: too\r\n\r\n';

describe('the OTLP answer reader', () => {
  it('reads a Content-Length answer, its Retry-After, and keeps an HTTP/1.1 connection', () => {
    const text = 'HTTP/1.1 503 Service Unavailable\r\nRetry-After: 7\r\nContent-Length: 4\r\n\r\nbusy';
    assert.deepEqual(read(text), answer(503, true, '7'));
    assert.deepEqual(read(text, 1), answer(503, true, '7'));
  });

  it('reads a chunked answer with chunk extensions and trailers, whole and one byte at a time', () => {
    assert.deepEqual(read(CHUNKED), answer(200, true));
    assert.deepEqual(read(CHUNKED, 1), answer(200, true));
    assert.deepEqual(read(CHUNKED, 3), answer(200, true));
  });

  it('reads an answer without Content-Length or chunked until the connection ends, and never reuses it', () => {
    const reader = new HttpAnswerReader();
    assert.deepEqual(read('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\nsome body', 4, reader), { state: 'partial' });
    assert.deepEqual(reader.push(Buffer.from(' and more')), { state: 'partial' });
    assert.deepEqual(reader.end(), answer(200, false));
  });

  it('reads a transfer coding other than chunked until the connection ends', () => {
    const reader = new HttpAnswerReader();
    assert.deepEqual(read('HTTP/1.1 200 OK\r\ntransfer-encoding: gzip\r\n\r\n\x1f\x8b', Infinity, reader), { state: 'partial' });
    assert.deepEqual(reader.end(), answer(200, false));
  });

  it('skips 100 Continue and 103 Early Hints before the final answer', () => {
    const text = 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nlink: </a>; rel=preload\r\n\r\nHTTP/1.1 429 Too Many Requests\r\nretry-after: 2\r\ncontent-length: 0\r\n\r\n';
    assert.deepEqual(read(text), answer(429, true, '2'));
    assert.deepEqual(read(text, 1), answer(429, true, '2'));
  });

  it('reuses a connection as RFC 9112 §9.3 says: HTTP/1.1 unless close, HTTP/1.0 only with keep-alive', () => {
    assert.deepEqual(read('HTTP/1.1 200 OK\r\nConnection: Keep-Alive, Close\r\ncontent-length: 0\r\n\r\n'), answer(200, false));
    assert.deepEqual(read('HTTP/1.0 200 OK\r\ncontent-length: 0\r\n\r\n'), answer(200, false));
    assert.deepEqual(read('HTTP/1.0 200 OK\r\nconnection: keep-alive\r\ncontent-length: 2\r\n\r\nok'), answer(200, true));
  });

  it('ends 204 and 304 at their head, whatever their fields say', () => {
    assert.deepEqual(read('HTTP/1.1 204 No Content\r\ncontent-length: 10\r\n\r\n'), answer(204, true));
    assert.deepEqual(read('HTTP/1.1 304 Not Modified\r\n\r\n'), answer(304, true));
  });

  it('takes bare LF line ends, a status line without a reason, repeated equal lengths and folded lines', () => {
    assert.deepEqual(read('HTTP/1.1 200\nretry-after: 1\n  0\ncontent-length: 2, 2\ncontent-length: 2\n\nok'), answer(200, true, '1 0'));
    assert.deepEqual(read('HTTP/1.1 200 OK\r\nRETRY-AFTER: first\r\nretry-after: second\r\ncontent-length: 0\r\n\r\n'), answer(200, true, 'first'));
  });

  it('gives up the connection when bytes follow the end of the answer', () => {
    assert.deepEqual(read('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nokHTTP/1.1 200 OK\r\n'), answer(200, false));
  });

  it('fails, without throwing, on every malformed answer', () => {
    const cases: [string, string][] = [
      ['SSH-2.0-OpenSSH_9.6\r\n\r\n', 'the answer does not begin with an HTTP/1.x status line: "SSH-2.0-OpenSSH_9.6"'],
      ['HTTP/2 200\r\n\r\n', 'the answer does not begin with an HTTP/1.x status line: "HTTP/2 200"'],
      ['HTTP/1.1 20 OK\r\n\r\n', 'the answer does not begin with an HTTP/1.x status line: "HTTP/1.1 20 OK"'],
      ['HTTP/1.1 200 OK\r\nno colon here\r\n\r\n', 'the answer has a malformed header line: "no colon here"'],
      ['HTTP/1.1 200 OK\r\nbad name: x\r\n\r\n', 'the answer has a malformed header line: "bad name: x"'],
      ['HTTP/1.1 200 OK\r\n folded first\r\n\r\n', "the answer's first header line is a continuation"],
      ['HTTP/1.1 200 OK\r\ncontent-length: 12a\r\n\r\n', 'the answer has a Content-Length that is not a number: "12a"'],
      ['HTTP/1.1 200 OK\r\ncontent-length: -1\r\n\r\n', 'the answer has a Content-Length that is not a number: "-1"'],
      ['HTTP/1.1 200 OK\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\n', 'the answer has conflicting Content-Length values'],
      ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\ncontent-length: 3\r\n\r\n', 'the answer has both Transfer-Encoding and Content-Length'],
      ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked, gzip\r\n\r\n', 'the answer has chunked before another transfer coding'],
      ['HTTP/1.1 200 OK\r\ntransfer-encoding: gzip,,chunked\r\n\r\n', 'the answer has an empty transfer coding'],
      ['HTTP/1.0 200 OK\r\ntransfer-encoding: chunked\r\n\r\n', 'the HTTP/1.0 answer has a Transfer-Encoding'],
      ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n', 'the answer has a malformed chunk size: "zz"'],
      ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n-5\r\n', 'the answer has a malformed chunk size: "-5"'],
      ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n1000000000000\r\n', 'the answer has a chunk larger than 2^48 bytes'],
      ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\nabc\r\n', 'a chunk is longer than its size says'],
      ['HTTP/1.1 101 Switching Protocols\r\nupgrade: h2c\r\n\r\n', 'the collector switched protocols (101)'],
    ];
    for (const [text, error] of cases) {
      assert.deepEqual(read(text), failed(error), JSON.stringify(text));
      assert.deepEqual(read(text, 1), failed(error), `${JSON.stringify(text)} one byte at a time`);
    }
  });

  it('fails on a head, a chunk-size line or a trailer section over 16 KiB, even without a line end', () => {
    const big = 'x'.repeat(ANSWER_SECTION_LIMIT);
    assert.deepEqual(read(`HTTP/1.1 200 OK\r\nx-big: ${big}\r\n\r\n`), failed("the answer's head is over 16384 bytes"));
    assert.deepEqual(read(`HTTP/1.1 200 OK\r\nx-big: ${big}`, 1000), failed("the answer's head is over 16384 bytes"));
    assert.deepEqual(read(`HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5;${big}`), failed('a chunk-size line is over 16384 bytes'));
    const trailers = 'x-t: ' + 'y'.repeat(1000) + '\r\n';
    assert.deepEqual(read(`HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n0\r\n${trailers.repeat(17)}`), failed('the trailer section is over 16384 bytes'));
  });

  it('takes a head of exactly 16 KiB, and counts each interim answer on its own', () => {
    const start = 'HTTP/1.1 200 OK\r\ncontent-length: 0\r\nx-pad: \r\n\r\n';
    const exact = start.replace('x-pad: ', `x-pad: ${'p'.repeat(ANSWER_SECTION_LIMIT - start.length)}`);
    assert.equal(exact.length, ANSWER_SECTION_LIMIT);
    assert.deepEqual(read(exact), answer(200, true));
    assert.deepEqual(read(exact.replace('x-pad: ', 'x-pad: p')), failed("the answer's head is over 16384 bytes"));
    const interim = `HTTP/1.1 103 Early Hints\r\nx-pad: ${'p'.repeat(10_000)}\r\n\r\n`;
    assert.deepEqual(read(interim + interim + 'HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n'), answer(200, true));
  });

  it('takes a body of exactly ANSWER_BODY_LIMIT (4 MiB, the SDK\'s) in every framing, keeping its first ANSWER_BODY_KEPT bytes, and fails one byte over it for good', () => {
    const body = 'k'.repeat(ANSWER_BODY_KEPT) + 'b'.repeat(ANSWER_BODY_LIMIT - ANSWER_BODY_KEPT);
    const tooLong = (why: string): AnswerProgress => ({ state: 'failed', error: `the answer's body is over ${ANSWER_BODY_LIMIT} bytes: ${why}`, final: true });
    const kept = (reader: HttpAnswerReader): void => assert.ok(reader.body.equals(Buffer.from(body.slice(0, ANSWER_BODY_KEPT))), `kept ${reader.body.length} bytes`);
    const whole = new HttpAnswerReader();
    assert.deepEqual(read(`HTTP/1.1 200 OK\r\ncontent-length: ${ANSWER_BODY_LIMIT}\r\n\r\n${body}`, 1000, whole), answer(200, true));
    kept(whole);
    assert.deepEqual(read(`HTTP/1.1 200 OK\r\ncontent-length: ${ANSWER_BODY_LIMIT + 1}\r\n\r\n`), tooLong(`its Content-Length is ${ANSWER_BODY_LIMIT + 1}`));
    const chunked = `HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n${body.match(/[^]{1,32768}/g)!.map((piece) => `8000\r\n${piece}\r\n`).join('')}`;
    const inChunks = new HttpAnswerReader();
    assert.deepEqual(read(`${chunked}0\r\n\r\n`, 1000, inChunks), answer(200, true));
    kept(inChunks);
    assert.deepEqual(read(`${chunked}1\r\nb\r\n0\r\n\r\n`), tooLong(`a chunk of 1 bytes follows ${ANSWER_BODY_LIMIT}`));
    const untilClose = new HttpAnswerReader();
    assert.deepEqual(read(`HTTP/1.1 200 OK\r\n\r\n${body}`, 1000, untilClose), { state: 'partial' });
    assert.deepEqual(untilClose.end(), answer(200, false));
    kept(untilClose);
    assert.deepEqual(read(`HTTP/1.1 200 OK\r\n\r\n${body}b`, 1000), tooLong('it went on past them'));
  });

  it('fails when the connection ends before the answer\'s head does, saying whether any of it came', () => {
    assert.deepEqual(new HttpAnswerReader().end(), closed('the collector closed the connection without answering'));
    for (const text of ['HTTP/1.1 200 OK\r\n', 'HTTP/1.1 503 Service Unavailable\r\nretry-after: 1\r\ncontent-le']) {
      const reader = new HttpAnswerReader();
      read(text, Infinity, reader);
      assert.equal(reader.started, true);
      assert.deepEqual(reader.end(), closed('the collector closed the connection before its answer ended'), JSON.stringify(text));
    }
  });

  it('completes an answer whose body the connection cuts short with its status (as the SDK\'s exporter reads it), never reused', () => {
    for (const [text, expected] of [
      ['HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nabc', answer(200, false)],
      [CHUNKED.slice(0, -2), answer(200, false)],
      ['HTTP/1.1 503 Service Unavailable\r\nretry-after: 1\r\ncontent-length: 5\r\n\r\n', answer(503, false, '1')],
    ] as const) {
      const reader = new HttpAnswerReader();
      read(text, Infinity, reader);
      assert.deepEqual(reader.end(), expected, JSON.stringify(text));
    }
  });
});
