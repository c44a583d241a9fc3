/**
 * Collected metrics in the Prometheus text format 0.0.4 with the OpenTelemetry specification's
 * Prometheus compatibility rules (https://opentelemetry.io/docs/specs/otel/compatibility/prometheus_and_openmetrics/):
 * invalid characters (dots) become `_`, the unit becomes a suffix (`s` → `_seconds`, `By` →
 * `_bytes`; `{request}` annotations add nothing), monotonic sums end in `_total`. The npm
 * Prometheus exporter adds no unit suffix, which the spec's `http_server_request_duration_seconds`
 * needs. Resource attributes become `target_info`; every point carries `otel_scope_name`,
 * `otel_scope_version` and `otel_scope_schema_url`, so two libraries' series stay apart.
 */
import { type Attributes, diag } from '@opentelemetry/api';
import type { MetricData, ResourceMetrics, ScopeMetrics } from '@opentelemetry/sdk-metrics';

/** sdk-metrics' `DataPointType`, copied not to load the SDK (otel-prometheus-serializer.test.ts compares). */
export const DATA_POINT_TYPE = Object.freeze({ HISTOGRAM: 0, EXPONENTIAL_HISTOGRAM: 1, GAUGE: 2, SUM: 3 } as const);

/** Content type of the text format. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** The exposition text of `resourceMetrics`. */
export function serializePrometheus(resourceMetrics: ResourceMetrics): string {
  // One family per name, as the text format wants: two scopes' samples of a name go together, and an app's own gauge
  // named target_info joins the resource's (a second `# HELP target_info` would fail the whole scrape).
  const families: Families = new Map();
  const targetLabels = labels(resourceMetrics.resource.attributes);
  if (targetLabels !== '')
    families.set('target_info', {
      type: 'gauge',
      lines: ['# HELP target_info Target metadata', '# TYPE target_info gauge', `target_info${targetLabels} 1`],
    });
  for (const scope of resourceMetrics.scopeMetrics) {
    const scopeLabels = scopeLabelsOf(scope);
    for (const metric of scope.metrics) writeMetric(families, metric, scopeLabels);
  }
  const lines = [...families.values()].flatMap((family) => family.lines);
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** The metric families written so far by name: their type and their lines. */
type Families = Map<string, { readonly type: string; readonly lines: string[] }>;

function writeMetric(families: Families, metric: MetricData, scope: readonly string[]): void {
  const { descriptor } = metric;
  if (metric.dataPointType === DATA_POINT_TYPE.EXPONENTIAL_HISTOGRAM) return; // no text-format equivalent
  const counter = metric.dataPointType === DATA_POINT_TYPE.SUM && metric.isMonotonic;
  const name = metricName(descriptor.name, descriptor.unit, counter);
  const type = metric.dataPointType === DATA_POINT_TYPE.HISTOGRAM ? 'histogram' : counter ? 'counter' : 'gauge';
  // A histogram's family holds its _bucket, _sum and _count samples: a family of another metric by such a name, before or after it, fails the whole scrape.
  const clash = ['_bucket', '_sum', '_count']
    .map((suffix) =>
      type === 'histogram' ? `${name}${suffix}` : name.endsWith(suffix) ? name.slice(0, -suffix.length) : '',
    )
    .find((other) => (type === 'histogram' ? families.has(other) : families.get(other)?.type === 'histogram'));
  if (clash !== undefined)
    return void diag.warn(
      `Prometheus: ${descriptor.name} (${type}) is left out: its samples would be read as ${type === 'histogram' ? clash : `the histogram ${clash}`}'s`,
    );
  // promtool flags a family without help; the OTel name stands in for a missing description.
  const family =
    families.get(name) ??
    families
      .set(name, {
        type,
        lines: [`# HELP ${name} ${escapeHelp(descriptor.description || descriptor.name)}`, `# TYPE ${name} ${type}`],
      })
      .get(name)!;
  // Another type under a taken name (a counter `jobs` beside a gauge `jobs_total`) would lie about it: left out, as the official exporter does.
  if (family.type !== type)
    return void diag.warn(`Prometheus: ${descriptor.name} (${type}) is left out: ${name} is a ${family.type} already`);
  const { lines } = family;
  if (metric.dataPointType !== DATA_POINT_TYPE.HISTOGRAM)
    for (const point of metric.dataPoints)
      lines.push(`${name}${labels(point.attributes, scope)} ${number(point.value)}`);
  else
    for (const point of metric.dataPoints) {
      const { buckets, sum, count } = point.value;
      // The point's labels are made once, each bucket's `le` added after them: a scrape of thousands of series must not block the server for seconds.
      const pointLabels = labels(point.attributes, scope, true);
      const bucket = (le: string): string =>
        `${name}_bucket${pointLabels === '' ? '{' : `${pointLabels.slice(0, -1)},`}le="${le}"}`;
      let cumulative = 0;
      for (const [index, boundary] of buckets.boundaries.entries()) {
        cumulative += buckets.counts[index] ?? 0;
        lines.push(`${bucket(number(boundary))} ${cumulative}`);
      }
      lines.push(`${bucket('+Inf')} ${count}`);
      if (sum !== undefined) lines.push(`${name}_sum${pointLabels} ${number(sum)}`);
      lines.push(`${name}_count${pointLabels} ${count}`);
    }
}

/** `otel_scope_name="…"`, then `otel_scope_version` and `otel_scope_schema_url` when the scope has them (not empty). */
function scopeLabelsOf({ scope }: ScopeMetrics): string[] {
  const parts = [`otel_scope_name="${escapeLabel(scope.name)}"`];
  if (scope.version) parts.push(`otel_scope_version="${escapeLabel(scope.version)}"`);
  if (scope.schemaUrl) parts.push(`otel_scope_schema_url="${escapeLabel(scope.schemaUrl)}"`);
  return parts;
}

/** `{a="1",b="2"}` then the scope labels, or '' without labels; a `histogram`'s points take no attribute labelled le (their buckets' `le` follows). */
function labels(attributes: Attributes, scope: readonly string[] = [], histogram = false): string {
  const merged = new Map<string, string[]>();
  for (const key of Object.keys(attributes).sort()) {
    const value = attributes[key];
    const name = sanitize(key, /[^a-zA-Z0-9_]/g);
    // An empty key (which the SDK's instruments keep) has no label name ({="x"}), and one of the labels fw writes itself (the scope's, a bucket's le) would be given twice: either fails the whole scrape.
    if (
      value === undefined ||
      key === '' ||
      (histogram && name === 'le') ||
      scope.some((label) => label.startsWith(`${name}="`))
    )
      continue;
    // Keys that sanitize to the same label are joined with ';' in key order (spec rule).
    merged.set(name, [...(merged.get(name) ?? []), Array.isArray(value) ? JSON.stringify(value) : String(value)]);
  }
  const parts = [...[...merged].map(([name, values]) => `${name}="${escapeLabel(values.join(';'))}"`), ...scope];
  return parts.length === 0 ? '' : `{${parts.join(',')}}`;
}

/** `value` as the text format writes it (NaN stays `NaN`). */
function number(value: number): string {
  return value === Infinity ? '+Inf' : value === -Infinity ? '-Inf' : String(value);
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function escapeHelp(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/** UCUM units to their Prometheus words. */
const UNIT_WORDS: Readonly<Record<string, string>> = {
  d: 'days',
  h: 'hours',
  min: 'minutes',
  s: 'seconds',
  ms: 'milliseconds',
  us: 'microseconds',
  ns: 'nanoseconds',
  By: 'bytes',
  KiBy: 'kibibytes',
  MiBy: 'mebibytes',
  GiBy: 'gibibytes',
  TiBy: 'tibibytes',
  KBy: 'kilobytes',
  MBy: 'megabytes',
  GBy: 'gigabytes',
  TBy: 'terabytes',
  m: 'meters',
  V: 'volts',
  A: 'amperes',
  J: 'joules',
  W: 'watts',
  g: 'grams',
  Cel: 'celsius',
  Hz: 'hertz',
  '%': 'percent',
};

/** The `per` denominators (`m/s` → `meters_per_second`). */
const PER_WORDS: Readonly<Record<string, string>> = {
  s: 'second',
  m: 'minute',
  h: 'hour',
  d: 'day',
  w: 'week',
  mo: 'month',
  y: 'year',
};

/** The unit suffix for a UCUM unit; '' when it adds none. `1` is `ratio` for gauges only. */
export function unitSuffix(unit: string, isCounter: boolean): string {
  const bare = unit.replace(/\{[^}]*\}/g, '').trim();
  if (bare === '') return '';
  if (bare === '1') return isCounter ? '' : 'ratio';
  const [top = '', ...per] = bare.split('/');
  const bottom = per.join('/');
  const head = top === '' || top === '1' ? '' : (UNIT_WORDS[top] ?? top);
  return sanitize(
    [head, bottom === '' ? '' : `per_${PER_WORDS[bottom] ?? UNIT_WORDS[bottom] ?? bottom}`]
      .filter((part) => part !== '')
      .join('_'),
    /[^a-zA-Z0-9_]/g,
  );
}

/** The Prometheus metric name of an OTel metric. */
export function metricName(name: string, unit: string, isCounter: boolean): string {
  let out = sanitize(name, /[^a-zA-Z0-9_:]/g);
  const suffix = unitSuffix(unit, isCounter);
  if (suffix !== '' && !out.endsWith(`_${suffix}`)) out = `${out}_${suffix}`;
  if (isCounter && !out.endsWith('_total')) out = `${out}_total`;
  return out;
}

function sanitize(text: string, invalid: RegExp): string {
  const out = text.replace(invalid, '_').replace(/__+/g, '_');
  return /^[0-9]/.test(out) ? `_${out}` : out;
}
