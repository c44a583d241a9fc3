/**
 * The cost of telemetry on GET /api/posts/:id, in one run with alternating rounds: fw without
 * telemetry, fw with telemetry (otel_fw_stream_h + otel_fw_plugin, spans exported over
 * OTLP/HTTP protobuf to a local sink, metrics recorded), and Fastify with
 * @opentelemetry/instrumentation-http over the same export pipeline. fw with telemetry runs twice:
 * on the lean path setupTelemetry chooses by default and on the SDK path (FW_OTEL_PATH=full).
 * Reports median requests/s, server CPU µs per request, and the ratios issue 36 sets targets for
 * (lean on/off CPU at most 1.15x; Fastify/fw lean CPU, both with telemetry, at least 2x).
 *
 *   npx node bench/telemetry.bench.ts [--rounds 5] [--seconds 5] [--connections 50] [--rate <requests/s>] [--check-drops] [--protocol http/json]
 *
 * By default each server gets requests as fast as it answers them. Over loopback that charges a
 * slower server more kernel time for the same response (its writes wake a load generator that
 * sat idle more often); `--rate` sends every server the same requests per second (set it below
 * the slowest server's throughput) so each pays the same per-request wake-ups.
 *
 * Dropped spans: the sink (its own process, on the load generator's CPU, never a measured
 * server's) decodes every trace export with the official protos (or OTLP/JSON) and counts each
 * server's SERVER spans; after each run the bench has the server flush its telemetry and compares
 * the requests it answered with the spans that arrived (support/span-drops.ts). `--check-drops`
 * exits 1 when a server dropped a span or sent an export the sink could not decode. `--protocol`
 * sets OTEL_EXPORTER_OTLP_PROTOCOL for the servers with telemetry (default: unset, protobuf).
 *
 * Both fw servers with telemetry push their metrics every 5 s, the runtime metrics (event loop,
 * heap, CPU, memory: issue 35, item 7) among them, so their figures include those. The runtime
 * metrics cost nothing per request: they are read when a reader collects. What they do cost is
 * measured at the end: the CPU of one collection and its Prometheus text (in this process: a
 * scrape or a push reads them once per reader), the background CPU of the event-loop delay
 * monitor's 10 ms timer in an idle process (one monitor per setupTelemetry), and every server's
 * CPU while it sits idle after the rounds (telemetry off against on: timers, metric pushes).
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { serializePrometheus } from '../packages/fw-core/src/otel/prometheus-serializer.ts';
import { EventLoopDelayWindow, RuntimeMetricProducer } from '../packages/fw-core/src/otel/metrics-pipeline.ts';
import { alternate, type Contender, cpuOf, flushTelemetry, median, pairedCpuRatio, pinTo, row, spawnServer } from './support/harness.ts';
import { NO_EXPORTS, type SinkCounts, startOtlpSink } from './support/otlp-sink.ts';
import { addRun, dropNotes, dropped, dropRow, type DropTally, newDropTally, surplus } from './support/span-drops.ts';
import { type TelemetryServer, telemetryServers } from './support/telemetry-servers.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    rate: { type: 'string' },
    'check-drops': { type: 'boolean', default: false },
    protocol: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const rate = values.rate === undefined ? undefined : Number(values.rate);
if (rate !== undefined && !(rate > 0)) throw new Error(`--rate must be a positive number of requests per second, not ${values.rate}`);
/** How long every server sits without requests after the rounds, for its idle CPU: two metric export intervals. */
const IDLE_SECONDS = 10;
/** Left to pass before that, so the collections V8 runs once the load stops are not counted as idle CPU. */
const SETTLE_SECONDS = 5;

const sink = await startOtlpSink();
const servers = telemetryServers(sink.url, values.protocol === undefined ? {} : { OTEL_EXPORTER_OTLP_PROTOCOL: values.protocol });
const contenders = await Promise.all(servers.map(({ name, file, env }) => spawnServer(name, file, env)));
const [off, on, full, fastify] = contenders as [Contender, Contender, Contender, Contender];
const serverOf = new Map<Contender, TelemetryServer>(contenders.map((contender, i) => [contender, servers[i] as TelemetryServer]));
const tallies = new Map<Contender, DropTally>(contenders.filter((c) => serverOf.get(c)?.traced === true).map((c) => [c, newDropTally()]));
// Servers on CPU 0; this process (the load) and the sink on CPU 1.
const pinned = cpus().length >= 2 && pinTo(0, contenders.map((c) => c.child.pid ?? 0)) && pinTo(1, [process.pid, sink.pid]);
let received: SinkCounts;
let idle: Map<Contender, number>;
const started = performance.now();
const sinkAtStart = await sink.counts();
try {
  let last = sinkAtStart;
  await alternate(contenders, rounds, { seconds, connections, rate }, async (contender, figure) => {
    await flushTelemetry(contender.child);
    const now = await sink.counts();
    const key = serverOf.get(contender)?.key ?? '';
    const tally = tallies.get(contender);
    if (tally !== undefined) addRun(tally, figure, last.byKey[key] ?? NO_EXPORTS, now.byKey[key] ?? NO_EXPORTS);
    last = now;
  });
  idle = await idleCpu(contenders, IDLE_SECONDS);
} finally {
  for (const c of contenders) c.child.kill();
  received = await sink.close();
}
const cost = 1 - median(on.rps) / median(off.rps);
const sinkCpu = received.cpuMicros - sinkAtStart.cpuMicros;
const traced = [...tallies];
process.stdout.write(
  [
    `Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; ${pinned ? 'servers pinned to CPU 0, load and sink to CPU 1' : 'not pinned (taskset missing or one CPU)'}`,
    `GET /api/posts/:id, autocannon -c ${connections} -d ${seconds}${rate === undefined ? '' : ` at ${rate} requests/s`} (after a 1 s warm-up), ${rounds} alternating rounds, medians; OTLP ${values.protocol ?? 'http/protobuf (the default)'}; ${received.exports} OTLP exports (${(received.bytes / 1048576).toFixed(1)} MiB) reached the sink`,
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
    `lean on / off CPU per request: ${(median(on.cpuPerRequest) / median(off.cpuPerRequest)).toFixed(3)}x (target <= 1.15x); full SDK path on / off: ${(median(full.cpuPerRequest) / median(off.cpuPerRequest)).toFixed(3)}x`,
    `the same ratios, median of each round's own: lean on / off ${pairedCpuRatio(on, off).toFixed(3)}x, full / off ${pairedCpuRatio(full, off).toFixed(3)}x, fastify / lean ${pairedCpuRatio(fastify, on).toFixed(3)}x`,
    pairReach(pairedCpuRatio(fastify, off)),
    '',
    `Spans, all rounds (warm-ups included), each server flushed after each run; requests are the responses the load generator read (a server also traces the requests in flight when the warm-up and the measured run stop, at most one per connection each time: up to ${2 * connections} spans more than requests a run):`,
    '',
    '| server | requests | SERVER spans received | dropped | % dropped |',
    '|---|---|---|---|---|',
    ...traced.map(([c, tally]) => dropRow(c.name, tally)),
    '',
    ...traced.flatMap(([c, tally]) => dropNotes(c.name, tally)),
    `sink: ${received.traceExports} trace exports (${received.jsonExports} of them OTLP/JSON, the rest protobuf, decoded with the official protos) decoded between runs${received.rejected > 0 ? `, ${received.rejected} rejected (first: ${received.firstRejection})` : ''}, ${received.spans} spans, ${(received.decodeMicros / Math.max(1, received.spans)).toFixed(2)} µs CPU per span to decode; the sink's CPU, reading included: ${((sinkCpu / 1e6 / ((performance.now() - started) / 1000)) * 100).toFixed(1)}% of one CPU over the run`,
    `idle server CPU (${IDLE_SECONDS} s without requests, ${SETTLE_SECONDS} s after the rounds): ${contenders.map((c) => `${c.name} ${(idle.get(c) ?? Number.NaN).toFixed(0)} µs/s`).join(', ')}`,
    '',
    await runtimeMetricsCost(),
    '',
  ].join('\n'),
);
if (values['check-drops']) {
  const failed = traced.filter(([, tally]) => dropped(tally) > 0 || surplus(tally) > 0 || tally.rejected > 0).map(([c]) => c.name);
  if (failed.length > 0) {
    process.stderr.write(`--check-drops: spans lost or malformed for ${failed.join(', ')}\n`);
    process.exitCode = 1;
  }
}

/** Every contender's CPU µs per second over `secondsIdle` without requests (after SETTLE_SECONDS), all measured at once. */
async function idleCpu(all: readonly Contender[], secondsIdle: number): Promise<Map<Contender, number>> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
  const before = await Promise.all(all.map((c) => cpuOf(c.child)));
  const start = performance.now();
  await new Promise((resolve) => setTimeout(resolve, secondsIdle * 1000));
  const after = await Promise.all(all.map((c) => cpuOf(c.child)));
  const elapsed = (performance.now() - start) / 1000;
  return new Map(all.map((c, i) => [c, ((after[i] ?? 0) - (before[i] ?? 0)) / elapsed]));
}

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

/**
 * Whether this run's host lets both goals hold at once: fastify / lean = (fastify / off) / (lean / off), so with lean / off at
 * its bound of 1.15x, fastify / lean reaches 2.0x only when Fastify itself costs at least 2.3x fw without telemetry.
 */
function pairReach(fastifyOverOff: number): string {
  const best = fastifyOverOff / 1.15;
  const verdict = best >= 2 ? 'both goals can hold in this run' : `both goals cannot hold in this run: lean / off would have to be ${(fastifyOverOff / 2).toFixed(3)}x for fastify / lean 2.0x`;
  return `fastify / fw off, median of each round's own: ${fastifyOverOff.toFixed(3)}x; at lean / off 1.15x, fastify / lean would be ${best.toFixed(3)}x: ${verdict}`;
}
