/**
 * A schemathesis-style check that an OpenAPI 3.0 document is true of a running server. Requests
 * come from the document alone (seeded): valid ones from each operation's parameter and body
 * schemas, and invalid ones (each parameter and body property violated in turn, required ones
 * missing, a non-JSON content type, the credential missing or wrong, a method the path does not
 * list, a path no operation has). Each answer is checked as schemathesis's checks do:
 * `status_code_conformance` (a status the operation lists, or its range or `default`),
 * `content_type_conformance` (a media type listed for that status, no body where none is),
 * `response_schema_conformance` (ajv with the document's components and ajv-formats),
 * `response_headers_conformance` (each required header present and valid), `negative_data_rejection`
 * and `ignored_auth` (no 2xx for an invalid request or a missing credential), `positive_data_acceptance`
 * (no 400 or 422 for a valid one), `unsupported_method`
 * (405 with an `allow` that lists the path's documented methods) and a 404 for an unknown path.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import RandExp from 'randexp';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject, type FwListener } from 'fw-core';
import type { Random } from '../e2e/support/seeded-random.ts';

/** An OpenAPI 3.0 document, read loosely. */
export type OpenApiDocument = Record<string, any>;

/** One request, as inject() or a client sends it. */
export interface ConformanceRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** One answer as a client read it (header names lower case). */
export interface ConformanceAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly body: string;
}

/** What the case is; `operation` is undefined for an unknown path or method. */
export interface ConformanceCase {
  readonly kind: string;
  readonly request: ConformanceRequest;
  readonly operation?: { readonly path: string; readonly method: string; readonly spec: Record<string, any> };
  /** The request breaks the document: a 2xx answer is a mismatch. */
  readonly invalid: boolean;
}

/** The methods sent where a path does not list them. */
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** Every method an OpenAPI 3.0 path item may list. */
const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** A JSON.stringify replacer: OpenAPI 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` in draft-07's numeric form, which ajv reads. */
function draft07(this: unknown, _key: string, value: any): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  if (typeof value.exclusiveMinimum !== 'boolean' && typeof value.exclusiveMaximum !== 'boolean') return value;
  const { exclusiveMinimum, exclusiveMaximum, minimum, maximum, ...rest } = value;
  return {
    ...rest,
    ...(minimum !== undefined && (exclusiveMinimum === true ? { exclusiveMinimum: minimum } : { minimum })),
    ...(maximum !== undefined && (exclusiveMaximum === true ? { exclusiveMaximum: maximum } : { maximum })),
  };
}

/** Compiles and caches the document's schemas; `coerced` reads parameter text as fw does. */
export class DocumentSchemas {
  readonly #ajv: Ajv;
  readonly #coercing: Ajv;
  readonly #cache = new Map<string, ValidateFunction>();
  readonly document: OpenApiDocument;
  constructor(document: OpenApiDocument) {
    this.document = document;
    const make = (coerceTypes: boolean) => {
      const ajv = new Ajv({ strict: false, coerceTypes, allErrors: false });
      addFormats.default(ajv);
      ajv.addSchema(JSON.parse(JSON.stringify({ components: document.components ?? {} }, draft07)), 'document');
      return ajv;
    };
    this.#ajv = make(false);
    this.#coercing = make(true);
  }

  /** The validator of `schema` (a part of the document), its `$ref`s into the document's components. */
  validator(schema: unknown, coerced = false): ValidateFunction {
    const text = JSON.stringify(schema, draft07).replaceAll('"#/components/', '"document#/components/');
    const key = `${coerced}${text}`;
    let found = this.#cache.get(key);
    if (found === undefined) {
      found = (coerced ? this.#coercing : this.#ajv).compile(JSON.parse(text));
      this.#cache.set(key, found);
    }
    return found;
  }

  /** `schema` with its top `$ref` (and those of `allOf` members) followed. */
  resolve(schema: any): any {
    let at = schema;
    for (let hops = 0; at?.$ref !== undefined && hops < 10; hops += 1) at = this.document.components.schemas[at.$ref.split('/').pop()];
    if (Array.isArray(at?.allOf)) {
      const members = at.allOf.map((member: unknown) => this.resolve(member));
      return { ...at, allOf: undefined, type: 'object', properties: Object.assign({}, ...members.map((m: any) => m.properties)), required: members.flatMap((m: any) => m.required ?? []) };
    }
    return at;
  }
}

/** A value `schema` accepts, drawn from `random`; undefined when none was found in a few draws. */
export function validValue(schemas: DocumentSchemas, schema: unknown, random: Random, coerced = false): unknown {
  const validate = schemas.validator(schema, coerced);
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const value = draw(schemas, schema, random, 0);
    if (validate(structuredClone(value))) return value;
  }
  return undefined;
}

function draw(schemas: DocumentSchemas, raw: unknown, random: Random, depth: number): unknown {
  const schema = schemas.resolve(raw) ?? {};
  if (schema.enum !== undefined) return random.pick(schema.enum);
  if (schema.default !== undefined && random.chance(0.2)) return schema.default;
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) return draw(schemas, random.pick(branches), random, depth + 1);
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.type === 'integer' ? 1 : 0);
      const max = schema.maximum ?? min + 50;
      const n = random.int(Math.ceil(min), Math.floor(max));
      return schema.type === 'number' && random.chance(0.3) ? n + 0.5 : n;
    }
    case 'boolean':
      return random.chance(0.5);
    case 'array': {
      const length = depth > 2 ? 0 : random.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3));
      return Array.from({ length }, () => draw(schemas, schema.items ?? {}, random, depth + 1));
    }
    case 'object':
      return drawObject(schemas, schema, random, depth);
    default:
      return drawString(schema, random);
  }
}

function drawObject(schemas: DocumentSchemas, schema: any, random: Random, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set<string>(schema.required ?? []);
  for (const [name, property] of Object.entries<any>(schema.properties ?? {})) {
    if (property.readOnly) continue;
    if (required.has(name) || (depth < 3 && random.chance(0.6))) out[name] = draw(schemas, property, random, depth + 1);
  }
  return out;
}

function drawString(schema: any, random: Random): string {
  if (schema.format === 'uri' || schema.format === 'url') return `https://example.com/${random.int(0, 9999)}`;
  if (schema.format === 'date-time') return new Date(Date.UTC(2026, 0, random.int(1, 28))).toISOString();
  if (schema.format === 'date') return `2026-01-${String(random.int(10, 28))}`;
  if (schema.format === 'email') return `user${random.int(0, 999)}@example.com`;
  if (schema.format === 'uuid') return '3f0f8f7a-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
  if (typeof schema.pattern === 'string') {
    const generator = new RandExp(schema.pattern);
    generator.max = 4;
    generator.randInt = (a: number, b: number) => random.int(a, b);
    return generator.gen();
  }
  const min = schema.minLength ?? 1;
  const length = random.int(min, Math.min(schema.maxLength ?? min + 12, min + 12));
  return Array.from({ length }, () => random.pick([...'abcdefghijklmnopqrstuvwxyz0123456789 -_'])).join('');
}

/** Values `schema` refuses (each checked against it): wrong types, out of range, outside the enum or pattern. */
function invalidValues(schemas: DocumentSchemas, raw: unknown, coerced: boolean): unknown[] {
  const schema = schemas.resolve(raw) ?? {};
  const candidates: unknown[] = coerced ? ['not-a-value!', '-1', '0', '1.5', '0x10', ''] : [12345, 'text', true, null, [], {}, -1, 0, 1.5, ''];
  if (typeof schema.maximum === 'number') candidates.push(coerced ? String(schema.maximum + 1) : schema.maximum + 1);
  if (typeof schema.maxLength === 'number') candidates.push('x'.repeat(schema.maxLength + 1));
  const validate = schemas.validator(raw, coerced);
  return candidates.filter((value) => !validate(structuredClone(value)));
}

interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required?: boolean;
  readonly schema?: unknown;
}

/** Settings of one generation run. */
export interface CaseOptions {
  /** The credential that passes each security scheme by name (`bearerAuth` → `Bearer <token>`). */
  readonly credentials?: Readonly<Record<string, Record<string, string>>>;
  /** Path parameter values known to exist (ids of created resources), tried before drawn ones. */
  readonly known?: ReadonlyMap<string, readonly string[]>;
}

function parametersOf(document: OpenApiDocument, path: string, operation: any): Parameter[] {
  return [...(document.paths[path].parameters ?? []), ...(operation.parameters ?? [])];
}

/** The `host` an operation of one host group needs (`x-fw-host`; a wildcard's `*` as `a`). */
function hostHeader(operation: any): Record<string, string> {
  const host = operation['x-fw-host'];
  return typeof host === 'string' ? { host: host.replace('*', 'a') } : {};
}

function credentialHeaders(operation: any, options: CaseOptions): Record<string, string> {
  const first = operation.security?.[0];
  if (first === undefined) return {};
  return Object.assign({}, ...Object.keys(first).map((name) => options.credentials?.[name] ?? {}));
}

/** A valid request of `operation`, or undefined when some value could not be drawn. */
export function validRequest(schemas: DocumentSchemas, path: string, method: string, random: Random, options: CaseOptions): ConformanceRequest | undefined {
  const operation = schemas.document.paths[path][method];
  let url = path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { ...hostHeader(operation), ...credentialHeaders(operation, options) };
  for (const parameter of parametersOf(schemas.document, path, operation)) {
    if (parameter.in !== 'path' && !parameter.required && random.chance(0.5)) continue;
    const known = options.known?.get(parameter.name);
    const value = parameter.in === 'path' && known?.length && random.chance(0.7) ? random.pick(known) : validValue(schemas, parameter.schema ?? {}, random, true);
    if (value === undefined) return undefined;
    place(parameter, String(value), { query, headers, setPath: (text) => (url = url.replace(`{${parameter.name}}`, encodeURIComponent(text))) });
  }
  const content = operation.requestBody?.content?.['application/json'];
  let body: string | undefined;
  if (content !== undefined) {
    const value = validValue(schemas, content.schema, random);
    if (value === undefined) return undefined;
    body = JSON.stringify(value);
    headers['content-type'] = 'application/json';
  }
  const search = query.toString();
  return { method: method.toUpperCase(), url: search === '' ? url : `${url}?${search}`, headers, ...(body !== undefined && { body }) };
}

function place(parameter: Parameter, value: string, into: { query: URLSearchParams; headers: Record<string, string>; setPath: (text: string) => void }): void {
  if (parameter.in === 'path') into.setPath(value);
  else if (parameter.in === 'query') into.query.set(parameter.name, value);
  else if (parameter.in === 'header') into.headers[parameter.name.toLowerCase()] = value;
}

/** The invalid variants of one valid request of `operation`: each a single violation. */
export function invalidRequests(schemas: DocumentSchemas, path: string, method: string, valid: ConformanceRequest, options: CaseOptions): { kind: string; request: ConformanceRequest }[] {
  const operation = schemas.document.paths[path][method];
  const out: { kind: string; request: ConformanceRequest }[] = [];
  const [template = '', search = ''] = valid.url.split('?');
  for (const parameter of parametersOf(schemas.document, path, operation)) {
    for (const bad of invalidValues(schemas, parameter.schema ?? {}, true).slice(0, 3)) {
      const query = new URLSearchParams(search);
      const headers = { ...valid.headers };
      let url = template;
      if (parameter.in === 'path') {
        const at = path.split('/').indexOf(`{${parameter.name}}`);
        const segments = template.split('/');
        segments[at] = encodeURIComponent(String(bad));
        url = segments.join('/');
        if (String(bad) === '') continue; // an empty segment is another path
      }
      place(parameter, String(bad), { query, headers, setPath: () => {} });
      const text = query.toString();
      out.push({ kind: `invalid ${parameter.in} ${parameter.name}=${JSON.stringify(bad)}`, request: { ...valid, url: text === '' ? url : `${url}?${text}`, headers } });
    }
    if (parameter.required && parameter.in !== 'path') {
      const query = new URLSearchParams(search);
      query.delete(parameter.name);
      const headers = { ...valid.headers };
      delete headers[parameter.name.toLowerCase()];
      out.push({ kind: `missing ${parameter.in} ${parameter.name}`, request: { ...valid, url: query.size ? `${template}?${query}` : template, headers } });
    }
  }
  out.push(...invalidBodies(schemas, operation, valid));
  out.push(...authVariants(schemas, operation, valid, options));
  return out;
}

function invalidBodies(schemas: DocumentSchemas, operation: any, valid: ConformanceRequest): { kind: string; request: ConformanceRequest }[] {
  const content = operation.requestBody?.content?.['application/json'];
  if (content === undefined || valid.body === undefined) return [];
  const out: { kind: string; request: ConformanceRequest }[] = [];
  const validate = schemas.validator(content.schema);
  const push = (kind: string, value: unknown) => {
    if (!validate(structuredClone(value))) out.push({ kind, request: { ...valid, body: JSON.stringify(value) } });
  };
  const base = JSON.parse(valid.body);
  const schema = schemas.resolve(content.schema);
  for (const [name, property] of Object.entries<any>(schema?.properties ?? {})) {
    if (property.readOnly) continue; // a client does not send it (OpenAPI 3.0 readOnly); a server may ignore it
    for (const bad of invalidValues(schemas, property, false).slice(0, 2)) push(`invalid body ${name}=${JSON.stringify(bad)}`, { ...base, [name]: bad });
  }
  for (const name of schema?.required ?? []) {
    const { [name]: _, ...rest } = base;
    push(`missing body ${name}`, rest);
  }
  push('body not an object', [base]);
  out.push({ kind: 'malformed JSON body', request: { ...valid, body: valid.body.slice(0, -1) } });
  out.push({ kind: 'content-type text/plain', request: { ...valid, headers: { ...valid.headers, 'content-type': 'text/plain' } } });
  out.push({ kind: 'charset latin1', request: { ...valid, headers: { ...valid.headers, 'content-type': 'application/json; charset=latin1' } } });
  out.push({ kind: 'content-encoding gzip', request: { ...valid, headers: { ...valid.headers, 'content-encoding': 'gzip' } } });
  // Over fw_request_plugin's default max_body_size (1 MiB): a JSON string, so only its size is wrong.
  out.push({ kind: 'body over 1 MiB', request: { ...valid, body: JSON.stringify('x'.repeat(1024 * 1024)) } });
  if (operation.requestBody.required) {
    const { 'content-type': _, ...headers } = valid.headers;
    out.push({ kind: 'no body', request: { method: valid.method, url: valid.url, headers } });
  }
  return out;
}

function authVariants(schemas: DocumentSchemas, operation: any, valid: ConformanceRequest, options: CaseOptions): { kind: string; request: ConformanceRequest }[] {
  const first = operation.security?.[0];
  if (first === undefined || Object.keys(first).length === 0) return [];
  const names = Object.keys(credentialHeaders(operation, options));
  const without = Object.fromEntries(Object.entries(valid.headers).filter(([name]) => !names.includes(name)));
  const wrong = Object.fromEntries(names.map((name) => [name, name === 'authorization' ? 'Bearer wrong-token' : 'wrong-credential']));
  void schemas;
  return [
    { kind: 'credential missing', request: { ...valid, headers: without } },
    { kind: 'credential wrong', request: { ...valid, headers: { ...without, ...wrong } } },
  ];
}

/** Requests no operation describes: other methods on each documented path, and unknown paths. */
export function undocumentedRequests(document: OpenApiDocument, random: Random): ConformanceCase[] {
  const out: ConformanceCase[] = [];
  for (const [path, item] of Object.entries<any>(document.paths)) {
    const url = path.replaceAll(/\{[^}]+\}/g, '1');
    for (const method of METHODS) {
      // `/items/search` without PUT is still `/items/{id}`'s PUT when that path has one.
      const headers = hostHeader(Object.values<any>(item).find((op) => op?.['x-fw-host'] !== undefined) ?? {});
      if (item[method] === undefined && !answeredElsewhere(document, url, method)) out.push({ kind: `undocumented method ${method.toUpperCase()} ${path}`, request: { method: method.toUpperCase(), url, headers }, invalid: true });
    }
  }
  out.push({ kind: 'unknown path', request: { method: 'GET', url: `/no-such-path-${random.int(0, 1e6)}/x`, headers: {} }, invalid: true });
  return out;
}

/** Whether another documented path with `method` matches `url` (a parameter taking any one segment). */
function answeredElsewhere(document: OpenApiDocument, url: string, method: string): boolean {
  return Object.entries<any>(document.paths).some(([path, item]) => {
    if (item[method] === undefined) return false;
    const pattern = path.split(/\{[^}]+\}/).map((part) => part.replaceAll(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+');
    return new RegExp(`^${pattern}$`).test(url);
  });
}

/** The response object `status` falls under in `responses`: exact, its range (`4XX`), else `default`. */
export function responseFor(responses: Record<string, any>, status: number): any {
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

/** The mismatches between `answer` and what the document says of `fuzz`; empty when it is true. */
export function mismatches(schemas: DocumentSchemas, fuzz: ConformanceCase, answer: ConformanceAnswer): string[] {
  const problems: string[] = [];
  if (answer.status >= 200 && answer.status < 300 && fuzz.invalid) problems.push(`an invalid request (${fuzz.kind}) was accepted with ${answer.status}`);
  // schemathesis's positive_data_acceptance: what the document allows is not refused as malformed (a 404, 409 or 412 is state).
  if ((answer.status === 400 || answer.status === 422) && fuzz.kind === 'valid') problems.push(`a valid request was refused with ${answer.status}: ${answer.body.slice(0, 200)}`);
  if (fuzz.operation === undefined) return [...problems, ...undocumentedMismatches(schemas, fuzz, answer)];
  return [...problems, ...responseMismatches(schemas, fuzz.operation.spec.responses, fuzz.request, answer)];
}

/** The mismatches between `answer` and the operation's `responses`: status, content type, body and headers. */
function responseMismatches(schemas: DocumentSchemas, responses: Record<string, any>, request: ConformanceRequest, answer: ConformanceAnswer): string[] {
  const response = responseFor(responses, answer.status);
  if (response === undefined) return [`status ${answer.status} is not declared (declared: ${Object.keys(responses).join(', ')})`];
  const problems: string[] = [];
  const contentType = header(answer, 'content-type')?.split(';')[0]?.trim().toLowerCase();
  const content = response.content as Record<string, any> | undefined;
  if (content === undefined) {
    if (answer.body !== '') problems.push(`status ${answer.status} declares no content, got ${contentType ?? 'no content-type'}: ${answer.body.slice(0, 200)}`);
  } else if (request.method !== 'HEAD') {
    const media = contentType === undefined ? content['*/*'] : (content[contentType] ?? content[`${contentType.split('/')[0]}/*`] ?? content['*/*']);
    if (media === undefined) problems.push(`status ${answer.status} content-type ${contentType ?? '(none)'} is not declared (declared: ${Object.keys(content).join(', ')})`);
    else if (media.schema !== undefined && contentType?.endsWith('json')) problems.push(...bodyMismatches(schemas, media.schema, answer));
  }
  for (const [name, declared] of Object.entries<any>(response.headers ?? {})) {
    const value = header(answer, name.toLowerCase());
    if (value === undefined) {
      if (declared.required) problems.push(`status ${answer.status} lacks its required header ${name}`);
    } else if (declared.schema !== undefined && !schemas.validator(declared.schema, true)(value)) problems.push(`status ${answer.status} header ${name}: ${JSON.stringify(value)} fails its schema`);
  }
  return problems;
}

function bodyMismatches(schemas: DocumentSchemas, schema: unknown, answer: ConformanceAnswer): string[] {
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return [`status ${answer.status} body is not JSON: ${answer.body.slice(0, 200)}`];
  }
  const validate = schemas.validator(schema);
  return validate(body) ? [] : [`status ${answer.status} body ${answer.body.slice(0, 300)} fails its schema: ${JSON.stringify(validate.errors?.slice(0, 2))}`];
}

/**
 * A path no route has answers 404, a method the path does not list 405 with its documented
 * methods in `allow`. A plugin that runs on router misses too (a rate limit's 429) may answer
 * instead: no operation describes such a request, so its answer is checked as the first
 * operation that lists its status declares it (the blog exempts GET /ready from its limit, which
 * lists no 429, and limits POST /ready, which answers 429 like every limited operation).
 */
function undocumentedMismatches(schemas: DocumentSchemas, fuzz: ConformanceCase, answer: ConformanceAnswer): string[] {
  const document = schemas.document;
  const path = fuzz.kind === 'unknown path' ? undefined : fuzz.kind.split(' ').pop()!;
  const expected = path === undefined ? 404 : 405;
  if (answer.status !== expected) {
    const operations = Object.values<any>(document.paths).flatMap((item) => OPERATION_METHODS.map((m) => item[m]).filter((op) => op !== undefined));
    const declaring = operations.find((op) => op.responses[String(answer.status)] !== undefined);
    if (declaring === undefined) return [`answered ${answer.status}, not ${expected}`];
    return responseMismatches(schemas, declaring.responses, fuzz.request, answer);
  }
  if (path === undefined) return [];
  const allow = header(answer, 'allow');
  if (allow === undefined) return ['405 without allow'];
  const listed = new Set(allow.split(',').map((m) => m.trim().toLowerCase()).filter((m) => m !== 'head' && m !== 'options'));
  const documented = new Set(METHODS.filter((m) => document.paths[path][m] !== undefined || answeredElsewhere(document, fuzz.request.url, m)));
  const same = listed.size === documented.size && [...listed].every((m) => documented.has(m as never));
  return same ? [] : [`405 allow: ${allow}, the document lists ${[...documented].join(', ')}`];
}

function header(answer: ConformanceAnswer, name: string): string | undefined {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value as string | undefined);
}

/** Every case of one run: `rounds` valid requests of each operation, each with its invalid variants, then the undocumented ones, shuffled. */
export function conformanceCases(schemas: DocumentSchemas, random: Random, rounds: number, options: CaseOptions): ConformanceCase[] {
  const cases: ConformanceCase[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const [path, item] of Object.entries<any>(schemas.document.paths)) {
      for (const method of OPERATION_METHODS) {
        const spec = item[method];
        if (spec === undefined) continue;
        const valid = validRequest(schemas, path, method, random, options);
        if (valid === undefined) throw new Error(`no valid request of ${method.toUpperCase()} ${path} could be drawn`);
        const operation = { path, method, spec };
        cases.push({ kind: 'valid', request: valid, operation, invalid: false });
        if (round === 0 || random.chance(0.3)) for (const bad of invalidRequests(schemas, path, method, valid, options)) cases.push({ ...bad, operation, invalid: true });
      }
    }
  }
  cases.push(...undocumentedRequests(schemas.document, random));
  for (let i = cases.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [cases[i], cases[j]] = [cases[j]!, cases[i]!];
  }
  return cases;
}

/** Sends a request to `listener` by inject(). */
export function injectSender(listener: FwListener): (request: ConformanceRequest) => Promise<ConformanceAnswer> {
  return async (request) => {
    const res = await inject(listener, { method: request.method, url: request.url, headers: request.headers, ...(request.body !== undefined && { body: request.body }) });
    return { status: res.status, headers: res.headers, body: res.body };
  };
}

/** Serves `listener` on a loopback port 0 and sends requests there with fetch: what a client on a socket reads. */
export async function socketSender(listener: FwListener): Promise<{ send: (request: ConformanceRequest) => Promise<ConformanceAnswer>; close: () => Promise<void> }> {
  const server = createServer(listener.serverOptions, listener.listener);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    async send(request) {
      const res = await fetch(`${base}${request.url}`, { method: request.method, headers: request.headers, ...(request.body !== undefined && { body: request.body }), signal: AbortSignal.timeout(5_000) });
      return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What one run found: each mismatch with its request, and the statuses seen per operation and kind of case. */
export interface ConformanceRun {
  readonly found: string[];
  readonly statuses: Map<string, Set<number>>;
}

/** Sends each case and checks its answer; `leeway` names the (case, answer) pairs the document itself excuses. */
export async function runConformance(
  schemas: DocumentSchemas,
  cases: readonly ConformanceCase[],
  send: (request: ConformanceRequest) => Promise<ConformanceAnswer>,
  leeway: (fuzz: ConformanceCase, answer: ConformanceAnswer) => boolean = () => false,
): Promise<ConformanceRun> {
  const found = new Set<string>();
  const statuses = new Map<string, Set<number>>();
  for (const fuzz of cases) {
    const answer = await send(fuzz.request);
    const where = `${fuzz.request.method} ${fuzz.request.url} (${fuzz.kind})`;
    if (!leeway(fuzz, answer)) for (const problem of mismatches(schemas, fuzz, answer)) found.add(`${where}: ${problem}`);
    const key = fuzz.operation ? `${fuzz.operation.method.toUpperCase()} ${fuzz.operation.path} ${fuzz.kind.replace(/=.*/, '')}` : fuzz.kind;
    statuses.set(key, (statuses.get(key) ?? new Set()).add(answer.status));
  }
  return { found: [...found], statuses };
}

/** Writes a run's statuses as test diagnostics. */
export function reportStatuses(diagnostic: (message: string) => void, run: ConformanceRun): void {
  for (const [key, seen] of [...run.statuses].sort()) diagnostic(`  ${key}: ${[...seen].sort().join(' ')}`);
}

/**
 * The blog's leeway its document states (schemathesis's positive_data_acceptance): two parameters are opaque tokens whose rule no schema
 * can hold (a cursor encodes a list position; an Idempotency-Key is visible ASCII without a comma,
 * or an RFC 8941 string), and their descriptions say which values are refused and how.
 */
export function refusalItsParameterStates(fuzz: ConformanceCase, answer: ConformanceAnswer): boolean {
  if (fuzz.kind !== 'valid' || (answer.status !== 400 && answer.status !== 422) || fuzz.operation === undefined) return false;
  const described = (name: string, rule: RegExp) => fuzz.operation!.spec.parameters?.some((parameter: any) => parameter.name === name && rule.test(parameter.schema.description));
  const { error, code } = JSON.parse(answer.body) as { error: string; code?: string };
  // State, not a malformed request: a key drawn twice (or again by the socket run) for another request.
  if (code === 'idempotency_key_reused') return answer.status === 422;
  if (code === 'idempotency_key_invalid') return described('idempotency-key', /anything else is 400 idempotency_key_invalid/) === true;
  return error.startsWith('cursor is not valid') && described('cursor', /any other value is 400/) === true;
}
