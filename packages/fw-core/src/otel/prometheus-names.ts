/**
 * Metric and label names for the Prometheus text format, following the OpenTelemetry
 * specification's Prometheus compatibility rules
 * (https://opentelemetry.io/docs/specs/otel/compatibility/prometheus_and_openmetrics/):
 * invalid characters (dots) become `_`, the unit becomes a suffix (`s` → `_seconds`, `By` →
 * `_bytes`; `{request}` annotations add nothing), monotonic sums end in `_total`.
 */

/** UCUM units to their Prometheus words. */
const UNIT_WORDS: Readonly<Record<string, string>> = {
  d: 'days', h: 'hours', min: 'minutes', s: 'seconds', ms: 'milliseconds', us: 'microseconds', ns: 'nanoseconds',
  By: 'bytes', KiBy: 'kibibytes', MiBy: 'mebibytes', GiBy: 'gibibytes', TiBy: 'tibibytes',
  KBy: 'kilobytes', MBy: 'megabytes', GBy: 'gigabytes', TBy: 'terabytes',
  m: 'meters', V: 'volts', A: 'amperes', J: 'joules', W: 'watts', g: 'grams',
  Cel: 'celsius', Hz: 'hertz', '%': 'percent',
};

/** The `per` denominators (`m/s` → `meters_per_second`). */
const PER_WORDS: Readonly<Record<string, string>> = { s: 'second', m: 'minute', h: 'hour', d: 'day', w: 'week', mo: 'month', y: 'year' };

/** The unit suffix for a UCUM unit; '' when it adds none. `1` is `ratio` for gauges only. */
export function unitSuffix(unit: string, isCounter: boolean): string {
  const bare = unit.replace(/\{[^}]*\}/g, '').trim();
  if (bare === '') return '';
  if (bare === '1') return isCounter ? '' : 'ratio';
  const slash = bare.indexOf('/');
  const top = slash === -1 ? bare : bare.slice(0, slash);
  const bottom = slash === -1 ? '' : bare.slice(slash + 1);
  const head = top === '' || top === '1' ? '' : (UNIT_WORDS[top] ?? top);
  const tail = bottom === '' ? '' : `per_${PER_WORDS[bottom] ?? UNIT_WORDS[bottom] ?? bottom}`;
  return sanitize([head, tail].filter((part) => part !== '').join('_'), /[^a-zA-Z0-9_]/g);
}

/** The Prometheus metric name of an OTel metric. */
export function metricName(name: string, unit: string, isCounter: boolean): string {
  let out = sanitize(name, /[^a-zA-Z0-9_:]/g);
  const suffix = unitSuffix(unit, isCounter);
  if (suffix !== '' && !out.endsWith(`_${suffix}`)) out = `${out}_${suffix}`;
  if (isCounter && !out.endsWith('_total')) out = `${out}_total`;
  return out;
}

/** The Prometheus label name of an attribute key. */
export function labelName(key: string): string {
  return sanitize(key, /[^a-zA-Z0-9_]/g);
}

function sanitize(text: string, invalid: RegExp): string {
  const out = text.replace(invalid, '_').replace(/__+/g, '_');
  return /^[0-9]/.test(out) ? `_${out}` : out;
}
