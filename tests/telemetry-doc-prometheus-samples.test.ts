/**
 * docs/telemetry.md, "Running a collector and Prometheus": its prometheus.yml passes
 * `promtool check config` as written, and a real Prometheus (/usr/bin/prometheus, Debian package
 * `prometheus`) scraping an fw app with that configuration (its target made the app's metrics
 * listener on a free port, its interval 1 s so the test does not wait 15 s a scrape) answers the
 * page's two PromQL queries with the app's routes: the p99 latency per route, and the 5xx rate of
 * the route that failed only. Skipped when Prometheus is not installed.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { startOtelApp, type OtelApp } from '../packages/fw-core/test/support/otel-app.ts';
import { fencedBlocks } from './support/markdown-fences.ts';
import { PROMTOOL, prometheusMissing as skip, startPrometheus, type PrometheusServer } from './support/prometheus-server.ts';

const DOC = 'docs/telemetry.md';
const ROOT = join(import.meta.dirname, '..');

let yaml = '';
let queries: string[] = [];
let app: OtelApp | undefined;
let prometheus: PrometheusServer | undefined;
let dir: string | undefined;

const query = (promql: string) => prometheus!.query(promql);
const eventually = <T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> => prometheus!.eventually(what, ms, probe);

before(async () => {
  const blocks = fencedBlocks(DOC, await readFile(join(ROOT, DOC), 'utf8'));
  yaml = blocks.find((b) => b.info[0] === 'yaml' && b.code.startsWith('# prometheus.yml'))?.code ?? '';
  queries = (blocks.find((b) => b.info[0] === 'promql')?.code ?? '').split('\n').filter((line) => line.trim() !== '');
  assert.ok(yaml.includes("- targets: ['localhost:9464']") && yaml.includes('scrape_interval: 15s'), `${DOC} shows prometheus.yml`);
  assert.equal(queries.length, 2, `${DOC} shows two PromQL queries`);
  if (skip) return;
  dir = await mkdtemp(join(tmpdir(), 'fw-doc-prometheus-'));
  app = await startOtelApp({ env: { OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'none' } });
  const target = new URL(app.telemetry.metricsUrl!).host;
  await writeFile(join(dir, 'doc.yml'), yaml);
  await writeFile(join(dir, 'prometheus.yml'), yaml.replace('localhost:9464', target).replace('scrape_interval: 15s', 'scrape_interval: 1s'));
  prometheus = await startPrometheus(join(dir, 'prometheus.yml'), dir);
});

after(async () => {
  await prometheus?.stop();
  await app?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Two requests to each of GET /api/posts/42 (200) and GET /boom (500). */
async function traffic(): Promise<void> {
  for (const path of ['/api/posts/42', '/boom', '/api/posts/42', '/boom']) await (await fetch(`${app!.app.url}${path}`)).arrayBuffer();
}

describe("docs/telemetry.md's prometheus.yml and PromQL", { skip }, () => {
  it('prometheus.yml passes promtool check config as written', async () => {
    const { stdout } = await promisify(execFile)(PROMTOOL, ['check', 'config', join(dir!, 'doc.yml')]);
    assert.match(stdout, /SUCCESS/);
  });

  it("answers the two queries with the app's routes: p99 per route, 5xx rate of the failing route only", async () => {
    await traffic();
    // rate() needs two samples of a series that grew between them: traffic once a scrape saw the first.
    await eventually('a scrape of the first requests', 20_000, async () => ((await query('http_server_request_duration_seconds_count{http_route="/boom"}'))[0] ? true : undefined));
    await sleep(1500);
    await traffic();
    const p99 = await eventually('the p99 query answers both routes', 20_000, async () => {
      const result = await query(queries[0]!);
      return result.length === 2 && result.every((s) => Number.isFinite(Number(s.value[1]))) ? result : undefined;
    });
    assert.deepEqual(p99.map((s) => s.metric.http_route).sort(), ['/api/posts/:id', '/boom']);
    for (const series of p99) assert.ok(Number(series.value[1]) > 0 && Number(series.value[1]) <= 10, JSON.stringify(series));
    const errors = await eventually('the 5xx query answers', 20_000, async () => {
      const result = await query(queries[1]!);
      return result.length > 0 && Number(result[0]!.value[1]) > 0 ? result : undefined;
    });
    assert.deepEqual(
      errors.map((s) => s.metric),
      [{ http_route: '/boom' }],
    );
  });
});
