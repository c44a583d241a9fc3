/**
 * No OTEL_* variable is ignored silently (issue 36, item 6). The walk below sets each variable
 * the OpenTelemetry SDK configuration lists, alone (or with the variable it qualifies), and
 * checks that fw either honours it (what readEnvConfig makes of the environment changes; the
 * behaviour each change causes is tested in the other otel-env-* and otel-* tests), or refuses it
 * at start with a coded error naming it, or warns that it has no effect, naming it.
 *
 * The list's sources: the OpenTelemetry specification's "Environment Variable Specification"
 * (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/: general SDK,
 * batch span and log record processors, attribute, span and log record limits, exporter selection,
 * Zipkin, Prometheus, periodic metric reader, exemplars), the OTLP exporter configuration
 * (https://opentelemetry.io/docs/specs/otel/protocol/exporter/: endpoint, headers, timeout,
 * compression, protocol, certificates, insecure, per signal; the metrics temporality and
 * histogram aggregation), the deprecated Jaeger exporter's, and those only the JavaScript SDK
 * reads (@opentelemetry/sdk-node: OTEL_NODE_RESOURCE_DETECTORS, OTEL_NODE_ENABLED_INSTRUMENTATIONS,
 * OTEL_NODE_DISABLED_INSTRUMENTATIONS; @opentelemetry/instrumentation: OTEL_SEMCONV_STABILITY_OPT_IN;
 * instrumentation-http: OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS), and OTEL_CONFIG_FILE (declarative configuration).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import { FwError } from '../src/errors.ts';
import { READ_VARIABLES, readEnvConfig } from '../src/otel/env-config.ts';

/** A variable, a value to set it to, and the variables it needs beside it to mean anything. */
type Entry = readonly [name: string, value: string, context?: Readonly<Record<string, string>>];

const OTLP_PARTS: readonly Entry[] = ['', 'TRACES_', 'METRICS_', 'LOGS_'].flatMap((signal): Entry[] => [
  [`OTEL_EXPORTER_OTLP_${signal}ENDPOINT`, 'http://collector.example:4318/x'],
  [`OTEL_EXPORTER_OTLP_${signal}HEADERS`, 'x-tenant=a'],
  [`OTEL_EXPORTER_OTLP_${signal}TIMEOUT`, '2000'],
  [`OTEL_EXPORTER_OTLP_${signal}COMPRESSION`, 'gzip'],
  [`OTEL_EXPORTER_OTLP_${signal}PROTOCOL`, 'http/json'],
  [`OTEL_EXPORTER_OTLP_${signal}CERTIFICATE`, '/etc/ssl/ca.pem'],
  [`OTEL_EXPORTER_OTLP_${signal}CLIENT_CERTIFICATE`, '/etc/ssl/client.pem'],
  [`OTEL_EXPORTER_OTLP_${signal}CLIENT_KEY`, '/etc/ssl/client.key'],
  [`OTEL_EXPORTER_OTLP_${signal}INSECURE`, 'true'],
]);

const WALK: readonly Entry[] = [
  ['OTEL_SDK_DISABLED', 'true'],
  ['OTEL_SERVICE_NAME', 'walker'],
  ['OTEL_RESOURCE_ATTRIBUTES', 'team=a'],
  ['OTEL_LOG_LEVEL', 'debug'],
  // `b3` needs @opentelemetry/propagator-b3 (a root devDependency): honoured, or refused naming it.
  ['OTEL_PROPAGATORS', 'b3'],
  ['OTEL_PROPAGATORS', 'none'],
  ['OTEL_TRACES_SAMPLER', 'always_off'],
  ['OTEL_TRACES_SAMPLER_ARG', '0.5', { OTEL_TRACES_SAMPLER: 'traceidratio' }],
  // Beside a sampler that takes no argument (the default one here), it has no effect: warned about.
  ['OTEL_TRACES_SAMPLER_ARG', '0.25'],
  ['OTEL_TRACES_SAMPLER_ARG', '0.25', { OTEL_TRACES_SAMPLER: 'always_on' }],
  ['OTEL_BSP_SCHEDULE_DELAY', '100'],
  ['OTEL_BSP_EXPORT_TIMEOUT', '100'],
  ['OTEL_BSP_MAX_QUEUE_SIZE', '10'],
  ['OTEL_BSP_MAX_EXPORT_BATCH_SIZE', '5'],
  ['OTEL_BLRP_SCHEDULE_DELAY', '100'],
  ['OTEL_BLRP_EXPORT_TIMEOUT', '100'],
  ['OTEL_BLRP_MAX_QUEUE_SIZE', '10'],
  ['OTEL_BLRP_MAX_EXPORT_BATCH_SIZE', '5'],
  ['OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT', '10'],
  ['OTEL_ATTRIBUTE_COUNT_LIMIT', '10'],
  ['OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT', '10'],
  ['OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT', '10'],
  ['OTEL_SPAN_EVENT_COUNT_LIMIT', '10'],
  ['OTEL_SPAN_LINK_COUNT_LIMIT', '10'],
  ['OTEL_EVENT_ATTRIBUTE_COUNT_LIMIT', '10'],
  ['OTEL_LINK_ATTRIBUTE_COUNT_LIMIT', '10'],
  ['OTEL_LOGRECORD_ATTRIBUTE_VALUE_LENGTH_LIMIT', '10'],
  ['OTEL_LOGRECORD_ATTRIBUTE_COUNT_LIMIT', '10'],
  ['OTEL_TRACES_EXPORTER', 'none'],
  ['OTEL_METRICS_EXPORTER', 'otlp'],
  ['OTEL_LOGS_EXPORTER', 'otlp'],
  ['OTEL_EXPORTER_ZIPKIN_ENDPOINT', 'http://zipkin:9411/api/v2/spans'],
  ['OTEL_EXPORTER_ZIPKIN_TIMEOUT', '1000'],
  ['OTEL_EXPORTER_PROMETHEUS_HOST', '0.0.0.0'],
  ['OTEL_EXPORTER_PROMETHEUS_PORT', '9464'],
  ['OTEL_EXPORTER_JAEGER_AGENT_HOST', 'jaeger'],
  ['OTEL_EXPORTER_JAEGER_ENDPOINT', 'http://jaeger:14268/api/traces'],
  ['OTEL_METRIC_EXPORT_INTERVAL', '1000'],
  ['OTEL_METRIC_EXPORT_TIMEOUT', '1000'],
  ['OTEL_METRICS_EXEMPLAR_FILTER', 'always_on'],
  ['OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE', 'delta'],
  ['OTEL_EXPORTER_OTLP_METRICS_DEFAULT_HISTOGRAM_AGGREGATION', 'base2_exponential_bucket_histogram'],
  ...OTLP_PARTS,
  ['OTEL_NODE_RESOURCE_DETECTORS', 'env,host'],
  ['OTEL_NODE_ENABLED_INSTRUMENTATIONS', 'http'],
  ['OTEL_NODE_DISABLED_INSTRUMENTATIONS', 'fs'],
  ['OTEL_SEMCONV_STABILITY_OPT_IN', 'http'],
  ['OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS', 'GET,POST'],
  ['OTEL_CONFIG_FILE', '/etc/otel.yaml'],
];

/** What fw made of `env`: its config without the warnings, and the warnings; or the error it refused it with. */
function outcome(env: NodeJS.ProcessEnv): { config?: object; warnings: readonly string[]; error?: FwError } {
  try {
    const { warnings, ...config } = readEnvConfig(env);
    return { config, warnings };
  } catch (error) {
    assert.ok(error instanceof FwError, `not a coded error: ${String(error)}`);
    return { warnings: [], error };
  }
}

describe('every OTEL_* variable of the SDK is honoured, refused or warned about', () => {
  for (const [name, value, context = {}] of WALK) {
    it(`${name}=${value}${Object.entries(context).map(([other, set]) => `, ${other}=${set}`).join('')}`, () => {
      const before = outcome({ ...context });
      const after = outcome({ ...context, [name]: value });
      if (after.error !== undefined) {
        assert.match(after.error.message, new RegExp(`^${name}=`), 'a refusal names the variable');
        return;
      }
      const warned = after.warnings.filter((warning) => warning.startsWith(name) && !before.warnings.includes(warning));
      const honoured = !isDeepStrictEqual(before.config, after.config);
      assert.ok(honoured !== (warned.length > 0), `${name}: ${honoured ? 'honoured and warned about as not read' : 'neither honoured nor warned about: ignored silently'}`);
    });
  }

  it('the walk covers every variable fw reads', () => {
    const walked = new Set(WALK.map(([name]) => name));
    assert.deepEqual([...READ_VARIABLES].filter((name) => !walked.has(name)), []);
  });

  it('a variable fw does not know is warned about too', () => {
    assert.deepEqual(outcome({ OTEL_SOMETHING_NEW: 'x' }).warnings, ['OTEL_SOMETHING_NEW is set but fw does not read it (fw does not support it): it has no effect']);
  });

  it('a misspelt variable fw reads is named, and a variable fw knows it does not read keeps its reason', () => {
    assert.deepEqual(outcome({ OTEL_EXPORTER_OTLP_ENDPONT: 'http://collector:4318' }).warnings, ['OTEL_EXPORTER_OTLP_ENDPONT is set but fw does not read it (did you mean OTEL_EXPORTER_OTLP_ENDPOINT?): it has no effect']);
    assert.deepEqual(outcome({ OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: 'http://collector:4318' }).warnings, ['OTEL_EXPORTER_OTLP_LOGS_ENDPOINT is set but fw does not read it (fw exports no OpenTelemetry logs): it has no effect']);
  });
});
