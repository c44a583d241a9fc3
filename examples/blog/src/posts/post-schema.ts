/**
 * Reads priv/schemas/post.json: the one description of a post that the validators and the
 * OpenAPI generator share (spec: "one schema file per resource").
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { BlogError } from '../errors.ts';

/** Where the post schema lives, relative to the app directory. */
export const POST_SCHEMA_PATH = 'priv/schemas/post.json';

/** The parts of a draft-07 object schema the blog reads. */
export interface PostSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly required?: readonly string[];
  readonly [keyword: string]: unknown;
}

/** Reads and parses the post schema of the app in `appDir`. */
export async function readPostSchema(appDir: string): Promise<PostSchema> {
  const file = resolve(appDir, POST_SCHEMA_PATH);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
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
  if (typeof shaped !== 'object' || shaped === null || shaped.type !== 'object' || typeof shaped.properties !== 'object' || shaped.properties === null) {
    throw new BlogError('BLOG_ERR_SCHEMA', `the post schema ${file} must be an object schema with "type": "object" and "properties"`);
  }
  return shaped as PostSchema;
}
