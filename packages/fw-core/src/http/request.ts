/**
 * FwRequest: what plugins, security callbacks and controllers receive: Node's request and response
 * (`raw`, `res`) and what the router and plugins found. Plugins return it in their result tuples.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { RouteInfo } from '../stream/exchange.ts';
import type { FwResponse, HeaderMap } from './response.ts';

export type { RouteInfo };

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
  /** What a security callback returned with its permission. */
  auth_data?: unknown;
  /** The client's address when a plugin knows better (a trusted proxy); the log's `client.address`. */
  clientAddress?: string;
  /** Headers added to whatever response is finally written (CORS and rate-limit headers). */
  readonly responseHeaders: HeaderMap;
  /** The controller's answer, visible to post_request plugins, which may replace it. */
  response?: FwResponse;
  /** Free per-request storage for plugins and handlers. */
  readonly locals: Record<string, unknown>;
}
