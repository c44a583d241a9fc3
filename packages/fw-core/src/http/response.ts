/** Response descriptions: what controllers return, post_request plugins may replace, fw writes. */

/** Header values as fw sets them. */
export type HeaderMap = Record<string, string | readonly string[]>;

/**
 * A JSON body with a status (200 unless given: fw never guesses 201). The parameters carry the
 * body's and the status's types to typed routes (app/typed-route.ts); elsewhere they stay wide.
 */
export interface JsonResponse<Body = unknown, Status extends number = number> {
  readonly kind: 'json';
  readonly status: Status;
  readonly headers?: HeaderMap;
  readonly body: Body;
}

/** A status with an optional text/binary body, e.g. 204 with none. */
export interface StatusResponse {
  readonly kind: 'status';
  readonly status: number;
  readonly headers?: HeaderMap;
  readonly body?: string | Uint8Array;
}

/** A redirect to `location`. */
export interface RedirectResponse {
  readonly kind: 'redirect';
  readonly status: 301 | 302 | 303 | 307 | 308;
  readonly location: string;
  readonly headers?: HeaderMap;
}

/** A file from disk, streamed, with a content type from its extension unless given. */
export interface FileResponse {
  readonly kind: 'file';
  readonly path: string;
  readonly status?: number;
  readonly headers?: HeaderMap;
}

/**
 * A JSON array written item by item as the client reads it, bare or as `{"<key>": [...]}`: for
 * lists whose size the client chooses. A client gone stops it and closes an async iterator.
 */
export interface JsonStreamResponse<
  Key extends string | undefined = string | undefined,
  Status extends number = number,
> {
  readonly kind: 'json_stream';
  readonly status: Status;
  readonly headers?: HeaderMap;
  /** The items, each encoded with `json_lib` only when its turn to be written comes. */
  readonly items: Iterable<unknown> | AsyncIterable<unknown>;
  /** Wraps the array as `{"<key>": [...]}`; a bare array when undefined. */
  readonly key?: Key;
}

/** Copies what a route's response schema lists of a body (schema/project-response.ts); `each` every item of an array (a jsonStream's), `fields` each listed key. */
export type Projection = ((value: unknown) => unknown) & {
  readonly each?: Projection;
  readonly fields?: ReadonlyMap<string, Projection>;
};

/** Everything a controller may answer. */
export type FwResponse = JsonResponse | StatusResponse | RedirectResponse | FileResponse | JsonStreamResponse;

/** `{kind: 'json'}` with status 200 unless given; the body's and status's types are kept for typed routes. */
export function json<Body>(body: Body): JsonResponse<Body, 200>;
export function json<Body, Status extends number>(
  body: Body,
  status: Status,
  headers?: HeaderMap,
): JsonResponse<Body, Status>;
export function json(body: unknown, status = 200, headers?: HeaderMap): JsonResponse {
  return headers === undefined ? { kind: 'json', status, body } : { kind: 'json', status, body, headers };
}

/** A streamed JSON array, 200 unless given: `jsonStream(rows, {key: 'posts'})` writes `{"posts":[...]}`; the key's and status's types are kept for typed routes (`key` typed even when absent: app/typed-route.ts). */
export function jsonStream<const Key extends string | undefined = undefined, Status extends number = 200>(
  items: Iterable<unknown> | AsyncIterable<unknown>,
  { key, status: code, headers }: { readonly key?: Key; readonly status?: Status; readonly headers?: HeaderMap } = {},
): JsonStreamResponse<Key, Status> & { readonly key: Key } {
  return {
    kind: 'json_stream',
    status: (code ?? 200) as Status,
    items,
    ...(key !== undefined && { key }),
    ...(headers && { headers }),
  } as JsonStreamResponse<Key, Status> & { readonly key: Key };
}

/** A bare status, optionally with headers and a body. */
export function status(code: number, headers?: HeaderMap, body?: string | Uint8Array): StatusResponse {
  return { kind: 'status', status: code, ...(headers && { headers }), ...(body !== undefined && { body }) };
}

/** An HTML page (`text/html; charset=utf-8`). */
export function html(body: string, code = 200, headers?: HeaderMap): StatusResponse {
  return status(code, { 'content-type': 'text/html; charset=utf-8', ...headers }, body);
}

/** A redirect, 302 unless given; `headers` (a `cache-control`) go beside the location, which wins over theirs. */
export function redirect(
  location: string,
  code: RedirectResponse['status'] = 302,
  headers?: HeaderMap,
): RedirectResponse {
  return { kind: 'redirect', status: code, location, ...(headers && { headers }) };
}

/** A file response: streamed from disk, with ETag/Last-Modified and 304 answers like static routes. */
export function sendFile(path: string, headers?: HeaderMap): FileResponse {
  return headers === undefined ? { kind: 'file', path } : { kind: 'file', path, headers };
}

/** True for promises and other thenables: what a handler, plugin or check may return instead of its answer. */
export function isThenable<T>(value: unknown): value is PromiseLike<T> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
