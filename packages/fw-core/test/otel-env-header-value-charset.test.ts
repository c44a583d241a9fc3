/**
 * A header value that percent-decodes to characters past Latin-1 (`x-city=%E6%9D%B1%E4%BA%AC`,
 * 東京) cannot go on an HTTP/1.1 header line, and OTEL_EXPORTER_OTLP_HEADERS refuses it at start,
 * as it refuses control characters (node's http client, which the SDK's exporter posts with,
 * throws ERR_INVALID_CHAR on it). The refusal said the values must be "without control characters", which
 * this one is: it now names the character range. The value itself is still never shown.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readEnvConfig } from '../src/otel/env-config.ts';

describe('OTEL_EXPORTER_OTLP_HEADERS with a value past Latin-1', () => {
  it('is refused at start with FW_ERR_OTEL_BAD_ENV naming the range, not the value', () => {
    assert.throws(() => readEnvConfig({ OTEL_EXPORTER_OTLP_HEADERS: 'x-city=%E6%9D%B1%E4%BA%AC,x-ok=%C3%A9' }), (error: { code?: string; message: string }) => {
      assert.equal(error.code, 'FW_ERR_OTEL_BAD_ENV');
      assert.equal(error.message, 'OTEL_EXPORTER_OTLP_HEADERS="x-city=…,x-ok=…" is not valid: expected header names that are HTTP tokens and values of Latin-1 characters (up to U+00FF) but control characters, after percent-decoding');
      return true;
    });
  });

  it('takes a Latin-1 value (é), which node sends as one byte too', () => {
    assert.deepEqual(readEnvConfig({ OTEL_EXPORTER_OTLP_HEADERS: 'x-ok=%C3%A9' }).tracesHeaders, { 'x-ok': 'é' });
  });
});
