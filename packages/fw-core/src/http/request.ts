/**
 * FwRequest: what plugins, security callbacks and controllers receive: Node's request and response
 * (`raw`, `res`) and what the router and plugins found. Plugins return it in their result tuples.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { requestLogger, type Logger } from '../log/logger.ts';
import type { RouteInfo } from '../stream/exchange.ts';
import type { FwResponse, HeaderMap } from './response.ts';

export type { RouteInfo };

/**
 * What an app's security callback and plugins put on its requests, declared by the app through
 * declaration merging (docs/applications-reference.md, "Typed request context"):
 * `declare module 'fw-core' { interface RequestContext { auth_data: User; locals: { tenant: string } } }`.
 */
export interface RequestContext {}

/** `req.auth_data`: the app's `RequestContext['auth_data']`, else unknown. */
export type AuthData = RequestContext extends { readonly auth_data: infer A } ? A : unknown;

/** `req.locals`: the app's `RequestContext['locals']`, else any keys. */
export type Locals = RequestContext extends { readonly locals: infer L } ? L : Record<string, unknown>;

/** A JSON library as `json_lib` names it: fw encodes and decodes every JSON body with it. */
export interface JsonLib {
  stringify(value: unknown): string;
  parse(text: string): unknown;
}

/** The request as the pipeline passes it along. */
export interface FwRequest {
  readonly raw: IncomingMessage;
  readonly res: ServerResponse;
  /** Request id: generated, or the client's when `server_configuration.request_id_header` names its header; echoed in the response. */
  readonly id: string;
  /** The app's `json_lib`: what fw encodes response bodies and decodes request bodies with. */
  readonly json: JsonLib;
  /** Method as sent (uppercase for the standard methods). */
  readonly method: string;
  /** Raw path, without the query string. */
  readonly path: string;
  /** Raw query string without `?`; '' when absent. */
  readonly query: string;
  readonly headers: IncomingHttpHeaders;
  /** Path bindings, percent-decoded once (`{id: "42"}`). */
  readonly bindings: Readonly<Record<string, string>>;
  /** Segments captured by a final `[...]`, else undefined. */
  readonly pathinfo: readonly string[] | undefined;
  readonly route: RouteInfo;
  /** Decoded JSON body (set by fw_request_plugin with decode_json_body); undefined when none. */
  body?: unknown;
  /** Decoded urlencoded form (set by fw_request_plugin with read_urlencoded_body). */
  params?: Record<string, string | string[]>;
  /** The path bindings coerced by the route's `schema.params` (bindings stay strings); undefined without one. */
  pathParams?: Record<string, unknown>;
  /** The query string parsed and coerced by the route's `schema.query` (`query` stays the raw string); undefined without one. */
  queryParams?: Record<string, unknown>;
  /** What a security callback returned with its permission (undefined before, or without); typed by RequestContext. */
  auth_data: AuthData;
  /** The client's address when a plugin knows better (a trusted proxy); the log's `client.address`. */
  clientAddress?: string;
  /** Headers added to whatever response is finally written (CORS and rate-limit headers). */
  readonly responseHeaders: HeaderMap;
  /** The controller's answer, visible to post_request plugins, which may replace it. */
  response?: FwResponse;
  /** Free per-request storage for plugins and handlers; typed by RequestContext. */
  readonly locals: Locals;
  /** The app's logger with `request_id`, and `trace_id`/`span_id` while telemetry records the request, on every line. */
  readonly log: Logger;
  /**
   * Aborted (an `AbortError`) when the connection closes before the answer was ended: the client went away, so
   * work for it can stop (`fetch(url, { signal: req.signal })`, a database query). Made on first read.
   */
  readonly signal: AbortSignal;
}

/** The request's fields as the constructor sets them (what an app declared is theirs to set). */
type RequestFields = {
  -readonly [K in keyof Omit<FwRequest, 'log' | 'signal' | 'auth_data' | 'locals'>]: FwRequest[K];
} & { auth_data: unknown; locals: unknown };

/** Its fields are FwRequest's; the class adds `log` and `signal`. */
export interface PipelineRequest extends Omit<FwRequest, 'log' | 'signal'> {}

/**
 * The FwRequest fw's pipeline makes (pipeline/handle-request.ts): a class, not a literal, so `log`
 * and `signal` are getters that make theirs on first use and a request that never logs or listens
 * allocates neither (bench/server.bench.ts). The constructor sets every field in one order: one shape for all.
 */
export class PipelineRequest {
  readonly #logger: Logger;
  #log: Logger | undefined = undefined;
  #signal: AbortSignal | undefined = undefined;

  constructor(
    raw: IncomingMessage,
    res: ServerResponse,
    id: string,
    json: JsonLib,
    path: string,
    query: string,
    bindings: Readonly<Record<string, string>>,
    pathinfo: readonly string[] | undefined,
    route: RouteInfo,
    logger: Logger,
  ) {
    const fields: RequestFields = this;
    fields.raw = raw;
    fields.res = res;
    fields.id = id;
    fields.json = json;
    fields.method = raw.method ?? 'GET';
    fields.path = path;
    fields.query = query;
    fields.headers = raw.headers;
    fields.bindings = bindings;
    fields.pathinfo = pathinfo;
    fields.route = route;
    // Fields the stages set later, made now, so that setting one later keeps the request's one shape.
    fields.body = fields.params = fields.auth_data = undefined;
    fields.responseHeaders = {};
    fields.response = undefined;
    fields.locals = {};
    this.#logger = logger;
  }

  get log(): Logger {
    return (this.#log ??= requestLogger(this.#logger, this.id));
  }

  get signal(): AbortSignal {
    return (this.#signal ??= abortedWhenGone(this.res));
  }
}

/** Aborted when `res` closes unended; node:http's own `req.signal` is missing before Node 24.x, which `engines` admits. */
function abortedWhenGone(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  const onClose = (): void => void (res.writableEnded || controller.abort());
  if (res.closed) onClose();
  else res.once('close', onClose);
  return controller.signal;
}
