import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fwRequestPlugin } from '../src/plugins/request-plugin.ts';
import { injectPlugin, type InjectedPlugin } from './support/plugin-harness.ts';

describe('fw_request_plugin decodes JSON only for JSON content types', () => {
  let plugin: InjectedPlugin;
  before(async () => {
    plugin = await injectPlugin(fwRequestPlugin, { decode_json_body: true });
  });

  async function post(contentType: string | undefined, body: string, headers: Record<string, string> = {}) {
    const res = await plugin.fetch('/', {
      method: 'POST',
      headers: contentType === undefined ? headers : { 'content-type': contentType, ...headers },
      body,
    });
    return { status: res.status, headers: res.headers, json: await res.json() };
  }

  const decoded = [
    'application/json',
    'Application/JSON; charset=utf-8',
    'application/json;charset=UTF-8',
    'application/json; charset="utf-8"',
    'application/json; charset=utf8',
    'application/problem+json',
    'application/vnd.api+json; charset=UTF-8',
    'APPLICATION/LD+JSON',
  ];
  for (const contentType of decoded) {
    it(`decodes the body for ${contentType}`, async () => {
      const res = await post(contentType, '{"title":"hello","tags":["a","b"],"n":1.5}');
      assert.equal(res.status, 200);
      assert.deepEqual(res.json, { body: { title: 'hello', tags: ['a', 'b'], n: 1.5 } });
      assert.equal((await plugin.nextOutcome()).kind, 'ok');
    });
  }

  const leftAlone = [
    'text/plain; content-type="application/json"',
    'application/jsonx',
    'application/json-patch',
    'text/json-ish',
    'constructor',
    '__proto__',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/plain',
    '',
  ];
  for (const contentType of leftAlone) {
    it(`leaves the body alone for content type ${JSON.stringify(contentType)}`, async () => {
      const res = await post(contentType, '{"title":"hello"}');
      assert.equal(res.status, 200);
      assert.deepEqual(res.json, {});
      assert.equal((await plugin.nextOutcome()).kind, 'ok');
    });
  }

  it('leaves the body alone without a content type', async () => {
    const res = await plugin.fetch('/', { method: 'POST', body: new Uint8Array(Buffer.from('{"a":1}')) });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {});
    assert.equal((await plugin.nextOutcome()).kind, 'ok');
  });

  it('answers 415 for a charset other than utf-8 and stops', async () => {
    const res = await post('application/json; charset=latin1', '{"a":1}');
    assert.equal(res.status, 415);
    assert.deepEqual(res.json, { error: 'unsupported charset: only utf-8 is accepted' });
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(res.headers.get('x-request-id'), 'test-id');
    assert.equal(res.headers.get('accept-encoding'), null, 'a charset is no content coding');
    assert.equal((await plugin.nextOutcome()).kind, 'stop');
  });

  it('answers 415 with Accept-Encoding: identity for a gzip or deflate content-encoding and stops', async () => {
    for (const encoding of ['gzip', 'Deflate', 'identity, gzip']) {
      const res = await post('application/json', '{"a":1}', { 'content-encoding': encoding });
      assert.equal(res.status, 415);
      assert.deepEqual(res.json, { error: 'unsupported content-encoding' });
      // RFC 9110 §15.5.16: the codings the request could have used (§12.5.3).
      assert.equal(res.headers.get('accept-encoding'), 'identity');
      assert.equal((await plugin.nextOutcome()).kind, 'stop');
    }
  });

  it('accepts an identity content-encoding', async () => {
    const res = await post('application/json', '{"a":1}', { 'content-encoding': 'identity' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { body: { a: 1 } });
    assert.equal((await plugin.nextOutcome()).kind, 'ok');
  });

  it('decodes PUT and PATCH bodies as well as POST', async () => {
    for (const method of ['PUT', 'PATCH']) {
      const res = await plugin.fetch('/', { method, headers: { 'content-type': 'application/json' }, body: '[1,2]' });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { body: [1, 2] });
      assert.equal((await plugin.nextOutcome()).kind, 'ok');
    }
  });
});

describe('fw_request_plugin without decode_json_body', () => {
  it('leaves JSON bodies alone', async () => {
    const plugin = await injectPlugin(fwRequestPlugin, { read_urlencoded_body: true });
    const res = await plugin.fetch('/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {});
  });

  it('leaves JSON bodies alone with no options at all', async () => {
    const plugin = await injectPlugin(fwRequestPlugin, {});
    const res = await plugin.fetch('/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {});
  });
});
