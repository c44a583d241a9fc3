/**
 * OTEL_PROPAGATORS naming a propagator whose package is not installed fails the start with
 * FW_ERR_OTEL_PROPAGATOR_MISSING naming the package to install, and leaves nothing registered
 * (issue 36, item 1). The packages are installed in this repository, so a resolve hook
 * (node:module registerHooks) makes node look for them from an empty directory instead of from
 * fw-core: node's own resolver then fails as it does where the package is missing, with its own
 * error. This file imports neither package otherwise, so no earlier resolution is cached.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { registerHooks } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { propagation } from '@opentelemetry/api';
import { setupTelemetry } from '../src/otel/index.ts';
import { setupFailureOf } from './support/otel-app.ts';

const ABSENT = new Set(['@opentelemetry/propagator-b3', '@opentelemetry/propagator-jaeger']);

let empty: string;
let hooks: { deregister(): void };
before(async () => {
  empty = await mkdtemp(join(tmpdir(), 'fw-no-propagators-'));
  const elsewhere = pathToFileURL(join(empty, 'app.mjs')).href;
  hooks = registerHooks({
    resolve: (specifier, context, nextResolve) => nextResolve(specifier, ABSENT.has(specifier) ? { ...context, parentURL: elsewhere } : context),
  });
});
after(async () => {
  hooks?.deregister();
  await rm(empty, { recursive: true, force: true });
});

describe('OTEL_PROPAGATORS naming a propagator whose package is missing', () => {
  for (const [value, pkg] of [
    ['b3', '@opentelemetry/propagator-b3'],
    ['tracecontext,b3multi', '@opentelemetry/propagator-b3'],
    ['jaeger', '@opentelemetry/propagator-jaeger'],
  ] as const) {
    for (const path of ['lean', 'full'] as const) {
      it(`fails the start for ${JSON.stringify(value)}, naming ${pkg} and how to install it (${path} path)`, async () => {
        const error = await setupFailureOf({ env: { OTEL_PROPAGATORS: value, OTEL_TRACES_EXPORTER: 'none', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) } });
        assert.equal(error.code, 'FW_ERR_OTEL_PROPAGATOR_MISSING');
        const name = value.split(',').at(-1);
        assert.equal(error.message, `OTEL_PROPAGATORS names ${name}, whose package ${pkg} is not installed: install it beside fw-core (npm install ${pkg}), or leave ${name} out of OTEL_PROPAGATORS`);
        assert.match(String((error as { cause?: { code?: string } }).cause?.code), /^ERR_MODULE_NOT_FOUND$/);
      });
    }
  }

  it('leaves nothing registered: no propagator, and a setup without it starts', async () => {
    await setupFailureOf({ env: { OTEL_PROPAGATORS: 'b3', OTEL_TRACES_EXPORTER: 'none' } });
    assert.deepEqual(propagation.fields(), []);
    const telemetry = await setupTelemetry({ env: { OTEL_TRACES_EXPORTER: 'none' } });
    try {
      assert.deepEqual(propagation.fields(), ['traceparent', 'tracestate', 'baggage']);
    } finally {
      await telemetry.shutdown();
    }
  });
});
