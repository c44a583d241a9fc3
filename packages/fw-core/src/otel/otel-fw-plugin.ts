/**
 * `otel_fw_plugin` (spec: Events → Activation 4, "Enriched span"): a `pre_request` plugin that
 * names the request's span `<METHOD> <controller_module>:<action>` (with setupTelemetry's
 * `spanNames: 'semconv'`, the semantic conventions' `{method} {http.route}`) and adds `fw.app`,
 * `fw.controller`, `fw.action` and `http.route`. The request metrics take `http.route` from the
 * exchange's route, whether or not a group lists this plugin.
 */
import { context, trace, type Attributes, type Context } from '@opentelemetry/api';
import type { FwRequest, RouteInfo } from '../http/request.ts';
import type { FwPlugin, PluginEnv, PluginOptions, PluginResult } from '../plugins/plugin.ts';
import { normalizeMethod } from './http-attributes.ts';
import { registeredServerTelemetry, semconvRouteSpanName, serverTelemetryIn, type SpanNames } from './server-telemetry.ts';

/** The plugin's name in configuration. */
export const OTEL_PLUGIN_NAME = 'otel_fw_plugin';

/** Span name and attributes of one route, computed once per route. */
interface Enrichment {
  readonly method: string;
  /** The naming style and known methods the name was made for. */
  readonly names: SpanNames;
  readonly known: ReadonlySet<string> | undefined;
  readonly name: string;
  /** Frozen: fw's lean span encodes a frozen object once and copies its bytes into every span. */
  readonly attributes: Attributes;
}

const enrichments = new WeakMap<RouteInfo, Enrichment>();

/** Renames and enriches the active span; takes no options. */
export const otelFwPlugin: FwPlugin<undefined, PluginOptions> = {
  name: OTEL_PLUGIN_NAME,
  plugin_info: () => ({
    title: 'OpenTelemetry span enrichment',
    version: '0.1.0',
    url: 'https://opentelemetry.io/docs/specs/semconv/http/http-spans/',
    description: 'Names the server span after the controller and action and adds fw.app, fw.controller, fw.action and http.route',
    authors: ['fw'],
    options: [],
  }),
  // A router miss has no route to name the span after: its span keeps `HTTP <method>`.
  matchedRoutesOnly: true,
  pre_request: enrich,
};

function enrich(req: FwRequest, _env: PluginEnv, _options: PluginOptions, state: undefined): PluginResult<undefined> {
  const active = context.active();
  const span = trace.getSpan(active);
  if (span !== undefined && span.isRecording()) {
    const enrichment = enrichmentOf(req.route, req.method, active);
    span.updateName(enrichment.name);
    span.setAttributes(enrichment.attributes);
  }
  return ['ok', req, state];
}

function enrichmentOf(route: RouteInfo, method: string, active: Context): Enrichment {
  let enrichment = enrichments.get(route);
  // The stream handler's settings; under another instrumentation, those setupTelemetry registered.
  const server = serverTelemetryIn(active) ?? registeredServerTelemetry();
  const names = server.spanNames;
  // Only semconv names tell known methods from others.
  const known = names === 'semconv' ? server.knownMethods : undefined;
  // One entry per route, rebuilt when the method, the naming style or the known methods change.
  if (enrichment === undefined || enrichment.method !== method || enrichment.names !== names || enrichment.known !== known) {
    const target = route.module === undefined ? route.template : `${route.module}:${route.function ?? ''}`;
    const attributes: Attributes = { 'fw.app': route.app, 'http.route': route.template };
    if (route.module !== undefined) attributes['fw.controller'] = route.module;
    if (route.function !== undefined) attributes['fw.action'] = route.function;
    const name = known !== undefined ? semconvRouteSpanName(normalizeMethod(method, known), route.template) : `${method} ${target}`;
    enrichment = { method, names, known, name, attributes: Object.freeze(attributes) };
    enrichments.set(route, enrichment);
  }
  return enrichment;
}
