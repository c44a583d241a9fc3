/**
 * inject() against a real socket for the same request, in one run and one process: the blog's
 * GET /heartbeat through its full configuration (otel_fw_stream_h, otel_fw_plugin,
 * fw_request_plugin; OTEL_SDK_DISABLED, so the API's no-op tracer), log_level warn. The
 * socket contender is startServer on 127.0.0.1:0 driven by node:http with a keep-alive agent,
 * one socket per concurrent request. Both run `--concurrency` requests at a time for
 * `--seconds`; rounds alternate which goes first; the figure is the median requests/s. This is
 * what a test suite pays per request, client included, which is the point of inject.
 *
 *   npx tsc -b && npx node bench/inject.bench.ts [--rounds 5] [--seconds 3] [--concurrency 16]
 */
import { Agent, request } from 'node:http';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createListener, inject, startServer } from 'fw-core';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, seconds: { type: 'string', default: '3' }, concurrency: { type: 'string', default: '16' } } });
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

const appDir = join(import.meta.dirname, '..', 'examples', 'blog');
// OTEL_SDK_DISABLED: two telemetry set-ups cannot share one process (one global provider, one
// metrics port), and the figure is about the transport, not the exporter.
const env = { LOG_LEVEL: 'warn', PORT: '0', OTEL_SDK_DISABLED: 'true' };
const embedded = await createListener({ appDir, env });
const server = await startServer({ appDir, env });
// A fresh agent per socket round: sockets left idle through an inject round can meet the
// server's keep-alive close mid-request (ECONNRESET), a race that is not what is measured.
let agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const url = new URL('/heartbeat', server.url);

/** One GET /heartbeat over the socket; rejects unless it is the 200 expected. */
function overSocket(): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

async function injected(): Promise<void> {
  const res = await inject(embedded, '/heartbeat');
  if (res.status !== 200 || res.body !== '{"status":"ok"}') throw new Error(`status ${res.status}`);
}

/** Requests/s of `one` run `concurrency` at a time for `seconds`. */
async function measure(one: () => Promise<void>): Promise<number> {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async (): Promise<void> => {
    while (performance.now() < until) {
      await one();
      done += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done / ((performance.now() - started) / 1000);
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const results = { inject: [] as number[], socket: [] as number[] };
try {
  // A short warm-up of each, so the first round does not pay for JIT and first sockets.
  await measureFor(0.5);
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? (['inject', 'socket'] as const) : (['socket', 'inject'] as const);
    for (const name of order) {
      if (name === 'socket') {
        agent.destroy();
        agent = new Agent({ keepAlive: true, maxSockets: concurrency });
      }
      results[name].push(await measure(name === 'inject' ? injected : overSocket));
    }
  }
} finally {
  agent.destroy();
  await server.stop();
  await embedded.close();
}

async function measureFor(warmSeconds: number): Promise<void> {
  const until = performance.now() + warmSeconds * 1000;
  while (performance.now() < until) await Promise.all([injected(), overSocket()]);
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
process.stdout.write(
  [
    `GET /heartbeat (blog app), ${concurrency} concurrent, ${seconds} s x ${rounds} alternating rounds, medians; ${cpus().length} x ${cpu}, Node ${process.version}`,
    '',
    '| contender | requests/s |',
    '|---|---|',
    `| inject() | ${Math.round(median(results.inject))} |`,
    `| socket (keep-alive) | ${Math.round(median(results.socket))} |`,
    '',
    `inject / socket: ${(median(results.inject) / median(results.socket)).toFixed(2)}x`,
    '',
  ].join('\n'),
);
