/**
 * Importing fw-core and fw-core/otel loads only @opentelemetry/api, and no undici: the SDK,
 * exporters and protobuf (about 200 ms) are loaded by the first setupTelemetry call, so
 * `fw routes` on an app that uses telemetry stays fast. The OTLP trace exporter and the SDK's
 * protobuf serializer load only on the full path: the lean path encodes every span itself. A child
 * process records every module it resolves through a resolve hook, and node's internal module list.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { test } from 'node:test';

const OTEL_ENTRY = pathToFileURL(join(import.meta.dirname, '..', 'src', 'otel', 'index.ts')).href;
const CORE_ENTRY = pathToFileURL(join(import.meta.dirname, '..', 'src', 'index.ts')).href;

/** What a child loaded: @opentelemetry packages after importing fw-core and fw-core/otel (and undici's internal modules), and after `then`. */
interface Loaded {
  readonly onImport: string[];
  readonly undici: string[];
  readonly afterwards: string[];
}

async function packagesLoaded(then: string, env: NodeJS.ProcessEnv = { OTEL_TRACES_EXPORTER: 'none' }): Promise<Loaded> {
  const script = `
    import { registerHooks } from 'node:module';
    const seen = new Set();
    registerHooks({ resolve(specifier, context, next) {
      const found = /^(@opentelemetry\\/[^/]+|protobufjs)/.exec(specifier);
      if (found) seen.add(found[1]);
      return next(specifier, context);
    } });
    await import(${JSON.stringify(CORE_ENTRY)});
    const otel = await import(${JSON.stringify(OTEL_ENTRY)});
    const onImport = [...seen].sort();
    const undici = process.moduleLoadList.filter((name) => name.includes('undici'));
    ${then}
    console.log(JSON.stringify({ onImport, undici, afterwards: [...seen].sort() }));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, OTEL_SDK_DISABLED: undefined, ...env },
  });
  return JSON.parse(stdout) as Loaded;
}

const SET_UP = `
  const telemetry = await otel.setupTelemetry({ serviceName: 'lazy' });
  await telemetry.shutdown();
`;
const EXPORTER = ['@opentelemetry/exporter-trace-otlp-proto', '@opentelemetry/otlp-exporter-base', '@opentelemetry/otlp-transformer'];

test('importing fw-core and fw-core/otel loads the API but not the SDK, the exporters or undici', async () => {
  const { onImport, undici, afterwards } = await packagesLoaded(SET_UP);
  assert.deepEqual(onImport, ['@opentelemetry/api']);
  // An ES import of node:http would load undici (about 70 ms): fw-core takes it from getBuiltinModule.
  assert.deepEqual(undici, []);
  // The hook does see the SDK once telemetry is set up: the first list is not empty by accident.
  for (const name of ['@opentelemetry/sdk-trace', '@opentelemetry/sdk-metrics']) {
    assert.ok(afterwards.includes(name), `${name} not loaded by setupTelemetry: ${afterwards.join(', ')}`);
  }
});

// An endpoint nothing listens on: no span is made, so nothing is sent. Without a metrics push, whose
// first export (shutdown's) loads the SDK's metrics serializer.
const OTLP = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_METRICS_EXPORTER: 'none' };

test('the lean path exports through fw alone: the OTLP exporter and the protobuf serializer are not loaded', async () => {
  const { afterwards } = await packagesLoaded(`${SET_UP} if (telemetry.path !== 'lean') throw new Error(telemetry.path);`, OTLP);
  assert.deepEqual(afterwards.filter((name) => EXPORTER.includes(name)), []);
  assert.ok(afterwards.includes('@opentelemetry/sdk-trace'), afterwards.join(', '));
});

test('the full path loads the OTLP exporter when setupTelemetry runs', async () => {
  const { onImport, afterwards } = await packagesLoaded(`${SET_UP} if (telemetry.path !== 'full') throw new Error(telemetry.path);`, { ...OTLP, FW_OTEL_PATH: 'full' });
  assert.deepEqual(onImport, ['@opentelemetry/api']);
  for (const name of EXPORTER) assert.ok(afterwards.includes(name), `${name} not loaded on the full path: ${afterwards.join(', ')}`);
});

test('with OTEL_SDK_DISABLED=true, setupTelemetry never loads the SDK', async () => {
  const { afterwards } = await packagesLoaded(`
    const telemetry = await otel.setupTelemetry({ env: { OTEL_SDK_DISABLED: 'true' } });
    if (telemetry.enabled) throw new Error('telemetry enabled');
  `);
  assert.deepEqual(afterwards, ['@opentelemetry/api']);
});

test('a metrics push without @opentelemetry/otlp-transformer installed fails setupTelemetry, not the first push', async () => {
  const script = `
    import { registerHooks } from 'node:module';
    registerHooks({ resolve(specifier, context, next) {
      if (specifier === '@opentelemetry/otlp-transformer') throw Object.assign(new Error('Cannot find package ' + specifier), { code: 'ERR_MODULE_NOT_FOUND' });
      return next(specifier, context);
    } });
    const otel = await import(${JSON.stringify(OTEL_ENTRY)});
    try {
      const telemetry = await otel.setupTelemetry({ serviceName: 'missing' });
      await telemetry.shutdown();
      console.log('started');
    } catch (error) {
      console.log(error.code + ': ' + error.message);
    }
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, OTEL_SDK_DISABLED: undefined, ...OTLP, OTEL_METRICS_EXPORTER: 'otlp' },
  });
  assert.equal(stdout.trim(), 'ERR_MODULE_NOT_FOUND: Cannot find package @opentelemetry/otlp-transformer');
});
