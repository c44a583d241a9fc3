/**
 * `service.instance.id` on every line of fw's JSON logger is the id telemetry's resource reports
 * (the `target_info` series of /metrics, the resource of every OTLP export): OTEL_RESOURCE_ATTRIBUTES'
 * when it sets one, else one random UUID per process, the same for the logger and the resource.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createJsonLogger } from '../src/log/logger.ts';
import { setupTelemetry } from '../src/otel/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The instance id of one line of a logger reading `env`, at each level. */
function loggedIds(env: NodeJS.ProcessEnv): unknown[] {
  const lines: string[] = [];
  const logger = createJsonLogger({ level: 'trace', env, sink: { write: (line: string) => void lines.push(line) } });
  logger.trace({});
  logger.info({ event: 'request' });
  logger.error({ event: 'failed', err: new Error('x') });
  logger.fatal({}, 'bye');
  return lines.map((line) => (JSON.parse(line) as Record<string, unknown>)['service.instance.id']);
}

/** The resource's `service.instance.id` as /metrics shows it. */
async function resourceId(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const telemetry = await setupTelemetry({ env: { OTEL_TRACES_EXPORTER: 'none', ...env } });
  try {
    return /^target_info\{.*service_instance_id="([^"]*)".*\} 1$/m.exec(await telemetry.scrape())?.[1];
  } finally {
    await telemetry.shutdown();
  }
}

describe('service.instance.id', () => {
  it('is one random UUID per process, on every line and on the resource', async () => {
    const ids = loggedIds({});
    assert.equal(ids.length, 4);
    assert.match(String(ids[0]), UUID);
    assert.deepEqual(new Set(ids), new Set([ids[0]]));
    assert.equal(await resourceId({}), ids[0]);
    assert.deepEqual(loggedIds({}), ids, 'a second logger of the process has the same id');
  });

  it('is the one OTEL_RESOURCE_ATTRIBUTES sets, percent-decoded, for both', async () => {
    const env = { OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=prod,service.instance.id=blog%2F2' };
    assert.deepEqual(loggedIds(env), ['blog/2', 'blog/2', 'blog/2', 'blog/2']);
    assert.equal(await resourceId(env), 'blog/2');
  });
});
