/**
 * `otel_fw_plugin` (spec: Events → Activation 4, "Enriched span"): a `pre_request` plugin that
 * names the request's span `<METHOD> <controller_module>:<action>` (with setupTelemetry's
 * `spanNames: 'semconv'`, the semantic conventions' `{method} {http.route}`: span-names.ts), adds `fw.app`,
 * `fw.controller`, `fw.action` and `http.route`, and hands the route template to the stream
 * handler (`exchange.reportedRoute`) so `http.route` reaches the request metrics too: the stream
 * handler records the metrics when the exchange ends and reads the route from the exchange.
 */
import { context, trace, type Attributes } from '@opentelemetry/api';
import type { FwRequest, RouteInfo } from '../http/request.ts';
import type { FwPlugin, PluginEnv, PluginOptions, PluginResult } from '../plugins/plugin.ts';
import { existingExchange } from '../stream/exchange.ts';
import { activeKnownMethods, normalizeMethod } from './http-attributes.ts';
import { activeSpanNames, semconvRouteSpanName, type SpanNames } from './span-names.ts';
import type { LeanAttributeBlock, LeanAttributes } from './lean/lean-span-data.ts';
import { LeanServerSpan } from './lean/lean-span.ts';
import { encodeAttributeBlock } from './lean/otlp-trace-encoder.ts';

/** The plugin's name in configuration. */
export const OTEL_PLUGIN_NAME = 'otel_fw_plugin';

/** Span name and attributes of one route, computed once per route. */
interface Enrichment {
  readonly method: string;
  /** The naming style and known methods the name was made for. */
  readonly names: SpanNames;
  readonly known: ReadonlySet<string> | undefined;
  readonly name: string;
  readonly attributes: Attributes;
  /** The attributes encoded for fw's lean span, once it is first given them. */
  block?: LeanAttributeBlock;
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
  const route = req.route;
  const exchange = existingExchange(req.raw);
  if (exchange !== undefined) exchange.reportedRoute = route.template;
  const span = trace.getSpan(context.active());
  if (span !== undefined && span.isRecording()) {
    const enrichment = enrichmentOf(route, req.method);
    span.updateName(enrichment.name);
    // The lean path's span takes them pre-encoded: one copy per span instead of four key-values to encode.
    if (span instanceof LeanServerSpan) span.setEncodedAttributes((enrichment.block ??= encodeAttributeBlock(enrichment.attributes as LeanAttributes)));
    else span.setAttributes(enrichment.attributes);
  }
  return ['ok', req, state];
}

function enrichmentOf(route: RouteInfo, method: string): Enrichment {
  let enrichment = enrichments.get(route);
  const names = activeSpanNames();
  // Only semconv names tell known methods from others (setupTelemetry fixes the set then).
  const known = names === 'semconv' ? activeKnownMethods() : undefined;
  // One entry per route: a route serving several methods rebuilds when the method changes (or
  // the naming style or known methods, from one setupTelemetry call to the next).
  if (enrichment === undefined || enrichment.method !== method || enrichment.names !== names || enrichment.known !== known) {
    const target = route.module === undefined ? route.template : `${route.module}:${route.function ?? ''}`;
    const attributes: Attributes = { 'fw.app': route.app, 'http.route': route.template };
    if (route.module !== undefined) attributes['fw.controller'] = route.module;
    if (route.function !== undefined) attributes['fw.action'] = route.function;
    const name = known !== undefined ? semconvRouteSpanName(normalizeMethod(method, known), route.template) : `${method} ${target}`;
    enrichment = { method, names, known, name, attributes };
    enrichments.set(route, enrichment);
  }
  return enrichment;
}
