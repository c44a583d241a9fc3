/**
 * Route groups that accept request bodies but would never see one decoded. A group's `plugins`
 * replaces the global list (spec: "Request plugins"), so a group that lists, say, only a CORS
 * plugin silently drops the global `fw_request_plugin` and its POST handlers get no `req.body`.
 * The rule stays; this finds such groups as data, for a start-up warning and for `fw audit`.
 *
 * A route accepts a body when it answers POST, PUT or PATCH (the methods `fw_request_plugin`
 * reads; GET, HEAD and DELETE bodies it skips), any method (`_`), or declares a body schema
 * (`options.schema.body`). A group decodes bodies when one of its `pre_request` plugins declares
 * `decodesBodies` (FwPlugin). Groups that inherit the global list are not findings: they run
 * exactly what the rest of the app runs.
 */
import type { CompiledRoute } from '../router/router.ts';
import type { PluginInstance } from '../plugins/plugin-chains.ts';
import { joinPath, type CompiledGroup, type HandlerTarget, type RouteTarget } from './compile-routes.ts';

/** A route of a finding, with the methods of it that take a body (uppercase, `_` for any). */
export interface UndecodedBodyRoute {
  readonly methods: readonly string[];
  readonly route: CompiledRoute<RouteTarget>;
}

/** A group whose own plugin list decodes no bodies, and its routes that accept one. */
export interface GroupWithoutBodyDecoding {
  readonly group: CompiledGroup;
  readonly routes: readonly UndecodedBodyRoute[];
}

/** A warning to log once at start: structured fields and a message. */
export interface StartupWarning {
  readonly fields: Readonly<Record<string, unknown>>;
  readonly message: string;
}

const BODY_METHODS = new Set(['post', 'put', 'patch']);

/** The findings among `routes` (a router's, in definition order), grouped by route group. */
export function groupsWithoutBodyDecoding(routes: readonly CompiledRoute<RouteTarget>[]): GroupWithoutBodyDecoding[] {
  const byGroup = new Map<CompiledGroup, UndecodedBodyRoute[]>();
  for (const route of routes) {
    const { group } = route.data;
    if (group.plugins.inherited || group.plugins.pre.some((step) => decodesBodies(step.instance))) continue;
    const methods = bodyMethods(route);
    if (methods.length === 0) continue;
    const found = byGroup.get(group) ?? [];
    found.push({ methods, route });
    byGroup.set(group, found);
  }
  return [...byGroup].map(([group, found]) => ({ group, routes: found }));
}

/** One `group_without_body_decoding` warning per finding. */
export function bodyDecodingWarnings(findings: readonly GroupWithoutBodyDecoding[]): StartupWarning[] {
  return findings.map(({ group, routes }) => {
    const listed = routes.flatMap(({ methods, route }) => methods.map((method) => `${method} ${route.path}`));
    return {
      fields: { event: 'group_without_body_decoding', prefix: group.prefix, host: group.host, routes: listed },
      message: `route group '${group.prefix}' (host ${group.host}) replaces the global plugins without a body-decoding plugin such as fw_request_plugin, so these routes get no decoded body: ${listed.join(', ')}`,
    };
  });
}

/** Whether an instance decodes bodies, by its plugin's `decodesBodies` marker. */
export function decodesBodies(instance: PluginInstance): boolean {
  const marker = instance.plugin.decodesBodies;
  return typeof marker === 'function' ? marker(instance.options) === true : marker === true;
}

function bodyMethods(route: CompiledRoute<RouteTarget>): string[] {
  if (route.data.kind === 'static') return []; // static routes answer GET and HEAD only
  if (route.methods === '_') return ['_'];
  const writes = route.methods.filter((method) => BODY_METHODS.has(method));
  const methods = writes.length > 0 || !declaresBodySchema(route.data) ? writes : route.methods;
  return methods.map((method) => method.toUpperCase());
}

/**
 * Whether the route's entry declares `options.schema.body`. Read loosely from the group's source
 * entries: RouteTarget does not carry route options, and the schema option is typed elsewhere.
 */
function declaresBodySchema(target: HandlerTarget): boolean {
  return target.group.source.routes.some((entry) => {
    if (!('handler' in entry) || entry.handler !== target.handler) return false;
    if (joinPath(target.group.prefix, entry.path) !== target.info.template) return false;
    const options = entry.options as { readonly schema?: { readonly body?: unknown } } | undefined;
    return options?.schema?.body !== undefined;
  });
}
