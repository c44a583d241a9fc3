/**
 * fw-core/inspect: what tools (fw-cli's routes, middleware, audit, config, openapi and release commands)
 * need to look into an app without serving it, and the router on its own. Apps use the main entry. This file only re-exports;
 * docs/api.md lists it.
 */
export {
  checkStartup,
  loadApplication,
  type LoadApplicationOptions,
  type LoadedApplication,
} from './app/load-application.ts';
export type { CompiledGroup, CompiledRoutes, HandlerTarget, RouteTarget, StaticTarget } from './app/compile-routes.ts';
export type { PluginChain, PluginInstance, PluginStep } from './plugins/plugin-registry.ts';

export { buildRouteTree, createRouter, renderRouteTree, type CompiledRoute, type Router } from './router/index.ts';
export type { RouteTree, RouteTreeHost, RouteTreeNode, RouteTreeRoute } from './router/index.ts';

export { loadConfig, resolveConfig } from './config/index.ts';
export { closestKey } from './closest-key.ts';
export type { ConfigEntry, ConfigKey, ConfigReport } from './config/index.ts';
