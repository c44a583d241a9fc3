/**
 * `fw openapi`: the OpenAPI 3.0.3 document of every route and priv/schemas schema, validated
 * before anything is written, and swagger.html beside it (Swagger UI from a CDN, or `--offline`
 * from fw-cli's vendored copy of swagger-ui-dist); one printed line per file. The fixture shop
 * app's document is compared whole with test/expected/shop-openapi.json; the blog's passes the
 * maintained OpenAPI validator here, independently of fw's own check, and is served at
 * /docs/swagger.html.
 * Every failure names the file or route, exits 1 and writes nothing.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { SWAGGER_VENDOR_DIR } from '../src/openapi/swagger-assets.ts';
import { SWAGGER_CDN } from '../src/openapi/swagger-page.ts';
import { assertSucceeded, BLOG_DIR, cleanEnv, EXPECTED, FIXTURES, lines, runFw } from './support/run-fw.ts';
import { startApp } from './support/start-app.ts';
import { copyApp, copyBlog, osTempDir, removeTempDirs, repoTempDir } from './support/temp-app.ts';

const SHOP = join(FIXTURES, 'schemas-app');
/** `4XX` of an operation that answers no 4xx of its own. */
const NODE_4XX = "Answered by Node's http server before fw sees the request, without a body: 400 for a malformed request, 408 when its head comes too slowly, 431 when its head is over max_header_size";

/** A copy of the shop fixture in the OS temp dir, with `files` written over it. */
async function shopCopy(files: Readonly<Record<string, string>> = {}): Promise<string> {
  const dir = await copyApp(SHOP, await osTempDir(), ['app.mjs', 'fw.config.json', 'package.json', 'priv']);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

after(removeTempDirs);

describe('fw openapi on the shop fixture', { concurrency: true }, () => {
  it('writes the whole expected document and the CDN page, one line per file', async () => {
    const out = await osTempDir();
    const run = await runFw(['openapi', '--output', join(out, 'docs', 'openapi.json'), '--title', 'Shop', '--api-version', '2.0.0'], { cwd: SHOP });
    assertSucceeded(run);
    assert.equal(run.stdout, lines(`OpenAPI spec written to ${join(out, 'docs', 'openapi.json')}`, `Swagger UI written to ${join(out, 'docs', 'swagger.html')}`));
    assert.deepEqual(await readdir(join(out, 'docs')), ['openapi.json', 'swagger.html']);
    assert.equal(await readFile(join(out, 'docs', 'openapi.json'), 'utf8'), await readFile(join(EXPECTED, 'shop-openapi.json'), 'utf8'));
    assert.equal(await readFile(join(out, 'docs', 'swagger.html'), 'utf8'), await readFile(join(EXPECTED, 'shop-swagger.html'), 'utf8'));
  });

  it('defaults: openapi.json in the cwd, title = the application name, version 0.1.0; paths print relative', async () => {
    const dir = await shopCopy();
    const run = await runFw(['openapi'], { cwd: dir });
    assert.equal(run.code, 0);
    assert.equal(run.stdout, lines('OpenAPI spec written to openapi.json', 'Swagger UI written to swagger.html'));
    const document = JSON.parse(await readFile(join(dir, 'openapi.json'), 'utf8'));
    assert.deepEqual(document.info, { title: 'shop', version: '0.1.0' });
    assert.match(await readFile(join(dir, 'swagger.html'), 'utf8'), /<title>shop API reference<\/title>/);
  });

  it("info.license: package.json's SPDX id with its spdx.org URL; an expression, UNLICENSED or SEE LICENSE IN a name alone; none without one (above)", async () => {
    const pkg = JSON.parse(await readFile(join(SHOP, 'package.json'), 'utf8'));
    const licenses = { 'GPL-3.0-or-later': 'https://spdx.org/licenses/GPL-3.0-or-later.html', '(MIT OR Apache-2.0)': undefined, UNLICENSED: undefined, 'SEE LICENSE IN LICENSE.txt': undefined };
    for (const [license, url] of Object.entries(licenses)) {
      const dir = await shopCopy({ 'package.json': JSON.stringify({ ...pkg, license, description: 'Widgets for sale' }) });
      assertSucceeded(await runFw(['openapi'], { cwd: dir }));
      const { info } = JSON.parse(await readFile(join(dir, 'openapi.json'), 'utf8'));
      assert.deepEqual(info, { title: 'shop', version: '0.1.0', description: 'Widgets for sale', license: url === undefined ? { name: license } : { name: license, url } });
    }
  });

  it('--offline copies swagger-ui.css and swagger-ui-bundle.js beside a page that loads them locally', async () => {
    const dir = await shopCopy();
    const run = await runFw(['openapi', '--offline', '-o', 'api/spec.json'], { cwd: dir });
    assertSucceeded(run);
    assert.equal(
      run.stdout,
      lines(
        'OpenAPI spec written to api/spec.json',
        'Swagger UI written to api/swagger.html',
        'Swagger UI asset written to api/swagger-ui.css',
        'Swagger UI asset written to api/swagger-ui-bundle.js',
      ),
    );
    const page = await readFile(join(dir, 'api', 'swagger.html'), 'utf8');
    const expected = (await readFile(join(EXPECTED, 'shop-swagger.html'), 'utf8'))
      .replaceAll(SWAGGER_CDN, '')
      .replaceAll(/ integrity="[^"]+" crossorigin="anonymous"/g, '')
      .replace("url: 'openapi.json'", "url: 'spec.json'")
      .replace('Shop API', 'shop API');
    assert.equal(page, expected);
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
      assert.ok((await readFile(join(dir, 'api', asset))).equals(await readFile(join(SWAGGER_VENDOR_DIR, asset))), `${asset} is the vendored swagger-ui-dist's`);
    }
  });

  it("swagger.html loads a document whose file name has '#', '?', '%' or a space: the name percent-encoded in its url", async () => {
    const dir = await shopCopy();
    assertSucceeded(await runFw(['openapi', '-o', 'api/v1#draft? 100%.json'], { cwd: dir }));
    const url = /url: '([^']*)'/.exec(await readFile(join(dir, 'api', 'swagger.html'), 'utf8'))?.[1];
    assert.equal(url, 'v1%23draft%3F%20100%25.json');
    const fetched = new URL(url!, 'http://docs.example/api/swagger.html');
    assert.equal(decodeURIComponent(fetched.pathname), '/api/v1#draft? 100%.json', 'the page fetches the file written');
  });

  it('--no-ui writes the document (and --types) without swagger.html, and refuses --offline beside it', async () => {
    const dir = await shopCopy();
    const run = await runFw(['openapi', '--no-ui', '-o', 'api/spec.json', '--types', 'api/types.ts'], { cwd: dir });
    assertSucceeded(run);
    assert.equal(run.stdout, lines('OpenAPI spec written to api/spec.json', 'TypeScript types written to api/types.ts'));
    assert.deepEqual((await readdir(join(dir, 'api'))).sort(), ['spec.json', 'types.ts']);
    const both = await runFw(['openapi', '--no-ui', '--offline'], { cwd: dir });
    assert.equal(both.code, 1, both.stderr);
    assert.match(both.stderr, /FW_CLI_ERR_USAGE: --offline copies the Swagger UI assets beside swagger.html, which --no-ui does not write/);
  });

  it('replaces each file whole: a server still reading the previous files reads them to the end, unchanged, and no temporary file is left', async () => {
    const dir = await shopCopy();
    assertSucceeded(await runFw(['openapi', '--offline', '-o', 'api/spec.json'], { cwd: dir }));
    const names = ['spec.json', 'swagger.html', 'swagger-ui.css', 'swagger-ui-bundle.js'];
    const generated = await Promise.all(names.map((name) => readFile(join(dir, 'api', name))));
    for (const name of names) await writeFile(join(dir, 'api', name), `the previous ${name}`);
    // What a static server has open when the next instance regenerates the docs (a rolling restart).
    const reading = await Promise.all(names.map((name) => open(join(dir, 'api', name))));
    try {
      assertSucceeded(await runFw(['openapi', '--offline', '-o', 'api/spec.json'], { cwd: dir }));
      for (const [index, name] of names.entries()) {
        assert.equal(await reading[index]!.readFile('utf8'), `the previous ${name}`, `${name} was rewritten in place under its reader`);
        assert.ok((await readFile(join(dir, 'api', name))).equals(generated[index]!), `${name} is whole at its path`);
      }
      assert.deepEqual((await readdir(join(dir, 'api'))).sort(), [...names].sort());
    } finally {
      await Promise.all(reading.map((handle) => handle.close()));
    }
  });
});

describe('fw openapi on the blog', { concurrency: true }, () => {
  let document: Record<string, any>;
  before(async () => {
    const out = await osTempDir();
    const run = await runFw(['openapi', '--output', join(out, 'openapi.json')]);
    assertSucceeded(run);
    assert.equal(run.stdout, lines(`OpenAPI spec written to ${join(out, 'openapi.json')}`, `Swagger UI written to ${join(out, 'swagger.html')}`));
    document = JSON.parse(await readFile(join(out, 'openapi.json'), 'utf8'));
  });

  it('passes the OpenAPI 3.0.3 schema (@seriousme/openapi-schema-validator)', async () => {
    const result = await new Validator().validate(structuredClone(document));
    assert.deepEqual(result, { valid: true });
    assert.equal(document.openapi, '3.0.3');
    // description and license from the blog's package.json; an SPDX id links to its text.
    assert.deepEqual(document.info, { title: 'blog', version: '0.1.0', description: 'The blog-posts JSON API built on fw', license: { name: 'MIT', url: 'https://spdx.org/licenses/MIT.html' } });
  });

  it('has every handler route once, <controller>.<function> ids, no static /docs route', () => {
    const operations = Object.entries(document.paths as Record<string, Record<string, { operationId: string }>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`),
    );
    assert.deepEqual(operations, [
      'GET /api/posts blog_posts_controller.index',
      'POST /api/posts blog_posts_controller.create',
      'GET /api/posts/{id} blog_posts_controller.show',
      'PUT /api/posts/{id} blog_posts_controller.update',
      'DELETE /api/posts/{id} blog_posts_controller.delete',
      'GET /login blog_login_controller.index',
      'GET /heartbeat blog_router.get_heartbeat',
      'GET /ready blog_router.get_ready',
    ]);
  });

  it('takes {id}, the list query and the writes\' optional Idempotency-Key header from the route schemas', () => {
    const id = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } };
    const description = 'Optional: makes a retried write happen once (IETF httpapi draft "The Idempotency-Key HTTP Header Field"). 1 to 255 visible ASCII characters, no comma, not starting with a double quote (a UUID), or an RFC 8941 string ("..."); anything else is 400 idempotency_key_invalid.';
    const key = { name: 'idempotency-key', in: 'header', required: false, schema: { type: 'string', description } };
    assert.deepEqual(document.paths['/api/posts/{id}'].get.parameters, [id]);
    // PUT and DELETE also read If-Match and If-None-Match (docs/blog-api.md, "Preconditions"): listed, so a client knows it may send them.
    const precondition = (name: string, description: RegExp) => {
      const parameter = document.paths['/api/posts/{id}'].put.parameters.find((p: { name: string }) => p.name === name);
      assert.match(parameter?.schema?.description ?? '', description, name);
      return { name, in: 'header', required: false, schema: { type: 'string', description: parameter.schema.description } };
    };
    const conditions = [precondition('if-match', /answer 412/), precondition('if-none-match', /`\*` answers 412/)];
    for (const method of ['put', 'delete']) assert.deepEqual(document.paths['/api/posts/{id}'][method].parameters, [id, key, ...conditions]);
    assert.deepEqual(document.paths['/api/posts'].post.parameters, [key]);
    assert.deepEqual(document.paths['/api/posts'].get.parameters, [
      { name: 'limit', in: 'query', required: false, schema: { type: 'string', pattern: '^(?:[1-9][0-9]{0,2}|1000)$' } },
      { name: 'cursor', in: 'query', required: false, schema: { type: 'string', description: 'The cursor of the previous page\'s Link rel="next" header, passed unchanged (opaque: it encodes a position in the list); any other value is 400.' } },
      { name: 'status', in: 'query', required: false, schema: { type: 'string', enum: ['draft', 'published', 'archived'] } },
    ]);
  });

  it('describes the create and update bodies as a $ref to the post (the spec\'s rule 5), the update as a partial change in words, and every response with its headers', () => {
    const post = { $ref: '#/components/schemas/post' };
    const json = (schema: unknown) => ({ 'application/json': { schema } });
    const create = document.paths['/api/posts'].post;
    assert.deepEqual(create.requestBody, { required: true, content: json(post) });
    const update = document.paths['/api/posts/{id}'].put;
    assert.deepEqual(update.requestBody, { required: true, content: json(post) });
    assert.match(update.description, /^Changes the fields the body has, any of title, body, status and user_id; .* one may send fewer fields\.$/);
    assert.equal(create.description, undefined);
    // The app's named post (defineApp({schemas})) and priv/schemas/post.json are one component.
    assert.equal(document.components.schemas.post.title, 'Post');
    assert.deepEqual(document.components.schemas.post.required, ['title', 'body']);
    const error = (text: string) => ({ description: text, content: json({ $ref: '#/components/schemas/ErrorMessage' }) });
    const unprocessable = {
      description: 'Unprocessable Entity',
      content: json({
        type: 'object',
        description: 'Either {"errors": {<field>: [<message>, ...]}} (fields that fail validation), {"error": <message>} (no JSON object body), or {"error": <message>, "code": "idempotency_key_reused"} (an Idempotency-Key used with another request).',
        properties: { error: { type: 'string' }, code: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
      }),
    };
    const coded = (description: string, code: string) => ({ type: 'object', description, required: ['error', 'code'], properties: { error: { type: 'string' }, code: { type: 'string', enum: [code] } } });
    const badKey = coded('An Idempotency-Key header that is not a key; nothing was written.', 'idempotency_key_invalid');
    // The writes' coded answers besides fw's own: the 400 is either, so `anyOf` them.
    // options.openapi.responseHeaders: what the answers carry besides their bodies.
    const retryAfter = (description: string) => ({ 'Retry-After': { description, required: true, schema: { type: 'string' } } });
    const codes = {
      409: { description: 'Conflict', content: json(coded('A request with this Idempotency-Key is still running; sent with retry-after: 1, and retrying with the same key is safe.', 'idempotency_key_in_use')), headers: retryAfter('Seconds to wait: 1 (a retry with the same Idempotency-Key is safe)') },
      504: { description: 'Gateway Timeout', content: json(coded('The database stopped answering after the write was sent: it may have been committed. No retry-after; retry only with the same Idempotency-Key.', 'write_outcome_unknown')) },
    };
    const reused = { description: 'Unprocessable Entity', content: json(coded('This Idempotency-Key was used with another request (a delete of another post); nothing was deleted.', 'idempotency_key_reused')) };
    const decoding = { 400: { description: 'Bad Request', content: json({ anyOf: [badKey, { $ref: '#/components/schemas/ErrorMessage' }] }) }, 413: error('Payload Too Large'), 415: { description: 'Unsupported Media Type', content: json({ $ref: '#/components/schemas/UnsupportedMediaType' }) } };
    const unavailable = { ...error('Service Unavailable'), headers: retryAfter('Seconds to wait: 1 (nothing was done, a retry is safe)') };
    const list = { type: 'object', required: ['posts'], properties: { posts: { type: 'array', items: post } } };
    const link = { Link: { description: 'The next page, `<url>; rel="next"`, when more posts follow', schema: { type: 'string' } } };
    assert.deepEqual(document.paths['/api/posts'].get.responses, { 200: { description: 'OK', content: json(list), headers: link }, 400: error('Bad Request'), 503: unavailable });
    const location = { Location: { description: "The new post's path, /api/posts/<id>", required: true, schema: { type: 'string' } } };
    assert.deepEqual(create.responses, { 201: { description: 'Created', content: json(post), headers: location }, ...decoding, ...codes, 422: unprocessable, 503: unavailable });
    assert.deepEqual(document.paths['/api/posts/{id}'].get.responses, { 200: { description: 'OK', content: json(post) }, 404: error('Not Found'), 503: unavailable });
    assert.deepEqual(update.responses, { 200: { description: 'OK', content: json(post) }, ...decoding, ...codes, 404: error('Not Found'), 412: error('Precondition Failed'), 422: unprocessable, 503: unavailable });
    assert.deepEqual(document.paths['/api/posts/{id}'].delete.responses, { 204: { description: 'No Content' }, 400: { description: 'Bad Request', content: json(badKey) }, ...codes, 404: error('Not Found'), 412: error('Precondition Failed'), 422: reused, 503: unavailable });
    // The list's items are the post component, never a copy of it.
    assert.doesNotMatch(JSON.stringify(document.paths), /"inserted_at":/);
  });

  it("describes /heartbeat's answer, {\"status\":\"ok\"}, as it does /ready's, so a generated client reads it typed", () => {
    const liveness = { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } };
    assert.deepEqual(document.paths['/heartbeat'].get.responses, { 200: { description: 'OK', content: { 'application/json': { schema: liveness } } }, '4XX': { description: NODE_4XX } });
  });

  it('declares no security scheme while writes are open (no BLOG_API_TOKEN), every operation public (security []), and serves paths from /', () => {
    assert.deepEqual(document.servers, [{ url: '/' }]);
    assert.equal(document.components.securitySchemes, undefined);
    for (const item of Object.values(document.paths as Record<string, Record<string, Record<string, unknown>>>)) {
      for (const operation of Object.values(item)) assert.deepEqual(operation.security, []);
    }
  });

  it('with BLOG_API_TOKEN set, declares bearerAuth and 401 (no 403: the token check never forbids) on the write operations, security [] on the public ones', async () => {
    const out = await osTempDir();
    assertSucceeded(await runFw(['openapi', '--output', join(out, 'openapi.json')], { env: { BLOG_API_TOKEN: 'a-token-of-24-characters' } }));
    const guarded = JSON.parse(await readFile(join(out, 'openapi.json'), 'utf8'));
    assert.deepEqual(guarded.components.securitySchemes, { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <BLOG_API_TOKEN>' } });
    const denied = (text: string) => ({ description: text, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorMessage' } } } });
    const seen = Object.entries(guarded.paths as Record<string, Record<string, Record<string, any>>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => `${method.toUpperCase()} ${path} ${JSON.stringify(operation.security ?? null)} ${Object.keys(operation.responses).join(',')}`),
    );
    assert.deepEqual(seen, [
      'GET /api/posts [] 200,400,503',
      'POST /api/posts [{"bearerAuth":[]}] 201,400,401,409,413,415,422,503,504',
      'GET /api/posts/{id} [] 200,404,503',
      'PUT /api/posts/{id} [{"bearerAuth":[]}] 200,400,401,404,409,412,413,415,422,503,504',
      'DELETE /api/posts/{id} [{"bearerAuth":[]}] 204,400,401,404,409,412,422,503,504',
      'GET /login [] 200,4XX',
      'GET /heartbeat [] 200,4XX',
      'GET /ready [] 200,503,4XX',
    ]);
    assert.deepEqual(guarded.paths['/api/posts'].post.responses[401], denied('Unauthorized'));
    // What answers no 4xx of its own lists Node's, which come before fw sees the request.
    assert.deepEqual(guarded.paths['/login'].get.responses['4XX'], { description: NODE_4XX });
  });

  it('keys components.schemas by priv/schemas file name, plus the shared error schemas it answers with (no ValidationErrors: its 422 is its own)', async () => {
    assert.deepEqual(Object.keys(document.components.schemas), ['post', 'ErrorMessage', 'UnsupportedMediaType']);
    assert.deepEqual(document.components.schemas.UnsupportedMediaType.properties, { error: { type: 'string' }, accepted: { type: 'array', items: { type: 'string' } } });
    const source = JSON.parse(await readFile(join(BLOG_DIR, 'priv', 'schemas', 'post.json'), 'utf8'));
    assert.deepEqual(Object.keys(document.components.schemas.post.properties), Object.keys(source.properties));
    // Zone-less `YYYY-MM-DDTHH:MM:SS` or null: not an RFC 3339 date-time, so no `format`.
    assert.deepEqual(document.components.schemas.post.properties.inserted_at, {
      description: source.properties.inserted_at.description,
      type: 'string',
      nullable: true,
      pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$',
      readOnly: true,
    });
  });
});

describe('fw openapi lists every response a route can give (openapi-responses-app)', () => {
  it('adds fw\'s default 400, body decoding, security (declared 401/403, else 401), plugin-declared statuses with their headers and hosts to the route schemas, and documents a redirect by extra.status', async () => {
    const out = await osTempDir();
    assertSucceeded(await runFw(['openapi', '--app', join(FIXTURES, 'openapi-responses-app'), '--output', join(out, 'openapi.json')]));
    const document = JSON.parse(await readFile(join(out, 'openapi.json'), 'utf8'));
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const json = (schema: unknown) => ({ 'application/json': { schema } });
    const error = (description: string) => ({ description, content: json(ref('ErrorMessage')) });
    const invalid = { description: 'Bad Request', content: json(ref('InvalidRequest')) };
    const denied = { 401: error('Unauthorized'), 403: error('Forbidden') };
    const job = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } };
    const api = { servers: [{ url: '//api.example.com' }], 'x-fw-host': 'api.example.com' };
    // A 2xx of a route that declares none: some body (json({jobs: []}), json({ok: true})) whose shape the route does not say.
    const anyBody = { '*/*': { schema: {} } };
    // The plugin's 429 with the header it declares for it (its 401 header is not documented: it does not answer 401).
    const tooMany = { ...error('Too Many Requests'), headers: { 'Retry-After': { description: 'Seconds to wait', required: true, schema: { type: 'string' } } } };
    assert.deepEqual(document.paths, {
      '/v1/jobs': {
        get: {
          operationId: 'jobs_controller.list',
          summary: 'GET /v1/jobs',
          tags: ['jobs_controller'],
          parameters: [
            { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
            { name: 'x-trace', in: 'header', required: true, schema: { type: 'string' } },
          ],
          responses: { 200: { description: 'OK', content: anyBody }, 400: invalid, ...denied, 429: tooMany },
          security: [{ apiKey: [] }],
          ...api,
        },
        post: {
          operationId: 'jobs_controller.create',
          summary: 'POST /v1/jobs',
          tags: ['jobs_controller'],
          requestBody: { required: true, content: json({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }) },
          responses: {
            201: { description: 'Created', content: json(job) },
            400: { description: 'Bad Request', content: json({ anyOf: [ref('InvalidRequest'), ref('ErrorMessage')] }) },
            ...denied,
            413: error('Payload Too Large'),
            // fw's 415 names the media types it takes: {error, accepted}.
            415: { description: 'Unsupported Media Type', content: json(ref('UnsupportedMediaType')) },
            429: tooMany,
          },
          security: [{ apiKey: [] }],
          ...api,
        },
      },
      '/v1/jobs/{job_id}': {
        get: {
          operationId: 'jobs_controller.show',
          summary: 'GET /v1/jobs/:job_id',
          tags: ['jobs_controller'],
          parameters: [{ name: 'job_id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } }],
          responses: { 200: { description: 'OK', content: json(job) }, 400: invalid, 401: error('Unauthorized'), 404: error('Not Found') },
          'x-fw-host': '*.example.com',
        },
      },
      '/ping': { get: { operationId: 'jobs_controller.ping', summary: 'GET /ping', tags: ['jobs_controller'], responses: { 200: { description: 'OK', content: anyBody }, '4XX': { description: NODE_4XX } }, security: [] } },
      // A redirect: its 302 (no body) in place of the 200, with the Location it declares.
      '/go/{code}': {
        get: {
          operationId: 'jobs_controller.go',
          summary: 'GET /go/:code',
          tags: ['jobs_controller'],
          parameters: [{ name: 'code', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 302: { description: 'Found', headers: { Location: { description: 'Where the code points', required: true, schema: { type: 'string' } } } }, 404: error('Not Found') },
          security: [],
        },
      },
    });
    assert.deepEqual(document.components.securitySchemes, { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } });
    assert.deepEqual(Object.keys(document.components.schemas), ['ErrorMessage', 'InvalidRequest', 'UnsupportedMediaType']);
    assert.deepEqual(document.components.schemas.InvalidRequest.required, ['error', 'details']);
  });

  it('refuses two groups that give one scheme name different schemes, naming both routes', async () => {
    const dir = await copyApp(join(FIXTURES, 'openapi-responses-app'), await repoTempDir(), ['app.mjs', 'fw.config.json', 'package.json']);
    const app = await readFile(join(dir, 'app.mjs'), 'utf8');
    await writeFile(join(dir, 'app.mjs'), app.replace('const requireSession = (req) => req.headers.cookie !== undefined;', "const requireSession = Object.assign((req) => req.headers.cookie !== undefined, { securityScheme: { name: 'apiKey', scheme: { type: 'apiKey', in: 'cookie', name: 'session' } } });"));
    const run = await runFw(['openapi', '--output', join('out', 'openapi.json')], { cwd: dir });
    assert.equal(existsSync(join(dir, 'out')), false, 'nothing written');
    assert.deepEqual(run.stderr + run.code, 'fw: FW_CLI_ERR_OPENAPI_SCHEME_CLASH: the security scheme apiKey of route GET /v1/jobs/:job_id is {"type":"apiKey","in":"cookie","name":"session"}, but route GET /v1/jobs declares it as {"type":"apiKey","in":"header","name":"x-api-key"}; give one of them another name\n1');
  });
});

it('refuses a security scheme whose name is no component name, naming the route', async () => {
  const dir = await copyApp(join(FIXTURES, 'openapi-responses-app'), await repoTempDir(), ['app.mjs', 'fw.config.json', 'package.json']);
  const app = await readFile(join(dir, 'app.mjs'), 'utf8');
  assert.ok(app.includes("securityScheme: { name: 'apiKey',"), 'the fixture declares apiKey');
  await writeFile(join(dir, 'app.mjs'), app.replace("securityScheme: { name: 'apiKey',", "securityScheme: { name: 'api key',"));
  const run = await runFw(['openapi', '--output', join('out', 'openapi.json')], { cwd: dir });
  assert.equal(existsSync(join(dir, 'out')), false, 'nothing written');
  assert.deepEqual(run.stderr + run.code, `fw: FW_CLI_ERR_OPENAPI_BAD_SCHEME_NAME: the security scheme "api key" of route GET /v1/jobs is no component name: use letters, digits, '.', '_' or '-'\n1`);
});

describe('the blog serves the generated docs', () => {
  it('GET /docs/swagger.html and /docs/openapi.json after fw openapi --output priv/assets/openapi.json', async () => {
    const dir = await copyBlog(BLOG_DIR);
    const run = await runFw(['openapi', '--output', 'priv/assets/openapi.json'], { cwd: dir });
    assert.equal(run.stderr, '');
    assert.equal(run.stdout, lines('OpenAPI spec written to priv/assets/openapi.json', 'Swagger UI written to priv/assets/swagger.html'));
    const app = await startApp(process.execPath, ['src/main.ts'], dir, cleanEnv({ PORT: '0', METRICS_PORT: '0', OTEL_SDK_DISABLED: 'true', LOG_LEVEL: 'info' }));
    try {
      const page = await fetch(`${app.url}/docs/swagger.html`);
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(await page.text(), await readFile(join(dir, 'priv', 'assets', 'swagger.html'), 'utf8'));
      const spec = await fetch(`${app.url}/docs/openapi.json`);
      assert.equal(spec.status, 200);
      assert.deepEqual(await spec.json(), JSON.parse(await readFile(join(dir, 'priv', 'assets', 'openapi.json'), 'utf8')));
    } finally {
      await app.stop();
    }
  });
});

describe('fw openapi failures: fw: <code>: <message>, exit 1, nothing written', { concurrency: true }, () => {
  /** Runs `fw openapi --output out/openapi.json --types out/api.ts` in `dir`; asserts the failure and that out/ was never made. */
  async function failsWith(dir: string, stderr: string): Promise<void> {
    const run = await runFw(['openapi', '--offline', '--output', join('out', 'openapi.json'), '--types', join('out', 'api.ts')], { cwd: dir });
    assert.deepEqual(run, { code: 1, stdout: '', stderr: `${stderr}\n` });
    assert.equal(existsSync(join(dir, 'out')), false, 'nothing written');
  }

  it('a schema file that is not JSON', async () => {
    const dir = await shopCopy({ 'priv/schemas/broken.json': '{"type": ' });
    await failsWith(dir, `fw: FW_CLI_ERR_SCHEMA_BAD_JSON: the schema ${join(dir, 'priv', 'schemas', 'broken.json')} is not valid JSON: Unexpected end of JSON input`);
  });

  it('a schema file that is JSON but not an object', async () => {
    const dir = await shopCopy({ 'priv/schemas/list.json': '[1, 2]' });
    await failsWith(dir, `fw: FW_CLI_ERR_SCHEMA_BAD_JSON: the schema ${join(dir, 'priv', 'schemas', 'list.json')} must be a JSON object (a JSON Schema); found an array`);
  });

  it('a schema file that cannot be read', async () => {
    const dir = await shopCopy();
    await mkdir(join(dir, 'priv', 'schemas', 'folder.json'));
    await failsWith(dir, `fw: FW_CLI_ERR_SCHEMA_UNREADABLE: cannot read the schema ${join(dir, 'priv', 'schemas', 'folder.json')}: EISDIR: illegal operation on a directory, read`);
  });

  it('a schema keyword OpenAPI 3.0 cannot express (if)', async () => {
    const dir = await shopCopy({ 'priv/schemas/gadget.json': JSON.stringify({ type: 'object', properties: { a: { if: { type: 'string' } } } }) });
    const file = join(dir, 'priv', 'schemas', 'gadget.json');
    await failsWith(dir, `fw: FW_CLI_ERR_SCHEMA_UNSUPPORTED: ${file} uses the keyword if at /properties/a/if, which OpenAPI 3.0 cannot express; rewrite it or leave it out`);
  });

  it('tuple items', async () => {
    const dir = await shopCopy({ 'priv/schemas/pair.json': JSON.stringify({ type: 'array', items: [{ type: 'string' }, { type: 'integer' }] }) });
    const file = join(dir, 'priv', 'schemas', 'pair.json');
    await failsWith(dir, `fw: FW_CLI_ERR_SCHEMA_UNSUPPORTED: ${file} uses tuple items (a list of schemas) at /items, which OpenAPI 3.0 cannot express; rewrite it or leave it out`);
  });

  it('a route naming a schema priv/schemas does not have', async () => {
    const dir = await shopCopy();
    await writeFile(join(dir, 'priv', 'schemas', 'widget.json'), '{}');
    await writeFile(join(dir, 'priv', 'schemas', 'part.json'), '{}');
    const app = (await readFile(join(dir, 'app.mjs'), 'utf8')).replace("resource: 'widget', schema: 'widget' } } },", "resource: 'widget', schema: 'gizmo' } } },");
    await writeFile(join(dir, 'app.mjs'), app);
    await failsWith(dir, 'fw: FW_CLI_ERR_OPENAPI_UNKNOWN_SCHEMA: route POST /widgets names the schema gizmo, but there is no priv/schemas/gizmo.json');
  });

  it('a route extra with a wrong value', async () => {
    const dir = await shopCopy();
    const app = (await readFile(join(dir, 'app.mjs'), 'utf8')).replace("extra: { resource: 'widget', params: { id: 'integer' } }", "extra: { resource: 'widget', params: { id: 'uuid' } }");
    await writeFile(join(dir, 'app.mjs'), app);
    await failsWith(dir, 'fw: FW_CLI_ERR_OPENAPI_BAD_EXTRA: route /widgets/:id: options.extra.params.id must be string, integer, number or boolean; found "uuid"');
  });

  it('a route extra hide that is not true or false', async () => {
    const dir = await shopCopy();
    const app = (await readFile(join(dir, 'app.mjs'), 'utf8')).replace("extra: { resource: 'widget', params: { id: 'integer' } }", "extra: { resource: 'widget', params: { id: 'integer' }, hide: 'yes' }");
    await writeFile(join(dir, 'app.mjs'), app);
    await failsWith(dir, 'fw: FW_CLI_ERR_OPENAPI_BAD_EXTRA: route /widgets/:id: options.extra.hide must be true or false; found "yes"');
  });

  it('a schema file taking the name of a shared error schema', async () => {
    const dir = await shopCopy({ 'priv/schemas/ErrorMessage.json': '{"type": "object"}' });
    await failsWith(dir, "fw: FW_CLI_ERR_SCHEMA_NAME_CLASH: priv/schemas/ErrorMessage.json takes the name of fw's shared error schema ErrorMessage; rename the file");
  });

  it('a document that fails OpenAPI validation', async () => {
    const dir = await shopCopy({ 'priv/schemas/zz.json': '{"type": "object", "required": "name"}' });
    await failsWith(dir, 'fw: FW_CLI_ERR_OPENAPI_INVALID: the generated document is not valid OpenAPI 3.0: /components/schemas/zz/required must be array (2 more problem(s) reported after it); nothing was written');
  });
});
