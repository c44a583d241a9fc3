/**
 * The three HTTP histogram records of one exchange (duration, request and response body size):
 * fw's lean series table (series found by route and small integer keys, then recordExchange)
 * against today's sdk-metrics instruments with the same attribute object. Both behind a pull
 * reader, and again with an OTLP-style delta push reader as well. Prints µs per exchange.
 *
 *   npx node bench/http-metrics-lean.bench.ts [--exchanges 2000000]
 */
import { parseArgs } from 'node:util';
import type { Attributes } from '@opentelemetry/api';
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { createHttpServerMetrics, HttpMetricSeriesTable } from '../packages/fw-core/src/otel/http-metrics.ts';
import { SCOPE_NAME, SCOPE_VERSION } from '../packages/fw-core/src/otel/telemetry.ts';
import { HttpMetricProducer } from '../packages/fw-core/src/otel/lean/http-metric-producer.ts';
import { PullMetricReader } from '../packages/fw-core/src/otel/metrics-pipeline.ts';

const { values } = parseArgs({ options: { exchanges: { type: 'string', default: '2000000' } } });
const exchanges = Number(values.exchanges);

/** Four routes × two statuses, as a small API sees them. */
const ROUTES = ['/api/posts', '/api/posts/:id', '/api/users/:id', '/health'];
const STATUSES = [200, 404];

function pushReader(table?: HttpMetricSeriesTable): PeriodicExportingMetricReader {
  const exporter = new InMemoryMetricExporter(AggregationTemporality.DELTA);
  return new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000, metricProducers: table === undefined ? [] : [new HttpMetricProducer(table, exporter)] });
}

function sdk(withPush: boolean): () => number {
  const readers = [new PullMetricReader(), ...(withPush ? [pushReader()] : [])];
  const instruments = createHttpServerMetrics(new MeterProvider({ readers }).getMeter(SCOPE_NAME, SCOPE_VERSION));
  return () => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < exchanges; i += 1) {
      // The stream handler builds one attribute object per exchange: so does the bench.
      const attributes: Attributes = { 'http.request.method': 'GET', 'url.scheme': 'http', 'network.protocol.version': '1.1', 'http.response.status_code': STATUSES[i & 1], 'http.route': ROUTES[i & 3] };
      instruments.duration.record((i % 97) / 1000, attributes);
      instruments.requestBodySize.record(0, attributes);
      instruments.responseBodySize.record(i % 5000, attributes);
    }
    return Number(process.hrtime.bigint() - start) / 1000 / exchanges;
  };
}

async function lean(withPush: boolean): Promise<() => number> {
  const table = new HttpMetricSeriesTable();
  const push = withPush ? [pushReader(table)] : [];
  new MeterProvider({ readers: [new PullMetricReader({ metricProducers: [new HttpMetricProducer(table)] }), ...push] });
  // A delta reader gets its min/max/sum window at its first collection: from then on each record fills it too.
  for (const reader of push) await reader.forceFlush();
  // Start-up work: the route objects and the keys of the constant values.
  const routes = ROUTES.map((route) => table.routeOf(route));
  const get = table.methodKey('GET');
  const http11 = table.protocolKey('1.1');
  const noError = table.errorTypeKey(undefined);
  return () => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < exchanges; i += 1) {
      const series = table.seriesOf(routes[i & 3]!, get, 0, http11, STATUSES[i & 1]!, noError);
      table.recordExchange(series, (i % 97) / 1000, 0, i % 5000);
    }
    return Number(process.hrtime.bigint() - start) / 1000 / exchanges;
  };
}

const cases: [string, () => number][] = [
  ['sdk-metrics instruments, pull reader', sdk(false)],
  ['sdk-metrics instruments, pull + delta push readers', sdk(true)],
  ['fw lean series, pull reader', await lean(false)],
  ['fw lean series, pull + delta push readers', await lean(true)],
];
const results = new Map<string, number[]>(cases.map(([name]) => [name, []]));
for (let round = 0; round < 5; round += 1) for (const [name, run] of cases) results.get(name)!.push(run());
process.stdout.write(`${exchanges} exchanges per round, 5 alternating rounds, median µs per exchange (3 histogram records), Node ${process.version}\n\n| path | µs/exchange |\n|---|---|\n`);
for (const [name, times] of results) process.stdout.write(`| ${name} | ${times.sort((a, b) => a - b)[2]!.toFixed(3)} |\n`);
