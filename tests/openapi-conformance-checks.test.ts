/**
 * The checks of tests/support/openapi-conformance.ts catch each way an answer can lie about a
 * document, with exact messages, and the requests it draws are what the document says: the
 * conformance tests of the blog and the guide's app pass only because their answers are true.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from './e2e/support/seeded-random.ts';
import { conformanceCases, DocumentSchemas, invalidRequests, mismatches, undocumentedRequests, validRequest, type ConformanceAnswer, type ConformanceCase } from './support/openapi-conformance.ts';

const item = { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, name: { type: 'string', maxLength: 3 } } };
const DOCUMENT = {
  openapi: '3.0.3',
  paths: {
    '/items/{id}': {
      get: {
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
          { name: 'tag', in: 'query', required: true, schema: { type: 'string', enum: ['a', 'b'] } },
        ],
        responses: {
          200: { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/item' } } }, headers: { 'X-Req': { required: true, schema: { type: 'string' } } } },
          204: { description: 'No Content' },
        },
      },
      put: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/item' } } } },
        security: [{ bearerAuth: [] }],
        responses: { 200: { description: 'OK' }, '4XX': { description: 'refused', content: { 'application/json': { schema: { type: 'object', required: ['error'] } } } } },
      },
    },
  },
  components: { schemas: { item }, securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
};

const schemas = new DocumentSchemas(DOCUMENT);
const get = { path: '/items/{id}', method: 'get', spec: DOCUMENT.paths['/items/{id}'].get };
const request = { method: 'GET', url: '/items/1?tag=a', headers: {} };
const valid: ConformanceCase = { kind: 'valid', request, operation: get, invalid: false };
const json = { 'content-type': 'application/json; charset=utf-8' };
const answer = (status: number, headers: Record<string, string>, body: string): ConformanceAnswer => ({ status, headers, body });

describe('the conformance checks', () => {
  it('pass a true answer, and name each lie: status, content type, body, required header, a refused valid or accepted invalid request', () => {
    assert.deepEqual(mismatches(schemas, valid, answer(200, { ...json, 'x-req': '1' }, '{"id": 1}')), []);
    assert.deepEqual(mismatches(schemas, valid, answer(204, {}, '')), []);
    assert.deepEqual(mismatches(schemas, valid, answer(500, json, '{"error": "internal server error"}')), ['status 500 is not declared (declared: 200, 204)']);
    assert.deepEqual(mismatches(schemas, valid, answer(200, { 'content-type': 'text/html', 'x-req': '1' }, '<p>')), ['status 200 content-type text/html is not declared (declared: application/json)']);
    assert.deepEqual(mismatches(schemas, valid, answer(204, json, '{}')), ['status 204 declares no content, got application/json: {}']);
    const [missingId] = mismatches(schemas, valid, answer(200, { ...json, 'x-req': '1' }, '{"name": "x"}'));
    assert.match(missingId!, /^status 200 body \{"name": "x"\} fails its schema: .*"missingProperty":"id"/);
    assert.deepEqual(mismatches(schemas, valid, answer(200, json, '{"id": 1}')), ['status 200 lacks its required header X-Req']);
    assert.deepEqual(mismatches(schemas, valid, answer(400, json, '{"error": "bad tag"}')), ['a valid request was refused with 400: {"error": "bad tag"}', 'status 400 is not declared (declared: 200, 204)']);
    assert.deepEqual(mismatches(schemas, { ...valid, kind: 'missing query tag', invalid: true }, answer(200, { ...json, 'x-req': '1' }, '{"id": 1}')), [
      'an invalid request (missing query tag) was accepted with 200',
    ]);
  });

  it('takes a status range for its statuses, and checks the answers no operation describes', () => {
    const put = { path: '/items/{id}', method: 'put', spec: DOCUMENT.paths['/items/{id}'].put };
    const refused: ConformanceCase = { kind: 'credential missing', request: { method: 'PUT', url: '/items/1', headers: {} }, operation: put, invalid: true };
    assert.deepEqual(mismatches(schemas, refused, answer(401, json, '{"error": "unauthorized"}')), []);
    assert.match(mismatches(schemas, refused, answer(401, json, '{}'))[0]!, /^status 401 body \{\} fails its schema/);
    const method = (allow?: string): [ConformanceCase, ConformanceAnswer] => [
      { kind: 'undocumented method POST /items/{id}', request: { method: 'POST', url: '/items/1', headers: {} }, invalid: true },
      answer(405, { ...json, ...(allow !== undefined && { allow }) }, '{"error": "method not allowed"}'),
    ];
    assert.deepEqual(mismatches(schemas, ...method('GET, HEAD, PUT')), []);
    assert.deepEqual(mismatches(schemas, ...method('GET, HEAD')), ['405 allow: GET, HEAD, the document lists get, put']);
    assert.deepEqual(mismatches(schemas, ...method()), ['405 without allow']);
    const unknown: ConformanceCase = { kind: 'unknown path', request: { method: 'GET', url: '/nothing', headers: {} }, invalid: true };
    assert.deepEqual(mismatches(schemas, unknown, answer(404, json, '{"error": "not found"}')), []);
    assert.deepEqual(mismatches(schemas, unknown, answer(500, json, '{}')), ['answered 500, not 404']);
  });

  it('draws valid requests the document accepts, and invalid ones that each break one rule', () => {
    const random = seededRandom(7);
    const credentials = { bearerAuth: { authorization: 'Bearer t' } };
    for (let i = 0; i < 20; i += 1) {
      const read = validRequest(schemas, '/items/{id}', 'get', random, {})!;
      assert.match(read.url, /^\/items\/[1-9][0-9]*\?tag=[ab]$/);
      const write = validRequest(schemas, '/items/{id}', 'put', random, { credentials })!;
      assert.equal(write.headers.authorization, 'Bearer t');
      assert.equal(schemas.validator(item)(JSON.parse(write.body!)), true, write.body);
    }
    const write = validRequest(schemas, '/items/{id}', 'put', random, { credentials })!;
    const kinds = invalidRequests(schemas, '/items/{id}', 'put', write, { credentials }).map((bad) => bad.kind);
    for (const kind of ['invalid path id="-1"', 'invalid path id="0"', 'invalid body id="text"', 'invalid body name="text"', 'missing body id', 'malformed JSON body', 'content-type text/plain', 'credential missing', 'credential wrong']) {
      assert.ok(kinds.includes(kind), `${kind} is not among ${kinds.join('; ')}`);
    }
  });

  it("reads 3.0's boolean exclusive bounds, and leaves a method to the path template that has it", () => {
    const document = {
      openapi: '3.0.3',
      paths: {
        '/items/search': { get: { responses: { 200: { description: 'OK' } } } },
        '/items/{id}': { put: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 0, exclusiveMinimum: true } }], responses: { 204: { description: 'No Content' } } } },
      },
    };
    const own = new DocumentSchemas(document);
    const id = document.paths['/items/{id}'].put.parameters[0]!.schema;
    assert.deepEqual([own.validator(id)(0), own.validator(id)(1)], [false, true]);
    const methods = undocumentedRequests(document, seededRandom(1)).map((fuzz) => fuzz.kind);
    assert.ok(methods.includes('undocumented method POST /items/search') && !methods.includes('undocumented method PUT /items/search'), methods.join('; '));
    const post: ConformanceCase = { kind: 'undocumented method POST /items/search', request: { method: 'POST', url: '/items/search', headers: {} }, invalid: true };
    assert.deepEqual(mismatches(own, post, answer(405, { allow: 'GET, HEAD, PUT' }, '')), []);
    assert.deepEqual(mismatches(own, post, answer(405, { allow: 'GET, HEAD' }, '')), ['405 allow: GET, HEAD, the document lists get, put']);
  });

  it("sends an operation of a host group to its host, and drives every method a path lists (OPTIONS, HEAD)", () => {
    const document = {
      openapi: '3.0.3',
      paths: { '/jobs': { options: { 'x-fw-host': '*.example.com', responses: { 204: { description: 'No Content' } } }, head: { responses: { 200: { description: 'OK' } } } } },
    };
    const own = new DocumentSchemas(document);
    assert.deepEqual(validRequest(own, '/jobs', 'options', seededRandom(1), {}), { method: 'OPTIONS', url: '/jobs', headers: { host: 'a.example.com' } });
    const driven = conformanceCases(own, seededRandom(1), 1, {}).filter((fuzz) => fuzz.operation !== undefined).map((fuzz) => fuzz.request.method);
    assert.deepEqual(driven.sort(), ['HEAD', 'OPTIONS']);
  });
});
