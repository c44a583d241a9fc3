/**
 * `fw middleware` in two pure steps: the plain model of a loaded app's plugin chains and route
 * groups (also the `--json` shape), then its text.
 */
import type { PluginEntry } from 'fw-core';
import type { CompiledRoute, LoadedApplication, RouteTarget } from 'fw-core/inspect';
import { handlerLabel, handlerModel, listedMethods, securityModel, type HandlerModel, type SecurityModel } from './route-handler.ts';

/** A plugin registration as shown: options default to `{}`. */
export interface PluginModel {
  readonly phase: string;
  readonly module: string;
  readonly options: unknown;
}

/** One method of one route of a group. */
export interface GroupRouteModel {
  readonly method: string;
  readonly path: string;
  readonly handler: HandlerModel;
}

/** One route group. `plugins` is the chain the group runs (the global one when it inherits). */
export interface GroupModel {
  readonly prefix: string;
  readonly host: string;
  readonly security: SecurityModel;
  readonly inherits: boolean;
  readonly plugins: readonly PluginModel[];
  readonly routes: readonly GroupRouteModel[];
}

/** What `fw middleware --json` prints. */
export interface MiddlewareModel {
  readonly global: readonly PluginModel[];
  readonly router: string;
  readonly groups: readonly GroupModel[];
}

/** The model of a loaded application, groups and routes in definition order. */
export function buildMiddlewareModel(loaded: LoadedApplication): MiddlewareModel {
  const routes = loaded.router.routes();
  return {
    global: loaded.config.fw.plugins.map(pluginModel),
    router: loaded.app.router.name,
    groups: loaded.routes.groups.map((group) => ({
      prefix: group.prefix,
      host: group.host,
      security: securityModel(group),
      inherits: group.plugins.inherited,
      plugins: group.plugins.entries.map(pluginModel),
      routes: routes.filter((route) => route.data.group === group).flatMap(groupRoutes),
    })),
  };
}

function pluginModel(entry: PluginEntry): PluginModel {
  return { phase: entry.phase, module: entry.module, options: entry.options ?? {} };
}

function groupRoutes(route: CompiledRoute<RouteTarget>): GroupRouteModel[] {
  const handler = handlerModel(route.data);
  return listedMethods(route).map((method) => ({ method, path: route.data.info.template, handler }));
}

/** The text of `fw middleware`, without a trailing newline. */
export function renderMiddleware(model: MiddlewareModel): string {
  const lines = ['=== Global Plugins ==='];
  lines.push(...pluginLines(model.global, '  '));
  lines.push(`=== Route Groups (${model.router}) ===`);
  for (const group of model.groups) {
    const host = group.host === '_' ? '' : `  host=${group.host}`;
    lines.push(`Group: prefix=${group.prefix}  security=${String(group.security)}${host}`);
    lines.push('  Plugins:');
    lines.push(...(group.inherits ? ['    (inherits global)'] : pluginLines(group.plugins, '    ')));
    lines.push('  Routes:');
    if (group.routes.length === 0) lines.push('    (none)');
    for (const route of group.routes) lines.push(`    ${route.method} ${route.path} -> ${handlerLabel(route.handler)}`);
  }
  return lines.join('\n');
}

function pluginLines(plugins: readonly PluginModel[], indent: string): string[] {
  if (plugins.length === 0) return [`${indent}(none)`];
  return plugins.map((plugin) => `${indent}${plugin.phase}: ${plugin.module} ${JSON.stringify(plugin.options)}`);
}
