/**
 * What fw's pipeline needs per request, resolved once at start-up.
 */
import type { RouteTarget } from '../app/compile-routes.ts';
import type { Logger } from '../log/logger.ts';
import type { Router } from '../router/router.ts';

/** A JSON library as `json_lib` names it. */
export interface JsonLib {
  stringify(value: unknown): string;
  parse(text: string): unknown;
}

/** Start-up results shared by every request. */
export interface Runtime {
  readonly app: string;
  readonly environment: string;
  readonly router: Router<RouteTarget>;
  readonly logger: Logger;
  readonly json: JsonLib;
  readonly useStacktrace: boolean;
  /** Log one line per request (log level info or lower). */
  readonly logRequests: boolean;
  /** In-flight requests and whether the server is stopping (then responses close their connection). */
  readonly traffic: { inflight: number; stopping: boolean };
}
