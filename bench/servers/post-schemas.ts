/**
 * The JSON Schemas both contenders of bench/schemas.bench.ts declare, the same objects for fw and
 * Fastify: a post to create (POST /api/posts), the id in the path and the post answered
 * (GET /api/posts/:id), and the post a create stores.
 */

/** What a schema server child serves: POST with a body schema, GET with a plain or a union response schema. */
export type SchemaCase = 'body' | 'response' | 'union';

/** The GET case a response server child serves: `union` when the bench sets BENCH_SCHEMA_CASE=union. */
export const responseCase = (): SchemaCase => (process.env.BENCH_SCHEMA_CASE === 'union' ? 'union' : 'response');

/** The body of POST /api/posts. */
export const createPostBody = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 200 },
    body: { type: 'string', minLength: 1 },
    status: { type: 'string', enum: ['draft', 'published', 'archived'] },
    user_id: { type: ['integer', 'null'] },
  },
  required: ['title', 'body'],
  additionalProperties: false,
} as const;

/** The path of GET /api/posts/:id. */
export const postParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
} as const;

/** A post as GET /api/posts/:id answers it (200). */
export const postResponse = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    body: { type: 'string' },
    status: { type: 'string', enum: ['draft', 'published', 'archived'] },
    user_id: { type: ['integer', 'null'] },
    inserted_at: { type: 'string' },
  },
  required: ['id', 'title', 'body', 'status', 'user_id', 'inserted_at'],
} as const;

/** The same post through a `$ref`, a nullable `anyOf` at the top and another in `user_id`, its time a `format` (`iso-date-time`: the posts' times carry no zone; issue 38's goal: formats, `$ref` and `anyOf`). */
export const postUnionResponse = {
  anyOf: [{ $ref: '#/$defs/post' }, { type: 'null' }],
  $defs: {
    post: {
      ...postResponse,
      properties: { ...postResponse.properties, user_id: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] }, inserted_at: { type: 'string', format: 'iso-date-time' } },
    },
  },
} as const;

/** A valid body of POST /api/posts, as the bench sends it. */
export const newPost = { title: 'Route schemas', body: 'Lorem ipsum dolor sit amet. '.repeat(4), status: 'draft', user_id: 7 };

/** What POST /api/posts accepted. */
export interface CreatePost {
  readonly title: string;
  readonly body: string;
  readonly status?: string;
  readonly user_id?: number | null;
}

/** Stores a post created from `input` in `table` under the next id and returns it. */
export function storePost(table: Map<number, Record<string, unknown>>, input: CreatePost): Record<string, unknown> {
  const id = table.size + 1;
  const post = { id, title: input.title, body: input.body, status: input.status ?? 'draft', user_id: input.user_id ?? null, inserted_at: new Date().toISOString() };
  table.set(id, post);
  return post;
}
