import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MAX_JSON_DEPTH } from '../src/http/read-body.ts';
import { fwRequestPlugin } from '../src/plugins/request-plugin.ts';
import { injectPlugin, type InjectedPlugin } from './support/plugin-harness.ts';

describe('fw_request_plugin answers bad JSON bodies with 400 and stops', () => {
  let plugin: InjectedPlugin;
  before(async () => {
    plugin = await injectPlugin(fwRequestPlugin, { decode_json_body: true });
  });

  async function post(body: string | Uint8Array) {
    const res = await plugin.fetch('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    const outcome = await plugin.nextOutcome();
    return { status: res.status, contentType: res.headers.get('content-type'), json: await res.json(), outcome: outcome.kind };
  }

  async function assertRejected(body: string | Uint8Array, error: string) {
    const res = await post(body);
    assert.deepEqual(res, { status: 400, contentType: 'application/json; charset=utf-8', json: { error }, outcome: 'stop' });
  }

  async function assertDecoded(body: string | Uint8Array, expected: unknown) {
    const res = await post(body);
    assert.deepEqual(res, {
      status: 200,
      contentType: 'application/json; charset=utf-8',
      json: expected === undefined ? {} : { body: expected },
      outcome: 'ok',
    });
  }

  it('rejects malformed JSON', async () => {
    await assertRejected('{"title":', 'malformed JSON body');
    await assertRejected("{'title':'single quotes'}", 'malformed JSON body');
    await assertRejected('{"a":1}{"b":2}', 'malformed JSON body');
    await assertRejected('undefined', 'malformed JSON body');
  });

  it('rejects bytes that are not UTF-8 as malformed', async () => {
    await assertRejected(Uint8Array.of(0x22, 0xff, 0xfe, 0x22), 'malformed JSON body');
  });

  it('treats an empty body as no body and continues', async () => {
    await assertDecoded('', undefined);
  });

  it('treats a whitespace-only body as no body and continues', async () => {
    await assertDecoded(' \t\r\n  ', undefined);
  });

  it('decodes JSON scalars, null included', async () => {
    await assertDecoded('null', null);
    await assertDecoded(' 42 ', 42);
    await assertDecoded('"text"', 'text');
  });

  it('ignores a leading byte order mark', async () => {
    await assertDecoded(Uint8Array.from(Buffer.from('\uFEFF{"a":1}')), { a: 1 });
  });

  it('rejects __proto__ at the top level', async () => {
    await assertRejected('{"__proto__":{"isAdmin":true}}', 'forbidden key in JSON body: __proto__');
    await assertRejected('{"a":1,"__proto__":null}', 'forbidden key in JSON body: __proto__');
  });

  it('rejects __proto__ nested in objects and arrays', async () => {
    await assertRejected('{"a":{"b":[1,{"c":{"__proto__":{"x":1}}}]}}', 'forbidden key in JSON body: __proto__');
    await assertRejected('[[{"__proto__":1}]]', 'forbidden key in JSON body: __proto__');
  });

  it('rejects an escaped __proto__ key, which JSON.parse unescapes', async () => {
    await assertRejected('{"\\u005f_proto__":{}}', 'forbidden key in JSON body: __proto__');
  });

  it('rejects constructor.prototype at the top level and nested', async () => {
    await assertRejected('{"constructor":{"prototype":{"isAdmin":true}}}', 'forbidden key in JSON body: constructor.prototype');
    await assertRejected('{"a":[{"constructor":{"prototype":null}}]}', 'forbidden key in JSON body: constructor.prototype');
  });

  it('rejects an escaped prototype key under constructor, which JSON.parse unescapes', async () => {
    await assertRejected('{"constructor":{"\\u0070rototype":{}}}', 'forbidden key in JSON body: constructor.prototype');
  });

  it('accepts constructor and __proto__ where they cannot poison', async () => {
    await assertDecoded('{"constructor":"Car"}', { constructor: 'Car' });
    await assertDecoded('{"constructor":{"name":"Car"}}', { constructor: { name: 'Car' } });
    await assertDecoded('{"constructor":["prototype"]}', { constructor: ['prototype'] });
    await assertDecoded('{"note":"__proto__","prototype":1}', { note: '__proto__', prototype: 1 });
  });

  it('rejects a 100,000-deep array without crashing', async () => {
    await assertRejected('['.repeat(100_000) + ']'.repeat(100_000), 'JSON body nested too deeply');
  });

  it('rejects a 100,000-deep unclosed array as malformed', async () => {
    await assertRejected('['.repeat(100_000), 'malformed JSON body');
  });

  it('rejects deeply nested objects', async () => {
    const depth = 100_000;
    await assertRejected('{"a":'.repeat(depth) + '1' + '}'.repeat(depth), 'JSON body nested too deeply');
  });

  it(`accepts nesting up to ${MAX_JSON_DEPTH} levels and rejects one more`, async () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    let expected: unknown = [];
    for (let level = 1; level < MAX_JSON_DEPTH; level++) expected = [expected];
    await assertDecoded(nested(MAX_JSON_DEPTH), expected);
    await assertRejected(nested(MAX_JSON_DEPTH + 1), 'JSON body nested too deeply');
  });

  it('keeps serving after bad bodies', async () => {
    await assertDecoded('{"still":"up"}', { still: 'up' });
  });
});
