/**
 * docs/errors.md's codes that no other test names are raised as its table says: each JSON body
 * refusal is the FwError fw's body decoder throws (code, status, exposed) and the client hears its
 * status and message; a non-UTF-8 charset is a 415; a group's security that is neither false nor
 * a function stops the start; a security callback's bad result reaches onError as its code.
 * Beside it, every registry code is raised somewhere in fw-core's sources (none documented idly).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createListener, defineApp, inject, isFwError, json, type FwListener, type Logger, type RouteGroup } from '../packages/fw-core/src/index.ts';
import { errorCodes } from '../packages/fw-core/src/errors.ts';
import { parseJsonBody } from '../packages/fw-core/src/http/read-body.ts';

const silent: Logger = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} };
const decoder = [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] as const;
const echo: RouteGroup = { prefix: '', security: false, routes: [{ path: '/echo', handler: (req) => json({ body: req.body }), options: { methods: ['post'] } }] };

let fw: FwListener;
const caught: unknown[] = [];
before(async () => {
  const app = defineApp({
    name: 'codes',
    router: {
      name: 'codes_router',
      routes: () => [echo, { prefix: '/guarded', security: () => 'yes' as never, routes: [{ path: '/x', handler: () => json({}) }] }],
    },
    onError: (error) => {
      caught.push(error);
      return undefined;
    },
  });
  fw = await createListener({ app, config: { plugins: decoder }, env: {}, logger: silent });
});
after(() => fw?.close());

const post = (body: string, contentType = 'application/json') => inject(fw, { method: 'POST', url: '/echo', body, headers: { 'content-type': contentType } });

describe("docs/errors.md's body codes", () => {
  for (const [code, label, bytes] of [
    ['FW_ERR_BODY_MALFORMED_JSON', 'cut short', Buffer.from('{"title":')],
    ['FW_ERR_BODY_MALFORMED_JSON', 'not UTF-8', Buffer.from([0x22, 0xff, 0x22])],
    ['FW_ERR_BODY_FORBIDDEN_KEY', 'a nested __proto__', Buffer.from('{"a":{"__proto__":{"admin":true}}}')],
    ['FW_ERR_BODY_FORBIDDEN_KEY', 'constructor.prototype', Buffer.from('{"constructor":{"prototype":{"admin":true}}}')],
    ['FW_ERR_BODY_TOO_DEEP', '1001 levels', Buffer.from('['.repeat(1001) + ']'.repeat(1001))],
  ] as const) {
    it(`${code}: ${label} is refused 400 with the error's message`, async () => {
      let thrown: unknown;
      try {
        parseJsonBody(bytes, JSON);
      } catch (error) {
        thrown = error;
      }
      assert.ok(isFwError(thrown, code), `parseJsonBody throws ${code}`);
      assert.equal(thrown.status, 400);
      assert.equal(thrown.expose, true);
      const answer = await inject(fw, { method: 'POST', url: '/echo', body: bytes, headers: { 'content-type': 'application/json' } });
      assert.equal(answer.status, 400);
      assert.deepEqual(answer.json(), { error: thrown.message });
    });
  }

  it('accepts a body nested exactly as deep as fw allows', async () => {
    assert.equal((await post('['.repeat(1000) + ']'.repeat(1000))).status, 200);
  });

  it('FW_ERR_UNSUPPORTED_CHARSET: a JSON body in another charset than utf-8 is a 415', async () => {
    const answer = await post('{}', 'application/json; charset=iso-8859-1');
    assert.equal(answer.status, 415);
    assert.deepEqual(answer.json(), { error: 'unsupported charset: only utf-8 is accepted' });
    assert.equal((await post('{}', 'application/json; charset=UTF-8')).status, 200);
  });
});

describe("docs/errors.md's security codes", () => {
  it("FW_ERR_SECURITY_BAD_RESULT: a callback's result that is no SecurityResult is a 500 that onError receives", async () => {
    caught.length = 0;
    const answer = await inject(fw, '/guarded/x');
    assert.equal(answer.status, 500);
    assert.deepEqual(answer.json(), { error: 'internal server error' });
    assert.equal(caught.length, 1);
    assert.ok(isFwError(caught[0], 'FW_ERR_SECURITY_BAD_RESULT'));
  });

  for (const security of [true, 'yes', undefined]) {
    it(`FW_ERR_GROUP_BAD_SECURITY: security ${String(security)} stops the start`, async () => {
      const app = defineApp({ name: 'a', router: { name: 'r', routes: () => [{ ...echo, security: security as never }] } });
      await assert.rejects(createListener({ app, config: {}, env: {}, logger: silent }), (error) => isFwError(error, 'FW_ERR_GROUP_BAD_SECURITY') && error.status === undefined);
    });
  }
});

describe("docs/errors.md's registry", () => {
  it('has no code that fw-core never raises', () => {
    const root = join(import.meta.dirname, '..', 'packages', 'fw-core', 'src');
    const sources = (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && file !== 'errors.ts')
      .map((file) => readFileSync(join(root, file), 'utf8'))
      .join('\n');
    // httpError, in errors.ts itself, is FW_ERR_HTTP's one source.
    const idle = Object.keys(errorCodes).filter((code) => code !== 'FW_ERR_HTTP' && !sources.includes(`'${code}'`));
    assert.deepEqual(idle, []);
  });
});

describe("docs/errors.md's route codes", () => {
  it('FW_ERR_ROUTE_BAD_HANDLER: a route key other than path, handler (directory, file) and options stops the start', async () => {
    const table = readFileSync(join(import.meta.dirname, '..', 'docs', 'errors.md'), 'utf8');
    assert.match(table, /^\| `FW_ERR_ROUTE_BAD_HANDLER` \| — \| .*a key other than `path`, `handler`/m);
    const route = { path: '/a', handler: () => json({}), option: { methods: ['get'] } };
    const app = defineApp({ name: 'a', router: { name: 'r', routes: () => [{ prefix: '', security: false, routes: [route as never] }] } });
    await assert.rejects(createListener({ app, config: {}, env: {}, logger: silent }), (error) => isFwError(error, 'FW_ERR_ROUTE_BAD_HANDLER') && /unknown key option \(did you mean options\?\)/.test(error.message));
  });
});
