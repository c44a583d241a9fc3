/**
 * The TypeScript declarations of an OpenAPI 3.0 document, as `fw openapi --types` writes them:
 * `paths`, `components` and `operations` in the shape openapi-typescript 7 gives them (its
 * default options, but for a request body's $ref: schema-types.ts), which is what openapi-fetch's
 * `createClient<paths>()` reads. Written here rather than by openapi-typescript because that tool
 * needs TypeScript 5's compiler API, and an app on TypeScript 7 cannot install it (issue 38, item 13).
 */
import { schemaType, refSegments, refType, WITH_REQUIRED, type SchemaContext } from './schema-types.ts';
import { jsdocLines, named, NEVER, printMembers, STRING, UNKNOWN, type Member, type TypeNode } from './type-tree.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const PLACES = ['query', 'header', 'path', 'cookie'] as const;
const COMPONENTS = ['schemas', 'responses', 'parameters', 'requestBodies', 'headers', 'pathItems'] as const;

/** The comment the file starts with. */
export const TYPES_HEADER = `/**
 * The types of this API's OpenAPI document, written by \`fw openapi --types\` for openapi-fetch
 * (\`createClient<paths>()\`). Do not edit: run the command again when the routes change.
 */
`;

type Json = Record<string, unknown>;

/** A JSON object: not null, not an array (operation-details.ts reads route options with it too). */
export const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const entries = (value: unknown): [string, unknown][] => (isObject(value) ? Object.entries(value) : []);
const objectType = (members: readonly Member[]): TypeNode => ({ kind: 'object', members });

/** One file's worth of conversion: the document, the operations met so far, the helpers used. */
class TypesWriter {
  readonly operations: Member[] = [];
  /** Declarations after `$defs`, in the order first needed (openapi-typescript's footer). */
  readonly footer: ('operations' | 'WithRequired')[] = [];
  readonly #document: Json;

  constructor(document: Json) {
    this.#document = document;
  }

  resolve(ref: string): unknown {
    let node: unknown = this.#document;
    for (const segment of refSegments(ref))
      node = isObject(node) || Array.isArray(node) ? (node as Json)[segment] : undefined;
    return node;
  }

  /** A schema's type; `request` inside parameters and request bodies. */
  schema(schema: unknown, request: boolean): TypeNode {
    const context: SchemaContext = {
      resolve: (ref) => this.resolve(ref),
      request,
      needsWithRequired: () => {
        if (!this.footer.includes('WithRequired')) this.footer.push('WithRequired');
      },
    };
    return schemaType(schema, context);
  }

  /** `{query, header, path, cookie}`: each place's parameters, optional when none there is required. */
  parameters(list: readonly unknown[]): Member {
    const places = PLACES.map((place): Member => {
      const members: Member[] = [];
      for (const original of list) {
        const parameter = this.#deref(original);
        if (parameter.in !== place) continue;
        const type =
          isObject(original) && typeof original.$ref === 'string'
            ? refType(original.$ref)
            : parameter.schema === undefined
              ? STRING
              : this.schema(parameter.schema, true);
        members.push({
          key: String(parameter.name),
          type,
          optional: place !== 'path' && !parameter.required,
          doc: jsdocLines(parameter),
        });
      }
      if (members.length === 0) return { key: place, type: NEVER, optional: true };
      return { key: place, type: objectType(members), optional: members.every((member) => member.optional) };
    });
    return { key: 'parameters', type: objectType(places) };
  }

  /** A path item: its own parameters, then each method (an `operations` entry when it has an operationId). */
  pathItem(item: Json): TypeNode {
    const members: Member[] = [this.parameters(Array.isArray(item.parameters) ? item.parameters : [])];
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) {
        members.push({ key: method, type: NEVER, optional: true });
        continue;
      }
      const keyed = new Map<string, unknown>();
      for (const parameter of [
        ...(Array.isArray(item.parameters) ? item.parameters : []),
        ...(Array.isArray(operation.parameters) ? operation.parameters : []),
      ]) {
        const resolved = this.#deref(parameter);
        keyed.set(`${String(resolved.in)}-${String(resolved.name)}`, parameter);
      }
      const merged = { ...operation, parameters: [...keyed.values()] };
      let type: TypeNode;
      if (typeof operation.$ref === 'string') type = refType(operation.$ref);
      else if (typeof operation.operationId === 'string') {
        const id = operation.operationId.replaceAll('#', '/');
        if (!this.footer.includes('operations')) this.footer.push('operations');
        type = named(`operations[${JSON.stringify(id)}]`);
        this.operations.push({ key: id, type: objectType(this.operation(merged)) });
      } else type = objectType(this.operation(merged));
      members.push({ key: method, type, doc: jsdocLines(operation) });
    }
    return objectType(members);
  }

  /** An operation's parameters, requestBody and responses. */
  operation(operation: Json): Member[] {
    const members = [this.parameters(operation.parameters as unknown[])];
    const body = operation.requestBody;
    if (isObject(body)) {
      const type = typeof body.$ref === 'string' ? refType(body.$ref) : this.requestBody(body);
      members.push({ key: 'requestBody', type, optional: !this.#deref(body).required, doc: jsdocLines(body) });
    } else members.push({ key: 'requestBody', type: NEVER, optional: true });
    const responses = entries(operation.responses).map(([status, response]): Member => {
      const type =
        isObject(response) && typeof response.$ref === 'string'
          ? refType(response.$ref)
          : this.response(response as Json);
      return { key: status, type, doc: jsdocLines(response) };
    });
    members.push({ key: 'responses', type: responses.length === 0 ? NEVER : objectType(responses) });
    return members;
  }

  requestBody(body: Json): TypeNode {
    const content = this.#content(body.content, true);
    return objectType([
      {
        key: 'content',
        type: objectType(content.length > 0 ? content : [{ key: '*/*', type: NEVER, optional: true }]),
      },
    ]);
  }

  /** `{headers: {...; [name: string]: unknown}, content}`; `content?: never` when it has none. */
  response(response: Json): TypeNode {
    const headers = entries(response.headers).map(([name, header]): Member => {
      const isRef = isObject(header) && typeof header.$ref === 'string';
      const type = isRef ? refType(header.$ref as string) : this.header(header as Json);
      return { key: name, type, optional: !isRef && !(header as Json).required, doc: jsdocLines(header) };
    });
    headers.push({ key: 'name', index: true, type: UNKNOWN });
    const content = this.#content(response.content, false);
    return objectType([
      { key: 'headers', type: objectType(headers) },
      content.length > 0
        ? { key: 'content', type: objectType(content) }
        : { key: 'content', type: NEVER, optional: true },
    ]);
  }

  header(header: Json): TypeNode {
    if (header.schema !== undefined) return this.schema(header.schema, false);
    return isObject(header.content) ? objectType(this.#content(header.content, false)) : UNKNOWN;
  }

  /** `components`: each kind's entries, `never` for a kind the document lacks. */
  components(components: Json): TypeNode {
    const kinds = COMPONENTS.map((kind): Member => {
      const items = entries(components[kind]).map(([name, item]): Member => ({
        key: name,
        type: this.#component(kind, item as Json),
        doc: jsdocLines(item),
      }));
      return { key: kind, type: items.length === 0 ? NEVER : objectType(items) };
    });
    return objectType(kinds);
  }

  #component(kind: (typeof COMPONENTS)[number], item: Json): TypeNode {
    switch (kind) {
      case 'schemas':
        return this.schema(item, false);
      case 'responses':
        return this.response(item);
      case 'parameters':
        return item.schema === undefined ? STRING : this.schema(item.schema, true);
      case 'requestBodies':
        return this.requestBody(item);
      case 'headers':
        return this.header(item);
      case 'pathItems':
        return this.pathItem(item);
    }
  }

  #content(content: unknown, request: boolean): Member[] {
    return entries(content).map(([type, media]): Member => ({
      key: type,
      type: isObject(media) && media.schema !== undefined ? this.schema(media.schema, request) : UNKNOWN,
      doc: jsdocLines(media),
    }));
  }

  #deref(value: unknown): Json {
    const target = isObject(value) && typeof value.$ref === 'string' ? this.resolve(value.$ref) : value;
    return isObject(target) ? target : {};
  }
}

/** `export interface <name> {...}`, or an alias of `Record<string, never>` when it has no member. */
function declaration(name: string, type: TypeNode): string {
  if (type.kind !== 'object' || type.members.length === 0) return `export type ${name} = Record<string, never>;\n`;
  return `export interface ${name} {\n${printMembers(type.members, 1)}}\n`;
}

/** The file `fw openapi --types` writes for `document`. */
export function documentTypes(document: Json): string {
  const writer = new TypesWriter(document);
  const paths = entries(document.paths).map(([url, item]): Member => ({
    key: url,
    type: isObject(item) && typeof item.$ref === 'string' ? refType(item.$ref) : writer.pathItem(item as Json),
  }));
  let out = `${TYPES_HEADER}\n${declaration('paths', objectType(paths))}export type webhooks = Record<string, never>;\n`;
  out += isObject(document.components)
    ? declaration('components', writer.components(document.components))
    : 'export type components = Record<string, never>;\n';
  out += 'export type $defs = Record<string, never>;\n';
  for (const name of writer.footer)
    out += name === 'operations' ? declaration('operations', objectType(writer.operations)) : `${WITH_REQUIRED}\n`;
  if (!writer.footer.includes('operations')) out += 'export type operations = Record<string, never>;\n';
  return out;
}
