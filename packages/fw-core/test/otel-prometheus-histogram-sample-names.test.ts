/**
 * A histogram's family owns its `_bucket`, `_sum` and `_count` samples: GET /metrics with an app's
 * histogram `jobs` and another metric named `jobs.count` (or `jobs.sum`, `jobs.bucket`) wrote a
 * `jobs_count` family of its own, and Prometheus (promtool: "second HELP line for metric name
 * jobs") refused the whole scrape, every metric lost; @opentelemetry/exporter-prometheus writes
 * the same. The later of the two is now left out with a diag warning, as a metric whose name
 * another type took is, whichever comes first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diag, DiagLogLevel, metrics } from '@opentelemetry/api';
import { setupTelemetry } from '../src/otel/index.ts';
import { promtoolCheck, withoutPromtool } from './support/promtool.ts';

/** /metrics after `record` ran on a meter, and the diag warnings of the scrape. */
async function scrapeAfter(record: (meter: ReturnType<typeof metrics.getMeter>) => void): Promise<{ text: string; warnings: string[] }> {
  const warnings: string[] = [];
  const none = (): void => {};
  diag.setLogger({ error: none, warn: (message: string) => void warnings.push(message), info: none, debug: none, verbose: none }, DiagLogLevel.WARN);
  const telemetry = await setupTelemetry({ metricsPort: 0, env: { OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'none' } });
  try {
    record(metrics.getMeter('app'));
    return { text: await (await fetch(telemetry.metricsUrl!)).text(), warnings };
  } finally {
    await telemetry.shutdown();
    diag.disable();
  }
}

describe('GET /metrics with a metric named like a histogram sample', () => {
  it('a gauge jobs.count after the histogram jobs: the gauge is left out, with a warning; promtool accepts the scrape', async () => {
    const { text, warnings } = await scrapeAfter((meter) => {
      meter.createHistogram('jobs').record(2);
      meter.createGauge('jobs.count').record(9);
    });
    assert.match(text, /^jobs_count\{otel_scope_name="app"\} 1$/m);
    assert.doesNotMatch(text, /^# (HELP|TYPE) jobs_count /m);
    assert.ok(warnings.some((text) => text === "Prometheus: jobs.count (gauge) is left out: its samples would be read as the histogram jobs's"), JSON.stringify(warnings));
    if (withoutPromtool === false) assert.equal((await promtoolCheck(text)).code, 0);
  });

  // promtool's lint (exit 3) says a gauge should not end in _sum; what matters is that it parses (exit 1 refuses the scrape).
  it('an up-down counter jobs.sum before the histogram jobs: the histogram is left out, with a warning; promtool accepts the scrape', async () => {
    const { text, warnings } = await scrapeAfter((meter) => {
      meter.createUpDownCounter('jobs.sum').add(4);
      meter.createHistogram('jobs').record(2);
    });
    assert.match(text, /^jobs_sum\{otel_scope_name="app"\} 4$/m);
    assert.doesNotMatch(text, /^jobs_bucket/m);
    assert.ok(warnings.some((text) => text === "Prometheus: jobs (histogram) is left out: its samples would be read as jobs_sum's"), JSON.stringify(warnings));
    if (withoutPromtool === false) assert.deepEqual(await promtoolCheck(text), { code: 3, output: 'jobs_sum non-histogram and non-summary metrics should not have "_sum" suffix\n' });
  });
});
