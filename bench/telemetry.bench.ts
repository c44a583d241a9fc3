/**
 * The cost of telemetry on GET /api/posts/:id, in one run with alternating rounds: fw without
 * telemetry, fw with telemetry (otel_fw_stream_h + otel_fw_plugin, spans exported over
 * OTLP/HTTP protobuf to a local sink, metrics recorded), and Fastify with
 * @opentelemetry/instrumentation-http over the same export pipeline. fw with telemetry runs twice:
 * on the lean path setupTelemetry chooses by default and on the SDK path (FW_OTEL_PATH=full).
 * Reports median requests/s, server CPU µs per request, and the ratios issue 16 sets targets for
 * (lean on/off CPU at most 1.3x; Fastify/fw CPU, both with telemetry, at least 2x).
 *
 *   npx node bench/telemetry.bench.ts [--rounds 5] [--seconds 5] [--connections 50] [--rate <requests/s>]
 *
 * By default each server gets requests as fast as it answers them. Over loopback that charges a
 * slower server more kernel time for the same response (its writes wake a load generator that
 * sat idle more often: docs/performance.md, the lean path's sixth round); `--rate` sends every
 * server the same requests per second (set it below the slowest server's throughput) so each
 * pays the same per-request wake-ups.
 *
 * Both fw servers with telemetry push their metrics every 5 s, the runtime metrics (event loop,
 * heap, CPU, memory: issue 35, item 7) among them, so their figures include those. The runtime
 * metrics cost nothing per request: they are read when a reader collects. What they do cost is
 * measured at the end, in this process: the CPU of one collection (a scrape or a push reads them
 * once per reader), and the background CPU of the event-loop delay monitor's 10 ms timer in an
 * idle process (one monitor per setupTelemetry).
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { alternate, median, pairedCpuRatio, pinTo, row, spawnServer, type Contender } from './support/harness.ts';
import { startOtlpSink, type SinkCounts } from './support/otlp-sink.ts';
import { telemetryServers } from './support/telemetry-servers.ts';
import { EventLoopDelayWindow } from '../packages/fw-core/src/otel/runtime/event-loop-delay-window.ts';
import { RuntimeMetricProducer } from '../packages/fw-core/src/otel/runtime/runtime-metric-producer.ts';
import { serializePrometheus } from '../packages/fw-core/src/otel/prometheus-serializer.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '50' }, rate: { type: 'string' } } });
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const rate = values.rate === undefined ? undefined : Number(values.rate);
if (rate !== undefined && !(rate > 0)) throw new Error(`--rate must be a positive number of requests per second, not ${values.rate}`);

const sink = await startOtlpSink();
const [off, on, full, fastify] = await Promise.all(telemetryServers(sink.url).map(({ name, file, env }) => spawnServer(name, file, env))) as [Contender, Contender, Contender, Contender];
// Servers on CPU 0; this process (the load) and the sink on CPU 1.
const pinned = cpus().length >= 2 && pinTo(0, [off, on, full, fastify].map((c) => c.child.pid ?? 0)) && pinTo(1, [process.pid, sink.pid]);
let received: SinkCounts;
try {
  await alternate([off, on, full, fastify], rounds, { seconds, connections, rate });
} finally {
  for (const c of [off, on, full, fastify]) c.child.kill();
  received = await sink.close();
}
const cost = 1 - median(on.rps) / median(off.rps);
process.stdout.write(
  [
    `Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; ${pinned ? 'servers pinned to CPU 0, load and sink to CPU 1' : 'not pinned (taskset missing or one CPU)'}`,
    `GET /api/posts/:id, autocannon -c ${connections} -d ${seconds}${rate === undefined ? '' : ` at ${rate} requests/s`} (after a 1 s warm-up), ${rounds} alternating rounds, medians; ${received.exports} OTLP exports (${(received.bytes / 1048576).toFixed(1)} MiB) reached the sink`,
    '',
    '| server | requests/s | server CPU µs/request |',
    '|---|---|---|',
    row(off),
    row(on),
    row(full),
    row(fastify),
    '',
    `telemetry cost (1 - on/off throughput): ${(cost * 100).toFixed(1)}% (target <= 15%)`,
    `telemetry CPU cost per request: +${(median(on.cpuPerRequest) - median(off.cpuPerRequest)).toFixed(1)} µs (${((median(on.cpuPerRequest) / median(off.cpuPerRequest) - 1) * 100).toFixed(1)}%)`,
    `fw with telemetry / fastify with telemetry, throughput: ${(median(on.rps) / median(fastify.rps)).toFixed(3)}x (target >= 1.3x)`,
    `fastify / fw CPU per request, both with telemetry: ${(median(fastify.cpuPerRequest) / median(on.cpuPerRequest)).toFixed(3)}x (target >= 2x)`,
    `lean on / off CPU per request: ${(median(on.cpuPerRequest) / median(off.cpuPerRequest)).toFixed(3)}x (target <= 1.3x); full SDK path on / off: ${(median(full.cpuPerRequest) / median(off.cpuPerRequest)).toFixed(3)}x`,
    `the same ratios, median of each round's own: lean on / off ${pairedCpuRatio(on, off).toFixed(3)}x, full / off ${pairedCpuRatio(full, off).toFixed(3)}x, fastify / lean ${pairedCpuRatio(fastify, on).toFixed(3)}x`,
    '',
    await runtimeMetricsCost(),
    '',
  ].join('\n'),
);

/** CPU µs of one runtime-metrics collection (and its Prometheus text), and the delay monitor's CPU per second of an idle loop. */
async function runtimeMetricsCost(): Promise<string> {
  const idle = async (): Promise<number> => {
    const start = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 2;
  };
  await idle();
  const without = await idle();
  const delay = new EventLoopDelayWindow();
  const withMonitor = await idle();
  const producer = new RuntimeMetricProducer(delay);
  const collect = async (): Promise<number> => serializePrometheus((await producer.collect()).resourceMetrics).length;
  for (let i = 0; i < 200; i += 1) await collect();
  const times = 2000;
  let bytes = 0;
  const before = process.cpuUsage();
  for (let i = 0; i < times; i += 1) bytes += await collect();
  const spent = process.cpuUsage(before);
  const perCollect = (spent.user + spent.system) / times;
  delay.stop();
  return [
    `runtime metrics, one collection and its Prometheus text (${Math.round(bytes / times)} bytes): ${perCollect.toFixed(1)} µs CPU (mean of ${times} in a row)`,
    `event-loop delay monitor (10 ms timer), idle process CPU: ${withMonitor.toFixed(0)} µs/s with it, ${without.toFixed(0)} µs/s without`,
  ].join('\n');
}
