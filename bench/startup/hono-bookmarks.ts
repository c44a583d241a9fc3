/**
 * Hono 4's equivalent of the guide's bookmarks app (docs/applications.md), for
 * bench/startup.bench.ts: the same six routes and answers on @hono/node-server, checked by ajv
 * against the guide's own src/schemas.ts (imported from the project directory given as the first
 * argument), compiled when the routes are declared as @hono/ajv-validator does, with coercion of
 * the text parts and their defaults filled in (fw's useDefaults: `GET /bookmarks?tag=x` gets
 * limit 20, not 400), and ajv-formats for `format: 'uri'`. One difference is left, off the
 * start-up path: on a part with several issues fw lists them all (an allErrors validator it
 * compiles after the first failure), the twin only the first. Answers list the response schema's fields
 * by hand (Hono has no response schemas). PORT and HOST as the guide's server reads them.
 */
import { serve } from '@hono/node-server';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Hono, type Context } from 'hono';
import { validator } from 'hono/validator';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Schema = Record<string, unknown>;
const schemas = (await import(pathToFileURL(join(process.argv[2] ?? '.', 'src', 'schemas.ts')).href)) as Record<string, Schema>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

interface StoredBookmark {
  id: number;
  url: string;
  title: string;
  tags: readonly string[];
  userAgent: string;
}

const plain = addFormats(new Ajv({ strict: true, allowUnionTypes: true }));
const coercing = addFormats(new Ajv({ strict: true, allowUnionTypes: true, coerceTypes: 'array', useDefaults: true }));

/** A validator middleware for one part, compiled now; a failure answers fw's 400 shape. */
function check<T extends 'query' | 'param' | 'json'>(target: T, schema: Schema | undefined, what: string) {
  const validate: ValidateFunction = (target === 'json' ? plain : coercing).compile(schema ?? {});
  return validator(target, (value: unknown, c: Context) => {
    if (validate(value)) return value as Record<string, any>;
    const details = (validate.errors ?? []).map((e) => ({ path: e.instancePath, keyword: e.keyword, message: e.message, params: e.params }));
    return c.json({ error: `invalid ${what}`, details }, 400);
  });
}

const store = new Map<number, StoredBookmark>();
let nextId = 1;
const shown = ({ id, url, title, tags }: StoredBookmark) => ({ id, url, title, tags });
const notFound = (c: Context) => c.json({ error: 'bookmark not found' }, 404);
const params = check('param', schemas.idParams, 'params');

const app = new Hono()
  .get('/heartbeat', (c) => c.json({ status: 'ok' }))
  .get('/bookmarks', check('query', schemas.listQuery, 'query'), (c) => {
    const { limit = 20, tag } = c.req.valid('query') as { limit?: number; tag?: string };
    const all = [...store.values()].filter((b) => tag === undefined || b.tags.includes(tag));
    return c.json({ bookmarks: all.slice(0, limit).map(shown) });
  })
  .get('/bookmarks/:id', params, (c) => {
    const found = store.get(c.req.valid('param').id);
    return found ? c.json(shown(found)) : notFound(c);
  })
  .post('/bookmarks', check('json', schemas.createBody, 'body'), (c) => {
    const { url, title, tags = [] } = c.req.valid('json') as { url: string; title: string; tags?: string[] };
    const created = { id: nextId++, url, title, tags, userAgent: c.req.header('user-agent') ?? '' };
    store.set(created.id, created);
    return c.json(shown(created), 201);
  })
  .patch('/bookmarks/:id', params, check('json', schemas.updateBody, 'body'), (c) => {
    const found = store.get(c.req.valid('param').id);
    if (!found) return notFound(c);
    const updated = { ...found, ...c.req.valid('json') };
    store.set(updated.id, updated);
    return c.json(shown(updated));
  })
  .delete('/bookmarks/:id', params, (c) => (store.delete(c.req.valid('param').id) ? c.body(null, 204) : notFound(c)));

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  console.log(`bookmarks API (Hono) on http://127.0.0.1:${info.port}`);
});
