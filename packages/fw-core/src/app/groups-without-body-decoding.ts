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
 *
 * One case in those groups is a finding of its own: a route that declares `schema.body` when the
 * global list decodes no bodies (an app that forgot `fw_request_plugin`). Its schema would see
 * no body, so every request would answer 400 `invalid body` while the client sent a good one.
 */
import type { CompiledRoute, MethodSpec } from '../router/router.ts';
import type { PluginInstance } from '../plugins/plugin-registry.ts';
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
    if (group.plugins.inherited || decodesAny(group)) continue;
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

/**
 * The routes of groups that inherit the global plugins, when those decode no bodies, that declare
 * `schema.body`; as one `body_schema_without_decoding` warning, or none.
 */
export function bodySchemaWithoutDecodingWarnings(routes: readonly CompiledRoute<RouteTarget>[]): StartupWarning[] {
  const listed = routes.flatMap((route) => {
    const { data } = route;
    if (data.kind === 'static' || !data.group.plugins.inherited || decodesAny(data.group)) return [];
    if (!declaresBodySchema(route)) return [];
    return (route.methods === '_' ? ['_'] : route.methods.map((method) => method.toUpperCase())).map((method) => `${method} ${route.path}`);
  });
  if (listed.length === 0) return [];
  return [
    {
      fields: { event: 'body_schema_without_decoding', routes: listed },
      message: `no global pre_request plugin decodes request bodies (add fw_request_plugin with decode_json_body to the plugins), so these routes' body schemas see no body and answer 400 invalid body: ${listed.join(', ')}`,
    },
  ];
}

/** Whether an instance decodes bodies, by its plugin's `decodesBodies` marker. */
export function decodesBodies(instance: PluginInstance): boolean {
  const marker = instance.plugin.decodesBodies;
  return typeof marker === 'function' ? marker(instance.options) === true : marker === true;
}

/** Whether a pre_request plugin of the group's chain decodes bodies. */
function decodesAny(group: CompiledGroup): boolean {
  return group.plugins.pre.some((step) => decodesBodies(step.instance));
}

function bodyMethods(route: CompiledRoute<RouteTarget>): string[] {
  if (route.data.kind === 'static') return []; // static routes answer GET and HEAD only
  if (route.methods === '_') return ['_'];
  const writes = route.methods.filter((method) => BODY_METHODS.has(method));
  const methods = writes.length > 0 || !declaresBodySchema(route) ? writes : route.methods;
  return methods.map((method) => method.toUpperCase());
}

/**
 * Whether the route's entry declares `options.schema.body`. Read loosely from the group's source
 * entries: RouteTarget does not carry route options, and the schema option is typed elsewhere.
 * The entry is the one with the route's handler, path and methods (one handler may serve a GET
 * and, with a body schema, a POST of the same path).
 */
function declaresBodySchema(route: CompiledRoute<RouteTarget>): boolean {
  const target = route.data as HandlerTarget;
  return target.group.source.routes.some((entry) => {
    if (!('handler' in entry) || entry.handler !== target.handler) return false;
    if (joinPath(target.group.prefix, entry.path) !== target.info.template) return false;
    const options = entry.options as { readonly methods?: unknown; readonly schema?: { readonly body?: unknown } } | undefined;
    return sameMethods(options?.methods, route.methods) && options?.schema?.body !== undefined;
  });
}

/** Whether an entry's `options.methods` (default `'_'`) are the compiled route's, repeats aside. */
function sameMethods(declared: unknown, compiled: MethodSpec): boolean {
  if (declared === undefined || declared === '_') return compiled === '_';
  if (compiled === '_' || !Array.isArray(declared)) return false;
  const names = new Set<unknown>(declared);
  return names.size === compiled.length && compiled.every((method) => names.has(method));
}
