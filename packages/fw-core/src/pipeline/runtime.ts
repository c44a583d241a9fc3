/** What fw's pipeline needs per request, resolved once at start-up. */
import type { CompiledRoutes, RouteTarget } from '../app/compile-routes.ts';
import type { JsonLib } from '../http/request.ts';
import type { Logger } from '../log/logger.ts';
import type { Router } from '../router/router.ts';
import type { RouteSchemas } from '../schema/compile-route-schemas.ts';

/** Start-up results shared by every request. */
export interface Runtime {
  readonly app: string;
  readonly environment: string;
  readonly router: Router<RouteTarget>;
  /** Compiled schemas of the routes that have one. */
  readonly schemas: RouteSchemas;
  readonly logger: Logger;
  readonly json: JsonLib;
  readonly useStacktrace: boolean;
  /** The header a client's request id is taken from (`server_configuration.request_id_header`); undefined: always generated. */
  readonly requestIdHeader: string | undefined;
  /** Log one line per request (log level info or lower). */
  readonly logRequests: boolean;
  /** In-flight requests and whether the server is stopping (then responses close their connection, start-server.ts). */
  readonly traffic: Traffic;
  /** The compiled route groups: the pipeline compiles each one's lanes at start (stages.ts). */
  readonly routes: CompiledRoutes;
}

/** The pipeline's count of in-flight requests, and what a graceful stop (graceful-close.ts) needs of it. */
export interface Traffic {
  inflight: number;
  stopping: boolean;
  /** Called after each in-flight request ends, only while stopping: graceful close waits on it instead of polling. */
  onRequestEnd: (() => void) | undefined;
}
