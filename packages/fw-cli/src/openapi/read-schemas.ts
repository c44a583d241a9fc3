/**
 * Reads the app's JSON schemas: every `priv/schemas/*.json`, keyed by file name without
 * `.json`, converted to the OpenAPI 3.0 dialect, and the named schemas of `defineApp({schemas})`.
 * No directory means no schemas; an unreadable file, one that is not a JSON object, or a name
 * that is no component name (`blog post.json`) is an error naming the file.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { NamedSchemaMap } from 'fw-core';
import { CliError } from '../errors.ts';
import { sharedSchemas } from './error-schemas.ts';
import { COMPONENT_NAME } from './own-error-schemas.ts';
import { convertRouteSchema, convertSchemaFile } from './schema-dialect.ts';
import { liftReferredIds } from './schema-ids.ts';

/** Where an app keeps its schemas, relative to the app directory. */
export const SCHEMAS_DIR = join('priv', 'schemas');

/** The converted schemas of `appDir`, in file-name order. */
export async function readSchemas(appDir: string): Promise<Record<string, Record<string, unknown>>> {
  const dir = join(appDir, SCHEMAS_DIR);
  const files = await schemaFiles(dir);
  const out: Record<string, Record<string, unknown>> = {};
  for (const file of files) {
    const path = join(dir, file);
    const name = file.slice(0, -'.json'.length);
    const converted = convertSchemaFile(name, path, await readSchema(path));
    const bad = Object.keys(converted).find((key) => !COMPONENT_NAME.test(key));
    if (bad !== undefined)
      throw badName(`${path}${bad === name ? '' : ` (its definition ${bad.slice(name.length + 1)})`}`, bad);
    Object.assign(out, converted);
  }
  return out;
}

/**
 * `files` (readSchemas's) with the app's named schemas converted likewise, each one component: a name
 * both give must be the same schema, and no file nor named schema may take the name of fw's shared error schemas.
 */
export function withAppSchemas(
  files: Readonly<Record<string, Record<string, unknown>>>,
  named: NamedSchemaMap = {},
): Record<string, Record<string, unknown>> {
  const taken = Object.keys(files).find((name) => name in sharedSchemas);
  if (taken !== undefined)
    throw new CliError(
      'FW_CLI_ERR_SCHEMA_NAME_CLASH',
      `priv/schemas/${taken}.json takes the name of fw's shared error schema ${taken}; rename the file`,
    );
  const out = { ...files };
  // A $ref to a $id inside them (a Type.Recursive's T0) names the schema it is the root of, or a component made for it.
  const { definitions } = liftReferredIds(named as Record<string, Record<string, unknown>>);
  for (const [name, schema] of Object.entries(definitions)) {
    if (!COMPONENT_NAME.test(name)) throw badName(`the app's schemas (a $id a $ref names)`, name);
    const converted = convertRouteSchema(
      schema,
      name in named ? `the app's schema ${name}` : `the app's schemas ($id ${name})`,
    );
    const clash =
      name in sharedSchemas
        ? `fw's shared error schema ${name}`
        : name in files && JSON.stringify(files[name]) !== JSON.stringify(converted)
          ? `priv/schemas/${name}.json, which differs from it`
          : undefined;
    if (clash !== undefined)
      throw new CliError(
        'FW_CLI_ERR_SCHEMA_NAME_CLASH',
        `the app's schema ${name} takes the name of ${clash}; rename one of them`,
      );
    out[name] = converted;
  }
  return out;
}

// OpenAPI 3.0.3's Components Object: its keys match ^[a-zA-Z0-9.\-_]+$, and redocly refuses others.
function badName(what: string, name: string): CliError {
  return new CliError(
    'FW_CLI_ERR_SCHEMA_BAD_NAME',
    `${what} gives the component name ${JSON.stringify(name)}, but a component name is letters, digits, '.', '_' or '-'; rename it`,
  );
}

async function schemaFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new CliError('FW_CLI_ERR_SCHEMA_UNREADABLE', `cannot list ${dir}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

async function readSchema(path: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError('FW_CLI_ERR_SCHEMA_UNREADABLE', `cannot read the schema ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new CliError(
      'FW_CLI_ERR_SCHEMA_BAD_JSON',
      `the schema ${path} is not valid JSON: ${(error as Error).message}`,
      { cause: error },
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliError(
      'FW_CLI_ERR_SCHEMA_BAD_JSON',
      `the schema ${path} must be a JSON object (a JSON Schema); found ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}`,
    );
  }
  return value as Record<string, unknown>;
}
