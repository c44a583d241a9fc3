/**
 * Every warning fw's start logs: problems that do not stop the app but make part of it do nothing. One list for the
 * server's log and `fw audit`, so `fw audit --strict` sees what the server would say; setupTelemetry warns on its own.
 */
import type { LoadedConfig } from '../config/config.ts';
import type { PluginEntry } from '../plugins/plugin.ts';
import { missRouteOf } from '../router/parse-path.ts';
import type { CompiledRoute } from '../router/router.ts';
import type { CompiledGroup, RouteTarget } from './compile-routes.ts';

/** A warning to log once at start: structured fields (`event` names its kind) and a message. */
export interface StartupWarning {
  readonly fields: Readonly<Record<string, unknown>>;
  readonly message: string;
}

/** The start-up warnings of a loaded app, in a fixed order: routes' body schemas, router misses (of every group: `allGroups`, one without routes takes misses too), security, then telemetry. */
export function startupWarnings(
  config: LoadedConfig,
  routes: readonly CompiledRoute<RouteTarget>[],
  env: NodeJS.ProcessEnv,
  allGroups: readonly CompiledGroup[],
): StartupWarning[] {
  const groups = [...new Set(routes.map(({ data }) => data.group))].sort((a, b) => a.index - b.index);
  return [
    ...bodySchemaWarnings(routes),
    ...missWarnings(allGroups),
    ...securityWarnings(groups),
    ...telemetryWarnings(config, groups, env),
  ];
}

/**
 * One `body_schema_without_decoding` warning per route with a body schema in a group whose plugins decode no JSON
 * bodies (no fw_request_plugin with decode_json_body): the schema would see none, and it refuses a form 415.
 */
function bodySchemaWarnings(routes: readonly CompiledRoute<RouteTarget>[]): StartupWarning[] {
  return routes.flatMap(({ methods, path, data }) => {
    const { prefix, host, plugins } = data.group;
    if (data.kind !== 'handler' || data.schema?.body === undefined || plugins.decoding?.decode_json_body === true)
      return [];
    const route = `${methods === '_' ? '_' : methods.map((method) => method.toUpperCase()).join(', ')} ${path}`;
    const where = plugins.inherited ? 'the global plugins, which the group inherits' : "the group's plugins";
    const [decodes, answers] =
      plugins.decoding === undefined
        ? ['decodes no bodies', 'a request answers']
        : ['decodes urlencoded forms only, into req.params', 'a form answers 415, a JSON body'];
    const message =
      `route ${route} (group '${prefix}'${host === '_' ? '' : `, host ${host}`}) declares a body schema but its group ${decodes}: ` +
      `fw will not decode its JSON body, so the schema sees no body (${answers} 400 invalid body) unless a plugin of the group sets req.body; ` +
      `to fix, list fw_request_plugin with decode_json_body: true in ${where}`;
    return [{ fields: { event: 'body_schema_without_decoding', route, prefix, host }, message }];
  });
}

/** `misses_without_plugins`: a first group of a host and prefix shape (as misses are routed: `/t/:a` is `/t/:b`) that runs no plugin on 404s and 405s, before one that does. */
function missWarnings(groups: readonly CompiledGroup[]): StartupWarning[] {
  const onMisses = (group: CompiledGroup) =>
    group.plugins.pre
      .filter((step) => step.instance.plugin.matchedRoutesOnly !== true)
      .map((step) => step.instance.plugin.name);
  const same = (a: CompiledGroup) => (b: CompiledGroup) => missRouteOf(a).shape === missRouteOf(b).shape;
  return groups.flatMap((first, at) => {
    const later = groups.slice(at + 1).find((group) => same(first)(group) && onMisses(group).length > 0);
    if (later === undefined || onMisses(first).length > 0 || groups.slice(0, at).some(same(first))) return [];
    const [{ prefix, host }, skipped] = [first, onMisses(later)];
    const message = `router misses (404, 405) under '${prefix}'${host === '_' ? '' : ` on host ${host}`} run the plugins of the first group there, none, not the later group's (${skipped.join(', ')}): list the group with plugins: [] after the other (docs/pipeline.md, "Router misses")`;
    return [{ fields: { event: 'misses_without_plugins', prefix, host, skipped }, message }];
  });
}

/** `security_refuses_every_request`: a group whose security callback says it refuses every request (bearerAuth given no token, or a callback of the app marked refusesEveryRequest). */
function securityWarnings(groups: readonly CompiledGroup[]): StartupWarning[] {
  return groups.flatMap(({ prefix, host, security }) => {
    if (security === false || security.refusesEveryRequest !== true) return [];
    const message = `the security of group '${prefix}'${host === '_' ? '' : ` on host ${host}`} (${security.name}) refuses every request: it says refusesEveryRequest, as bearerAuth does when given no token (unset, '' or []); give it what it checks, e.g. the token in the variable its routes function reads from env`;
    return [{ fields: { event: 'security_refuses_every_request', prefix, host, security: security.name }, message }];
  });
}

// fw-core/otel's names, as literals: this entry never imports OpenTelemetry (otel/otel-stream-handler.ts, otel/server-telemetry.ts).
export const OTEL_STREAM_HANDLER = 'otel_fw_stream_h';
export const OTEL_PLUGIN = 'otel_fw_plugin';

const listsOtelPlugin = (entries: readonly PluginEntry[] | undefined): boolean =>
  entries?.some((entry) => entry.module === OTEL_PLUGIN) === true;

/**
 * `telemetry_without_stream_handler` when configuration lists otel_fw_plugin (globally or in a group) but not
 * otel_fw_stream_h, so nothing makes the server span. Listing neither is running without telemetry, warned only
 * when the environment names a collector (`telemetry_env_without_setup`): the deployment expects traces that never come.
 */
function telemetryWarnings(
  config: LoadedConfig,
  groups: readonly CompiledGroup[],
  env: NodeJS.ProcessEnv,
): StartupWarning[] {
  const streamHandlers = config.fw.server_configuration.stream_handlers;
  if (streamHandlers.includes(OTEL_STREAM_HANDLER))
    return listsOtelPlugin(config.fw.plugins) ? groupsWithoutTelemetryPlugin(groups) : [];
  const listing = new Set(
    groups.filter((group) => listsOtelPlugin(group.source.plugins)).map((group) => `group '${group.prefix}'`),
  );
  const listedIn = [...(listsOtelPlugin(config.fw.plugins) ? ['the global plugins'] : []), ...listing];
  const named = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'].find(
    (name) => (env[name] ?? '') !== '',
  );
  if (listedIn.length === 0 && (named === undefined || /^true$/i.test(env.OTEL_SDK_DISABLED ?? ''))) return [];
  if (listedIn.length === 0) {
    const message = `${named} is set but the app sets up no telemetry (${OTEL_STREAM_HANDLER} is not in stream_handlers): no request is traced and nothing is exported; to fix, wrap the app in withTelemetry from fw-core/otel (docs/telemetry.md, "In one call")`;
    return [{ fields: { event: 'telemetry_env_without_setup', variable: named }, message }];
  }
  const message = `${OTEL_PLUGIN} is listed in ${listedIn.join(', ')} but ${withoutStreamHandler(streamHandlers)}`;
  const fields = { event: 'telemetry_without_stream_handler', listed_in: listedIn, stream_handlers: streamHandlers };
  return [{ fields, message }];
}

/**
 * `telemetry_plugin_missing_in_group`: a group whose own plugin list (not `[]`, which opts out of every plugin) leaves out the
 * otel_fw_plugin the global list has, so its spans keep `HTTP <method>` and carry no route.
 */
function groupsWithoutTelemetryPlugin(groups: readonly CompiledGroup[]): StartupWarning[] {
  return groups.flatMap(({ prefix, host, source: { plugins } }) => {
    if (plugins === undefined || plugins.length === 0 || listsOtelPlugin(plugins)) return [];
    const message = `group '${prefix}'${host === '_' ? '' : ` on host ${host}`} lists plugins of its own without ${OTEL_PLUGIN}, which the global plugins list: its requests are traced, but their spans keep the name HTTP <method> and carry no http.route or fw.controller; to fix, add {"phase": "pre_request", "module": "${OTEL_PLUGIN}"} to its plugins`;
    return [{ fields: { event: 'telemetry_plugin_missing_in_group', prefix, host }, message }];
  });
}

/**
 * The server_configurations whose telemetry_without_stream_handler warning the server logged: added by createListener's open()
 * (server/create-listener.ts), read by setupTelemetry (otel/setup-telemetry.ts), which then does not say it again.
 */
export const warnedWithoutStreamHandler = new WeakSet<object>();

/** Why telemetry stays empty without otel_fw_stream_h in `streamHandlers`, and the fix (setupTelemetry's warning too). */
export function withoutStreamHandler(streamHandlers: readonly string[]): string {
  return (
    `server_configuration.stream_handlers (${JSON.stringify(streamHandlers)}) does not list ${OTEL_STREAM_HANDLER}, so fw makes no server span: ` +
    'no request is traced (0 spans exported) and the HTTP metrics stay empty; to fix, list it first, ' +
    `"stream_handlers": ["${OTEL_STREAM_HANDLER}", "fw_stream_h"], and give otelStreamHandler (fw-core/otel) to defineApp({streamHandlers: [otelStreamHandler]})`
  );
}
