/**
 * The runtime metrics (issue 35, item 7) on both telemetry paths: a real GET /metrics shows
 * `nodejs_eventloop_delay_*`, `v8js_memory_heap_*` by heap space, `process_cpu_time_seconds_total`
 * by CPU mode and `process_memory_usage_bytes`, with the right types and plausible values (the
 * loop blocked 60 ms shows as a delay of at least that), passing `promtool check metrics`; the
 * OTLP push carries them under their semantic-convention names, kinds, units and temporalities.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { setImmediate as immediate } from 'node:timers/promises';
import { startOtelApp, type OtelApp } from './support/otel-app.ts';
import type { ReceivedMetric } from './support/otel-receiver.ts';
import { until } from './support/until.ts';

const PROMTOOL = '/usr/bin/promtool';
const SCOPE = 'otel_scope_name="fw-core",otel_scope_version="0.1.0"';
const DELAYS = ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99'] as const;
const HEAP = ['used', 'space_size', 'space_available_size', 'space_physical_size'] as const;

/**
 * Blocks the event loop for `ms`, twice, each time letting the delay monitor's overdue timer run:
 * the monitor measures between two runs of its timer, and after a reset (each collection) its
 * first run only starts the next measurement.
 */
async function blockLoop(ms: number): Promise<void> {
  for (let i = 0; i < 2; i += 1) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
    await immediate();
    await immediate();
  }
}

async function scrape(otel: OtelApp): Promise<string> {
  const res = await fetch(otel.telemetry.metricsUrl!);
  assert.equal(res.status, 200);
  return res.text();
}

/** The value of the line `series` (exact name and labels), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function promtool(text: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(PROMTOOL, ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  child.stdin.end(text);
  return { code: await new Promise((resolve) => child.once('exit', resolve)), output };
}

for (const path of ['lean', 'full'] as const) {
  describe(`runtime metrics on GET /metrics (${path} path)`, () => {
    it('show every family with its type and plausible values, and pass promtool', async () => {
      // No push in between: any collection starts a new delay window.
      const otel = await startOtelApp({ env: { OTEL_METRIC_EXPORT_INTERVAL: '3600000', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) } });
      try {
        assert.equal(otel.telemetry.path, path);
        await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
        // The monitor reports once it has a sample (its timer has run twice since setup); each scrape starts a new window.
        await until('the first event-loop delay sample', async () => (await scrape(otel)).includes('\nnodejs_eventloop_delay_max_seconds{'));
        await blockLoop(60);
        const text = await scrape(otel);
        const types = new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1], m[2]]));
        for (const name of DELAYS) assert.equal(types.get(`nodejs_eventloop_delay_${name}_seconds`), 'gauge', name);
        for (const name of ['limit', ...HEAP]) assert.equal(types.get(`v8js_memory_heap_${name}_bytes`), 'gauge', name);
        assert.equal(types.get('process_cpu_time_seconds_total'), 'counter');
        assert.equal(types.get('process_memory_usage_bytes'), 'gauge');
        const delay = Object.fromEntries(DELAYS.map((name) => [name, sample(text, `nodejs_eventloop_delay_${name}_seconds{${SCOPE}}`)!]));
        assert.ok(delay.max! >= 0.06, `the 60 ms block shows: max ${delay.max}`);
        assert.ok(delay.min! > 0 && delay.min! <= delay.p50! && delay.p50! <= delay.p90! && delay.p90! <= delay.p99! && delay.p99! <= delay.max!, JSON.stringify(delay));
        assert.ok(delay.mean! >= delay.min! && delay.mean! <= delay.max! && delay.stddev! >= 0, JSON.stringify(delay));
        const oldSpace = `v8js_heap_space_name="old_space",${SCOPE}`;
        const used = sample(text, `v8js_memory_heap_used_bytes{${oldSpace}}`)!;
        assert.ok(used > 0 && used <= sample(text, `v8js_memory_heap_space_size_bytes{${oldSpace}}`)!, `old space used ${used}`);
        assert.ok(sample(text, `v8js_memory_heap_space_physical_size_bytes{${oldSpace}}`)! > 0);
        assert.ok(sample(text, `v8js_memory_heap_space_available_size_bytes{${oldSpace}}`)! >= 0);
        assert.ok(sample(text, `v8js_memory_heap_limit_bytes{${SCOPE}}`)! > used);
        assert.ok(sample(text, `process_cpu_time_seconds_total{cpu_mode="user",${SCOPE}}`)! > 0);
        assert.ok(sample(text, `process_cpu_time_seconds_total{cpu_mode="system",${SCOPE}}`)! >= 0);
        const rss = sample(text, `process_memory_usage_bytes{${SCOPE}}`)!;
        assert.ok(rss > used && Number.isInteger(rss), `rss ${rss}`);
        // A scrape right after another, with or without a new sample, still has the delays: no gap in the series.
        assert.match(await scrape(otel), /^nodejs_eventloop_delay_max_seconds\{/m);
        if (existsSync(PROMTOOL)) {
          const checked = await promtool(text);
          assert.deepEqual(checked, { code: 0, output: '' });
        }
      } finally {
        await otel.close();
      }
    });
  });
}

describe('runtime metrics in the OTLP push', () => {
  /** The latest export of `name`. */
  const latest = (otel: OtelApp, name: string): ReceivedMetric | undefined => otel.receiver.metrics.findLast((m) => m.name === name);

  it('carry the semantic-convention names, kinds, units and attributes, cumulative by default', async () => {
    const otel = await startOtelApp({ env: { OTEL_METRIC_EXPORT_INTERVAL: '3600000' } });
    try {
      await until('the first event-loop delay sample', async () => {
        await otel.telemetry.forceFlush();
        return latest(otel, 'nodejs.eventloop.delay.max');
      });
      await blockLoop(30);
      await otel.telemetry.forceFlush();
      const shape = (name: string) => {
        const metric = latest(otel, name);
        return metric && [metric.kind, metric.unit, metric.temporality, metric.monotonic];
      };
      for (const name of DELAYS) assert.deepEqual(shape(`nodejs.eventloop.delay.${name}`), ['gauge', 's', undefined, undefined], name);
      for (const name of ['limit', 'used', 'space.size', 'space.available_size', 'space.physical_size']) assert.deepEqual(shape(`v8js.memory.heap.${name}`), ['sum', 'By', 'cumulative', false], name);
      assert.deepEqual(shape('process.cpu.time'), ['sum', 's', 'cumulative', true]);
      assert.deepEqual(shape('process.memory.usage'), ['sum', 'By', 'cumulative', false]);
      assert.ok(latest(otel, 'nodejs.eventloop.delay.max')!.points[0]!.value! >= 0.03);
      assert.deepEqual(latest(otel, 'process.cpu.time')!.points.map((p) => p.attributes), [{ 'cpu.mode': 'user' }, { 'cpu.mode': 'system' }]);
      assert.ok(latest(otel, 'process.cpu.time')!.points[0]!.value! > 0);
      assert.ok(latest(otel, 'process.memory.usage')!.points[0]!.value! > 0);
      const spaces = latest(otel, 'v8js.memory.heap.used')!.points.map((p) => p.attributes['v8js.heap.space.name']);
      assert.ok(spaces.includes('old_space') && spaces.includes('new_space'), spaces.join());
    } finally {
      await otel.close();
    }
  });

  it('send the CPU seconds as deltas under the delta preference, and the memory gauges cumulative', async () => {
    const otel = await startOtelApp({ env: { OTEL_METRIC_EXPORT_INTERVAL: '3600000', OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE: 'delta' } });
    try {
      await otel.telemetry.forceFlush();
      const first = latest(otel, 'process.cpu.time')!;
      await otel.telemetry.forceFlush();
      const second = latest(otel, 'process.cpu.time')!;
      assert.notEqual(first, second);
      assert.deepEqual([second.temporality, latest(otel, 'process.memory.usage')!.temporality], ['delta', 'cumulative']);
      // The second export covers only the time since the first: less CPU than the whole process used.
      assert.ok(second.points[0]!.value! < first.points[0]!.value!, `${second.points[0]!.value} then ${first.points[0]!.value}`);
    } finally {
      await otel.close();
    }
  });
});
