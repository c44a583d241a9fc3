/**
 * Schemas that a `$ref` names by the `$id` of a schema inside them, as ajv (and fw-core) resolve it: TypeBox 0.34's
 * `Type.Recursive` (its root's `$id`, `Node` or the `T0` TypeBox gives it), TypeBox 1's `Type.Cyclic` (a `$defs` entry's).
 * OpenAPI 3.0 has no `$id` (https://spec.openapis.org/oas/v3.0.3#schema-object): such a schema becomes a component the
 * `$ref`s name. A component's own root `$id` is the component (a named schema `thread` whose `$id` is `T0`: a `$ref: 'T0'`
 * becomes `thread`); any other is lifted out as a component named by its `$id`, where it stood a `$ref` to it. A `$id`
 * nothing refers to changes nothing.
 */
import { CliError } from '../errors.ts';

type Json = Record<string, unknown>;

/** Keywords whose value is data, not schemas: a `$id` or `$ref` in it is no schema's. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'example', 'examples']);

/**
 * The components `definitions` (by name) and `root` (no component of its own), and what they lift out, their `$ref`s
 * following; a `$ref` to a `$id` none of them has names the component `known` gives it (namedSchemaIds).
 */
export function liftReferredIds(
  definitions: Readonly<Record<string, Json>>,
  root?: unknown,
  known: ReadonlyMap<string, string> = new Map(),
): { root: unknown; definitions: Record<string, Json> } {
  const referred = new Set<string>();
  for (const schema of [root, ...Object.values(definitions)]) collectRefs(schema, referred);
  const named = new Map<string, string>();
  for (const [name, schema] of Object.entries(definitions))
    if (typeof schema.$id === 'string' && referred.has(schema.$id)) named.set(schema.$id, name);
  const external = [...referred].some((id) => known.get(id) !== undefined && known.get(id) !== id);
  if (!external && ![root, ...Object.values(definitions)].some((schema) => hasReferredId(schema, referred)))
    return { root, definitions: { ...definitions } };
  const lifted: Record<string, Json> = {};
  const walk = (value: unknown, component: string | undefined): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, undefined));
    if (typeof value !== 'object' || value === null) return value;
    const { $id, ...rest } = value as Json;
    const out: Json = typeof $id === 'string' ? {} : { ...($id !== undefined && { $id }) };
    for (const [key, sub] of Object.entries(rest))
      out[key] =
        key === '$ref' && typeof sub === 'string'
          ? (named.get(sub) ?? known.get(sub) ?? sub)
          : DATA_KEYWORDS.has(key)
            ? sub
            : walk(sub, undefined);
    // A nested $defs (a Type.Cyclic inside an object) whose every entry was lifted out holds only $refs to components.
    for (const keyword of ['$defs', 'definitions']) if (liftedOnly(out[keyword], lifted)) delete out[keyword];
    if (typeof $id !== 'string' || !referred.has($id)) return typeof $id === 'string' ? { $id, ...out } : out;
    if (component !== undefined && named.get($id) === component) return out;
    const other = lifted[$id] ?? definitions[$id];
    if (other !== undefined && JSON.stringify(walk(other, $id)) !== JSON.stringify(out)) {
      throw new CliError(
        'FW_CLI_ERR_SCHEMA_NAME_CLASH',
        `two different schemas have the $id ${$id}, which a $ref names: give each its own $id`,
      );
    }
    lifted[$id] = out;
    return { $ref: $id };
  };
  const out = Object.fromEntries(
    Object.entries(definitions).map(([name, schema]) => [name, walk(schema, name) as Json]),
  );
  return { root: walk(root, undefined), definitions: { ...out, ...lifted } };
}

/**
 * The app's named schemas by their root `$id`, as a route refers to one (TypeBox 0.34's `Type.Ref(tree)` is
 * `{$ref: 'Tree'}` for `schemas: {tree}` whose `$id` is `Tree`): fw-core resolves it among them, as ajv's addSchema does.
 */
export function namedSchemaIds(named: Readonly<Record<string, unknown>> = {}): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [name, schema] of Object.entries(named)) {
    const id = typeof schema === 'object' && schema !== null ? (schema as Json).$id : undefined;
    if (typeof id === 'string') ids.set(id, name);
  }
  return ids;
}

function liftedOnly(value: unknown, lifted: Readonly<Record<string, Json>>): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).every(
    (entry: unknown) =>
      typeof entry === 'object' &&
      entry !== null &&
      Object.keys(entry).length === 1 &&
      typeof (entry as Json).$ref === 'string' &&
      ((entry as Json).$ref as string) in lifted,
  );
}

function collectRefs(value: unknown, into: Set<string>): void {
  if (typeof value !== 'object' || value === null) return;
  for (const [key, sub] of Object.entries(value)) {
    if (key === '$ref' && typeof sub === 'string') into.add(sub);
    else if (!DATA_KEYWORDS.has(key)) collectRefs(sub, into);
  }
}

function hasReferredId(value: unknown, referred: ReadonlySet<string>): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (typeof (value as Json).$id === 'string' && referred.has((value as Json).$id as string)) return true;
  return Object.entries(value).some(([key, sub]) => !DATA_KEYWORDS.has(key) && hasReferredId(sub, referred));
}
