/**
 * What fw's pipeline needs per request, resolved once at start-up.
 */
import type { RouteTarget } from '../app/compile-routes.ts';
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
  readonly traffic: { inflight: number; stopping: boolean };
}
