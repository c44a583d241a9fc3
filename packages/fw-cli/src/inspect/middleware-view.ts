/**
 * `fw middleware` in two pure steps: the plain model of a loaded app's plugin chains and route
 * groups (also the `--json` shape), then its text.
 */
import type { PluginEntry } from 'fw-core';
import type { CompiledRoute, LoadedApplication, RouteTarget } from 'fw-core/inspect';
import { additions, runConfigOf } from './config-view.ts';
import {
  handlerLabel,
  handlerModel,
  listedMethods,
  securityModel,
  type HandlerModel,
  type SecurityModel,
} from './route-handler.ts';

/** A plugin registration as shown: options default to `{}`. */
export interface PluginModel {
  readonly phase: string;
  readonly module: string;
  readonly options: unknown;
  /** What listed it at start though fw.config.json does not (`withTelemetry` its otel_fw_plugin); absent for one the file lists. */
  readonly added_by?: string;
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
  // The global entries the app listed at start (fw config marks the same ones); a group's own list is as the app wrote it.
  const { fw, by } = runConfigOf(loaded);
  const file = loaded.config.entries.find((entry) => entry.key === 'plugins')!.value;
  const added = new Set(additions('plugins', file, fw.plugins));
  const global = fw.plugins.map((entry) => pluginModel(entry, added.has(entry.module) ? by : undefined));
  return {
    global,
    router: loaded.app.router.name,
    groups: loaded.routes.groups.map((group) => ({
      prefix: group.prefix,
      host: group.host,
      security: securityModel(group),
      inherits: group.plugins.inherited,
      plugins: group.plugins.inherited ? global : group.plugins.entries.map((entry) => pluginModel(entry)),
      routes: routes.filter((route) => route.data.group === group).flatMap(groupRoutes),
    })),
  };
}

function pluginModel(entry: PluginEntry, addedBy?: string): PluginModel {
  return {
    phase: entry.phase,
    module: entry.module,
    options: entry.options ?? {},
    ...(addedBy !== undefined && { added_by: addedBy }),
  };
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
  return plugins.map(
    (plugin) =>
      `${indent}${plugin.phase}: ${plugin.module} ${JSON.stringify(plugin.options)}${plugin.added_by === undefined ? '' : ` (added by ${plugin.added_by})`}`,
  );
}
