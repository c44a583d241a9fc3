/**
 * Reads priv/schemas/post.json: the one description of a post that the route schemas and the
 * OpenAPI generator share (spec: "one schema file per resource"). It is read when fw asks for
 * the routes, which is synchronous and before start, so it is found next to this code rather
 * than in the app directory start is given.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BlogError } from '../errors.ts';

/** Where the post schema lives, relative to the blog's directory. */
export const POST_SCHEMA_PATH = 'priv/schemas/post.json';

/** The parts of a draft-07 object schema the blog reads. */
export interface PostSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly required?: readonly string[];
  readonly [keyword: string]: unknown;
}

/** Reads and parses the blog's post schema (`file` for tests). */
export function readPostSchema(
  file = fileURLToPath(new URL(`../../${POST_SCHEMA_PATH}`, import.meta.url)),
): PostSchema {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new BlogError('BLOG_ERR_SCHEMA', `cannot read the post schema ${file}`, { cause: error });
  }
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    throw new BlogError('BLOG_ERR_SCHEMA', `the post schema ${file} is not valid JSON`, { cause: error });
  }
  const shaped = schema as Partial<PostSchema> | null;
  if (
    typeof shaped !== 'object' ||
    shaped === null ||
    shaped.type !== 'object' ||
    typeof shaped.properties !== 'object' ||
    shaped.properties === null
  ) {
    throw new BlogError(
      'BLOG_ERR_SCHEMA',
      `the post schema ${file} must be an object schema with "type": "object" and "properties"`,
    );
  }
  return shaped as PostSchema;
}
