/**
 * Routes whose bodies nothing decodes. A group's `plugins` replaces the global list (spec:
 * "Request plugins"), so a group that lists, say, only a CORS plugin has no body stage
 * (fw_request_plugin configures it) and its handlers get no `req.body`. `fw audit` lists every
 * such route that takes a body; the server warns at start about those that declare a body
 * schema, which would answer every request 400 `invalid body`, a good body included.
 */
import type { CompiledRoute } from '../router/router.ts';
import type { CompiledGroup, RouteTarget } from './compile-routes.ts';

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

/**
 * For `fw audit`: groups with plugins of their own that decode no bodies, with their routes
 * that take one (POST, PUT, PATCH, any method, or a body schema). Groups that inherit the
 * global list run what the rest of the app runs: not findings.
 */
export function groupsWithoutBodyDecoding(routes: readonly CompiledRoute<RouteTarget>[]): GroupWithoutBodyDecoding[] {
  const byGroup = new Map<CompiledGroup, UndecodedBodyRoute[]>();
  for (const route of routes) {
    const { group } = route.data;
    if (group.plugins.inherited || decodes(group) || route.data.kind === 'static') continue;
    const methods = route.methods === '_' ? ['_'] : route.methods.filter((method) => BODY_METHODS.has(method));
    const taken = methods.length > 0 || !hasBodySchema(route) ? methods : (route.methods as readonly string[]);
    if (taken.length > 0) byGroup.set(group, [...(byGroup.get(group) ?? []), { methods: taken.map((method) => method.toUpperCase()), route }]);
  }
  return [...byGroup].map(([group, found]) => ({ group, routes: found }));
}

/** One `group_without_body_decoding` warning per group of `findings` with routes that declare a body schema. */
export function bodyDecodingWarnings(findings: readonly GroupWithoutBodyDecoding[]): StartupWarning[] {
  return findings.flatMap(({ group, routes }) => {
    const listed = schemaRoutes(routes.map(({ route }) => route));
    if (listed.length === 0) return [];
    const fields = { event: 'group_without_body_decoding', prefix: group.prefix, host: group.host, routes: listed };
    const message = `route group '${group.prefix}' (host ${group.host}) replaces the global plugins without a body-decoding plugin such as fw_request_plugin, so these routes' body schemas see no body and answer 400 invalid body: ${listed.join(', ')}`;
    return [{ fields, message }];
  });
}

/** The body-schema routes of groups that inherit global plugins that decode no bodies, as one `body_schema_without_decoding` warning. */
export function bodySchemaWithoutDecodingWarnings(routes: readonly CompiledRoute<RouteTarget>[]): StartupWarning[] {
  const listed = schemaRoutes(routes.filter(({ data }) => data.group.plugins.inherited && !decodes(data.group)));
  if (listed.length === 0) return [];
  const message = `no global pre_request plugin decodes request bodies (add fw_request_plugin with decode_json_body to the plugins), so these routes' body schemas see no body and answer 400 invalid body: ${listed.join(', ')}`;
  return [{ fields: { event: 'body_schema_without_decoding', routes: listed }, message }];
}

const BODY_METHODS = new Set(['post', 'put', 'patch']);

/** Whether the group has a body stage, or a pre_request plugin of its own that says it decodes bodies (`decodesBodies`). */
function decodes(group: CompiledGroup): boolean {
  if (group.plugins.decoding !== undefined) return true;
  return group.plugins.pre.some(({ instance }) => {
    const marker = instance.plugin.decodesBodies;
    return typeof marker === 'function' ? marker(instance.options) === true : marker === true;
  });
}

function hasBodySchema(route: CompiledRoute<RouteTarget>): boolean {
  return route.data.kind === 'handler' && route.data.schema?.body !== undefined;
}

/** `METHOD /path` of each route of `routes` that declares a body schema. */
function schemaRoutes(routes: readonly CompiledRoute<RouteTarget>[]): string[] {
  return routes.filter(hasBodySchema).flatMap((route) => (route.methods === '_' ? ['_'] : route.methods.map((method) => method.toUpperCase())).map((method) => `${method} ${route.path}`));
}
