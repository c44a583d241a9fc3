/**
 * How fw names its server spans (issue 36, item 9). `fw`, the default, is the spec's: `HTTP
 * <method>` when the span starts, and otel_fw_plugin's `<method> <controller_module>:<action>`
 * (or `<method> <route template>`) once the route is known. `semconv` gives the HTTP semantic
 * conventions' names (https://opentelemetry.io/docs/specs/semconv/http/http-spans/#name),
 * which tracing backends group by: `{method} {http.route}`, `{method}` when no route matched,
 * and `HTTP` in place of a method that is not a known one (`http.request.method` `_OTHER`).
 * Chosen once per setupTelemetry call (option `spanNames`, or FW_OTEL_SPAN_NAMES over it), the
 * same on both paths.
 */

/** The two naming styles. */
export type SpanNames = 'fw' | 'semconv';

let active: SpanNames = 'fw';

/** The style spans are named in from now on. */
export function activeSpanNames(): SpanNames {
  return active;
}

/** Makes `names` the style (setupTelemetry); returns the function that undoes it. */
export function useSpanNames(names: SpanNames): () => void {
  const previous = active;
  active = names;
  return () => {
    active = previous;
  };
}

/** Whether `value` names a style. */
export function isSpanNames(value: unknown): value is SpanNames {
  return value === 'fw' || value === 'semconv';
}

/** The name a server span starts with, before any route is known; `method` is `http.request.method` (`_OTHER` when unknown). */
export function startSpanName(names: SpanNames, method: string): string {
  if (names === 'fw') return `HTTP ${method}`;
  return method === '_OTHER' ? 'HTTP' : method;
}

/** The semantic conventions' name of a routed request: `{method} {http.route}`, `HTTP {http.route}` for an unknown method. */
export function semconvRouteSpanName(method: string, route: string): string {
  return `${method === '_OTHER' ? 'HTTP' : method} ${route}`;
}
