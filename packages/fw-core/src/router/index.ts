/** The router's public API. */
export { createRouter } from './create-router.ts';
export { buildRouteTree, renderRouteTree } from './print-tree.ts';
export type { RouteTree, RouteTreeHost, RouteTreeNode, RouteTreeRoute } from './print-tree.ts';
export { HTTP_METHODS } from './router.ts';
export type { CompiledRoute, HttpMethod, LookupResult, MethodNotAllowed, MethodSpec } from './router.ts';
export type { RouteDefinition, RouteFound, RouteNotFound, Router } from './router.ts';
