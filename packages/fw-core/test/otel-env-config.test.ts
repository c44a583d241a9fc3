/**
 * The standard OTEL_* variables setupTelemetry reads: endpoints (the base gets /v1/traces
 * appended, the signal's own is used as given), service name and resource attributes, sampler,
 * exporters, batch limits, OTEL_SDK_DISABLED; malformed values fail start-up with a code.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diag, DiagLogLevel } from '@opentelemetry/api';
import { DEFAULT_TRACES_ENDPOINT, readEnvConfig } from '../src/otel/env-config.ts';
import { setupTelemetry, type TelemetryOptions } from '../src/otel/index.ts';
import { startOtlpReceiver } from './support/otel-receiver.ts';

describe('OTEL_* environment', () => {
  it('defaults: traces to http://localhost:4318/v1/traces, no metrics push, parent-based always-on', () => {
    const config = readEnvConfig({});
    assert.equal(config.tracesEndpoint, DEFAULT_TRACES_ENDPOINT);
    assert.equal(DEFAULT_TRACES_ENDPOINT, 'http://localhost:4318/v1/traces');
    assert.equal(config.metricsEndpoint, undefined);
    assert.equal(config.sampler, 'parentbased_always_on');
    assert.equal(config.disabled, false);
    // Unset: setupTelemetry's exportIntervalMs applies, else EXPORT_INTERVAL_MS (5000); the variable, when set, wins over both.
    assert.equal(config.metricExportIntervalMs, undefined);
    assert.equal(config.tracesTimeoutMs, 10_000);
  });

  it('appends the signal path to OTEL_EXPORTER_OTLP_ENDPOINT and uses the signal endpoints as given', () => {
    assert.equal(readEnvConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracesEndpoint, 'http://collector:4318/v1/traces');
    assert.equal(readEnvConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).metricsEndpoint, 'http://collector:4318/v1/metrics');
    const own = readEnvConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:1', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:2/custom', OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: 'http://c:3/m' });
    assert.equal(own.tracesEndpoint, 'http://b:2/custom');
    assert.equal(own.metricsEndpoint, 'http://c:3/m');
    assert.equal(readEnvConfig({ OTEL_TRACES_EXPORTER: 'none' }).tracesEndpoint, undefined);
    assert.equal(readEnvConfig({ OTEL_METRICS_EXPORTER: 'otlp' }).metricsEndpoint, 'http://localhost:4318/v1/metrics');
  });

  it('reads sampler, ratio, resource attributes, headers and batch limits', () => {
    const config = readEnvConfig({
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=prod,team=a%2Cb',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=secret,x-tenant=a',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-tenant=traces',
      OTEL_EXPORTER_OTLP_METRICS_HEADERS: 'x-tenant=metrics',
      OTEL_BSP_MAX_QUEUE_SIZE: '100',
      OTEL_SDK_DISABLED: 'TRUE',
    });
    assert.equal(config.sampler, 'parentbased_traceidratio');
    assert.equal(config.samplerRatio, 0.25);
    assert.deepEqual(config.resourceAttributes, { 'deployment.environment': 'prod', team: 'a,b' });
    // Each signal's own variable wins for its exporter only.
    assert.deepEqual(config.tracesHeaders, { 'x-api-key': 'secret', 'x-tenant': 'traces' });
    assert.deepEqual(config.metricsHeaders, { 'x-api-key': 'secret', 'x-tenant': 'metrics' });
    assert.deepEqual(config.batch, { maxQueueSize: 100 });
    assert.equal(config.disabled, true);
  });

  it('reads the metrics push compression and temporality, a signal\'s own compression over the shared one', () => {
    assert.deepEqual(pick(readEnvConfig({})), { tracesCompression: undefined, metricsCompression: undefined, metricsTemporality: 'cumulative' });
    const shared = readEnvConfig({ OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip', OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE: 'LowMemory' });
    assert.deepEqual(pick(shared), { tracesCompression: 'gzip', metricsCompression: 'gzip', metricsTemporality: 'lowmemory' });
    const own = readEnvConfig({ OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip', OTEL_EXPORTER_OTLP_METRICS_COMPRESSION: 'none', OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE: 'delta' });
    assert.deepEqual(pick(own), { tracesCompression: 'gzip', metricsCompression: 'none', metricsTemporality: 'delta' });
  });

  const bad: Record<string, Record<string, string>> = {
    OTEL_TRACES_SAMPLER: { OTEL_TRACES_SAMPLER: 'sometimes' },
    OTEL_TRACES_SAMPLER_ARG: { OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '2' },
    OTEL_EXPORTER_OTLP_ENDPOINT: { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' },
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'ftp://x/y' },
    OTEL_RESOURCE_ATTRIBUTES: { OTEL_RESOURCE_ATTRIBUTES: 'novalue' },
    OTEL_BSP_MAX_QUEUE_SIZE: { OTEL_BSP_MAX_QUEUE_SIZE: '-1' },
    OTEL_TRACES_EXPORTER: { OTEL_TRACES_EXPORTER: 'zipkin' },
    // A percent-encoded line break would add a header line to every export's request.
    OTEL_EXPORTER_OTLP_HEADERS: { OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20x%0D%0AX-Injected%3A%201' },
    OTEL_EXPORTER_OTLP_TRACES_HEADERS: { OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'bad%20name=1' },
    OTEL_EXPORTER_OTLP_METRICS_HEADERS: { OTEL_EXPORTER_OTLP_METRICS_HEADERS: 'x-tenant=a%00b' },
    // The SDK's exporter warns and pushes cumulative; fw refuses, like every other bad value.
    OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE: { OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE: 'deltas' },
    OTEL_EXPORTER_OTLP_METRICS_COMPRESSION: { OTEL_EXPORTER_OTLP_METRICS_COMPRESSION: 'zstd' },
  };
  // [OTEL_RESOURCE_ATTRIBUTES, OTEL_SERVICE_NAME]: what the SDK's detectors discard as a whole, fw refuses.
  const RESOURCE_ENVS: readonly (readonly [string | undefined, string | undefined])[] = [
    ['a=1,b=2', undefined],
    [' a = 1 ,, b=2 , ', undefined],
    ['a=,b=2', undefined],
    ['a=1,a=2', undefined],
    ['k%3Dx=%2C%3D%20%25,p=b+c', undefined],
    ['a=x y,b="q",c=\\,d=é,e=1;f', undefined],
    ['a=1;b=2', undefined],
    ['k=b=c', undefined],
    ['a=1,novalue', undefined],
    ['=1', undefined],
    [' =1', undefined],
    ['a=1, =2', undefined],
    ['a=%ZZ', undefined],
    ['a=%C3', undefined],
    [`k=${'v'.repeat(255)}`, undefined],
    [`k=${'%41'.repeat(255)}`, undefined],
    [`k=${'v'.repeat(256)}`, undefined],
    [`${'k'.repeat(256)}=v`, undefined],
    ['   ', undefined],
    ['service.name=from_attributes,region=eu', 'from_env'],
    ['service.name=from_attributes', '   '],
    [undefined, ' padded '],
    ['service.instance.id=blog-a', undefined],
  ];

  it('reads OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME into the resource the SDK\'s env detectors make, refusing what they discard', async () => {
    const { defaultResource, resourceAttributesEnvDetector, resourceFromAttributes, serviceNameEnvDetector } = await import('@opentelemetry/resources');
    const { resourceFor } = await import('../src/otel/register-telemetry.ts');
    const saved = { attributes: process.env.OTEL_RESOURCE_ATTRIBUTES, name: process.env.OTEL_SERVICE_NAME };
    const restore = (name: string, value: string | undefined): void => void (value === undefined ? delete process.env[name] : (process.env[name] = value));
    const sdkRead = (attributes: string | undefined, name: string | undefined): Record<string, unknown> | 'discarded' => {
      const failures: string[] = [];
      diag.setLogger({ ...silent, debug: (message: string) => void failures.push(message) }, { logLevel: DiagLogLevel.DEBUG, suppressOverrideMessage: true });
      try {
        restore('OTEL_RESOURCE_ATTRIBUTES', attributes);
        restore('OTEL_SERVICE_NAME', name);
        const detected = { ...resourceAttributesEnvDetector.detect().attributes, ...serviceNameEnvDetector.detect().attributes };
        if (failures.some((message) => message.startsWith('ResourceAttributesEnvDetector failed'))) return 'discarded';
        return defaultResource().merge(resourceFromAttributes(detected as Record<string, string>)).attributes;
      } finally {
        diag.disable();
        restore('OTEL_RESOURCE_ATTRIBUTES', saved.attributes);
        restore('OTEL_SERVICE_NAME', saved.name);
      }
    };
    const fwRead = (attributes: string | undefined, name: string | undefined): Record<string, unknown> | 'discarded' => {
      let config: ReturnType<typeof readEnvConfig>;
      try {
        config = readEnvConfig({ OTEL_RESOURCE_ATTRIBUTES: attributes, OTEL_SERVICE_NAME: name });
      } catch (error) {
        assert.deepEqual([(error as { code?: string }).code, (error as { details?: { name?: string } }).details?.name], ['FW_ERR_OTEL_BAD_ENV', 'OTEL_RESOURCE_ATTRIBUTES']);
        return 'discarded';
      }
      const read: Record<string, unknown> = { ...resourceFor(config, undefined).attributes };
      // fw's own, when the environment gives none: the process's random id (log/logger.ts).
      if (config.resourceAttributes['service.instance.id'] === undefined) delete read['service.instance.id'];
      return read;
    };
    for (const [attributes, name] of RESOURCE_ENVS) assert.deepEqual(fwRead(attributes, name), sdkRead(attributes, name), JSON.stringify([attributes, name]));
    assert.equal(fwRead('k=b=c', undefined), 'discarded');
    assert.deepEqual(readEnvConfig({ OTEL_RESOURCE_ATTRIBUTES: 'a=x y,b=1%3Bc%3D2' }).resourceAttributes, { a: 'x y', b: '1;c=2' });
    assert.equal((fwRead(undefined, ' padded ') as Record<string, unknown>)['service.name'], ' padded ');
  });

  for (const [name, env] of Object.entries(bad)) {
    it(`refuses a malformed ${name} with FW_ERR_OTEL_BAD_ENV naming it`, async () => {
      await assert.rejects(setupTelemetry({ env }), (error: { code?: string; message: string; details?: { name?: string } }) => {
        assert.equal(error.code, 'FW_ERR_OTEL_BAD_ENV');
        assert.equal(error.details?.name, name);
        assert.ok(error.message.startsWith(`${name}=`), error.message);
        return true;
      });
    });
  }

  it('refuses an endpoint with user:password@ (sent by no exporter) without printing the password, a #fragment, and a ?query on the base endpoint', () => {
    // A red team's collector got `POST /otlp?api-key=abc` for both signals (`/v1/traces` went into the #fragment), and the password was printed on every failure.
    const refusal = (env: Record<string, string>) => {
      try {
        readEnvConfig(env);
      } catch (error) {
        return [(error as { code?: string }).code, (error as Error).message];
      }
      return ['accepted'];
    };
    const [code, message] = refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector-user:s3cret@127.0.0.1:4318/otlp' });
    assert.equal(code, 'FW_ERR_OTEL_BAD_ENV');
    assert.equal(message, 'OTEL_EXPORTER_OTLP_ENDPOINT="http://***@127.0.0.1:4318/otlp" is not valid: expected a URL without user:password@ (put credentials in OTEL_EXPORTER_OTLP_HEADERS)');
    assert.match(String(refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318/otlp?api-key=abc' })[1]), /^OTEL_EXPORTER_OTLP_ENDPOINT=.* expected a URL without a #fragment, nor a \?query on the base endpoint/);
    assert.match(String(refusal({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces#x' })[1]), /^OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=.* without a #fragment/);
    // A signal's own endpoint is used as given, its query included.
    assert.equal(readEnvConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces?tenant=a' }).tracesEndpoint, 'http://127.0.0.1:4318/v1/traces?tenant=a');
  });

  it('names a refused headers variable without showing any header value, which may be a credential', async () => {
    for (const value of ['authorization=Bearer%20s3cret%0D%0AX-Injected%3A%201,x-tenant=a', 'x-tenant=a,Bearer s3cret', 'authorization=Bearer%zzs3cret']) {
      await assert.rejects(setupTelemetry({ env: { OTEL_EXPORTER_OTLP_HEADERS: value } }), (error: { code?: string; message: string; details?: { value?: string } }) => {
        assert.equal(error.code, 'FW_ERR_OTEL_BAD_ENV');
        assert.doesNotMatch(error.message, /s3cret/);
        assert.doesNotMatch(String(error.details?.value), /s3cret/);
        assert.match(error.message, /^OTEL_EXPORTER_OTLP_HEADERS="authorization=…|^OTEL_EXPORTER_OTLP_HEADERS="x-tenant=…,…"/);
        return true;
      });
    }
  });

  it('refuses a metricsPort that is not a port with FW_ERR_OTEL_BAD_OPTION', async () => {
    for (const metricsPort of [-1, 65536, 1.5, Number.NaN]) {
      await assert.rejects(setupTelemetry({ metricsPort, env: {} }), { code: 'FW_ERR_OTEL_BAD_OPTION' });
    }
  });

  it("refuses an option it does not have (NodeSDK's instrumentations, a misspelt one) with FW_ERR_OTEL_BAD_OPTION, registering nothing", async () => {
    const instrumentations = { instrumentations: [{}], env: {} } as TelemetryOptions;
    await assert.rejects(setupTelemetry(instrumentations), { code: 'FW_ERR_OTEL_BAD_OPTION', message: /^setupTelemetry: instrumentations is not an option \(register instrumentations before what they patch is loaded: docs\/telemetry.md, "Other instrumentations"\)$/ });
    const misspelt = { metricPort: 9464, env: {} } as TelemetryOptions;
    await assert.rejects(setupTelemetry(misspelt), { code: 'FW_ERR_OTEL_BAD_OPTION', message: /^setupTelemetry: metricPort is not an option \(spanExporter, .*metricsPort, .*logger\)$/ });
    // Nothing was registered: a setup with good options is not told telemetry is already set up.
    await (await setupTelemetry({ env: { OTEL_TRACES_EXPORTER: 'none' } })).shutdown();
  });

  it('fails with FW_ERR_OTEL_METRICS_LISTEN when the metrics port is taken, registering nothing', async () => {
    const first = await setupTelemetry({ metricsPort: 0, metricsHost: '127.0.0.1', env: { OTEL_TRACES_EXPORTER: 'none' } });
    try {
      const port = Number(new URL(first.metricsUrl!).port);
      await assert.rejects(setupTelemetry({ metricsPort: port, metricsHost: '127.0.0.1', env: {} }), { code: 'FW_ERR_OTEL_METRICS_LISTEN' });
      await assert.rejects(setupTelemetry({ env: { OTEL_TRACES_EXPORTER: 'none' } }), { code: 'FW_ERR_OTEL_ALREADY_REGISTERED' });
    } finally {
      await first.shutdown();
    }
    const again = await setupTelemetry({ env: { OTEL_TRACES_EXPORTER: 'none' } });
    await again.shutdown();
  });

  it('OTEL_SDK_DISABLED=true registers nothing, starts no listener and exports nothing', async () => {
    const receiver = await startOtlpReceiver();
    const telemetry = await setupTelemetry({ metricsPort: 0, env: { OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } });
    try {
      assert.equal(telemetry.enabled, false);
      assert.equal(telemetry.metricsUrl, undefined);
      assert.equal(await telemetry.scrape(), '');
      await telemetry.forceFlush();
      assert.deepEqual(receiver.requests, []);
    } finally {
      await telemetry.shutdown();
      await receiver.close();
    }
  });

  it('reads OTEL_SDK_DISABLED as the specification reads a boolean: true or false in any case, anything else false with a warning', () => {
    for (const [value, disabled] of [['true', true], ['True', true], [' TRUE ', true], ['false', false], ['FALSE', false], ['', false]] as const) {
      assert.deepEqual([readEnvConfig({ OTEL_SDK_DISABLED: value }).disabled, readEnvConfig({ OTEL_SDK_DISABLED: value }).warnings], [disabled, []], value);
    }
    for (const value of ['ture', '1', 'yes', 'off']) {
      const config = readEnvConfig({ OTEL_SDK_DISABLED: value });
      assert.equal(config.disabled, false, value);
      assert.deepEqual(config.warnings, [`OTEL_SDK_DISABLED=${JSON.stringify(value)} is neither true nor false: read as false (write true or false)`]);
    }
  });

  it('OTEL_SDK_DISABLED=ture warns on the logger, naming the variable, and telemetry stays on as the specification says', async () => {
    const warned: [Record<string, unknown>, string | undefined][] = [];
    const logger = { info: () => {}, warn: (fields: Record<string, unknown>, message?: string) => void warned.push([fields, message]) };
    const telemetry = await setupTelemetry({ logger, env: { OTEL_SDK_DISABLED: 'ture', OTEL_TRACES_EXPORTER: 'none' } });
    try {
      assert.equal(telemetry.enabled, true);
      assert.deepEqual(warned, [[{ event: 'telemetry_bad_env' }, 'OTEL_SDK_DISABLED="ture" is neither true nor false: read as false (write true or false)']]);
    } finally {
      await telemetry.shutdown();
    }
  });

  it('without a logger, the warning is a process warning', async () => {
    const warning = new Promise<Error & { code?: string }>((resolve) => process.once('warning', resolve));
    const telemetry = await setupTelemetry({ env: { OTEL_SDK_DISABLED: 'yes', OTEL_TRACES_EXPORTER: 'none' } });
    try {
      const emitted = await warning;
      assert.deepEqual([emitted.code, emitted.message], ['FW_OTEL_BAD_ENV', 'OTEL_SDK_DISABLED="yes" is neither true nor false: read as false (write true or false)']);
    } finally {
      await telemetry.shutdown();
    }
  });

  it('OTEL_SERVICE_NAME wins over OTEL_RESOURCE_ATTRIBUTES and the serviceName option', async () => {
    const telemetry = await setupTelemetry({
      serviceName: 'from_option',
      env: { OTEL_TRACES_EXPORTER: 'none', OTEL_SERVICE_NAME: 'from_env', OTEL_RESOURCE_ATTRIBUTES: 'service.name=from_attributes,region=eu,service.instance.id=blog-a' },
    });
    try {
      const text = await telemetry.scrape();
      assert.match(text, /^target_info\{region="eu",service_instance_id="blog-a",service_name="from_env",/m);
    } finally {
      await telemetry.shutdown();
    }
  });
  it('reads the OTLP TLS file variables, a signal\'s own over the shared ones', () => {
    const config = readEnvConfig({
      OTEL_EXPORTER_OTLP_CERTIFICATE: 'ca.pem',
      OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE: 'client.pem',
      OTEL_EXPORTER_OTLP_METRICS_CLIENT_KEY: 'metrics-key.pem',
    });
    assert.deepEqual(config.tracesTls, {
      ca: { path: 'ca.pem', variable: 'OTEL_EXPORTER_OTLP_CERTIFICATE' },
      cert: { path: 'client.pem', variable: 'OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE' },
    });
    assert.deepEqual(config.metricsTls, {
      ca: { path: 'ca.pem', variable: 'OTEL_EXPORTER_OTLP_CERTIFICATE' },
      cert: { path: 'client.pem', variable: 'OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE' },
      key: { path: 'metrics-key.pem', variable: 'OTEL_EXPORTER_OTLP_METRICS_CLIENT_KEY' },
    });
  });

  it('refuses an unreadable TLS file of an https endpoint at start, naming its variable', async () => {
    const env = { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector.invalid/v1/traces', OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE: 'no-such-dir/ca.pem' };
    await assert.rejects(setupTelemetry({ env }), (error: { code?: string; message: string; details?: { name?: string } }) => {
      assert.equal(error.code, 'FW_ERR_OTEL_BAD_ENV');
      assert.equal(error.details?.name, 'OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE');
      assert.match(error.message, /^OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE="no-such-dir\/ca\.pem" cannot be read \(ENOENT\)/);
      return true;
    });
  });
});

function pick({ tracesCompression, metricsCompression, metricsTemporality }: ReturnType<typeof readEnvConfig>) {
  return { tracesCompression, metricsCompression, metricsTemporality };
}

const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, verbose: () => {} };
