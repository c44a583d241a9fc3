/** The router's public API. */
export { createRouter } from './create-router.ts';
export {
  buildRouteTree,
  renderRouteTree,
  type RouteTree,
  type RouteTreeHost,
  type RouteTreeNode,
  type RouteTreeRoute,
} from './print-tree.ts';
export {
  HTTP_METHODS,
  type CompiledRoute,
  type HttpMethod,
  type LookupResult,
  type MethodNotAllowed,
  type MethodSpec,
} from './router.ts';
export type { RouteDefinition, RouteFound, RouteNotFound, Router } from './router.ts';
