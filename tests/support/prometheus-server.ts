/**
 * A real Prometheus (Debian's package, installed by scripts/test-setup.ts) for the tests that
 * scrape fw: started on a free port with a config file, queried over its HTTP API, killed after.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { closedPort } from '../../packages/fw-core/test/support/closed-port.ts';

export const PROMETHEUS = '/usr/bin/prometheus';
export const PROMTOOL = '/usr/bin/promtool';
/** A test's `skip` when Prometheus is not installed. */
export const prometheusMissing =
  existsSync(PROMETHEUS) && existsSync(PROMTOOL) ? false : `${PROMETHEUS} or ${PROMTOOL} is not installed (Debian package prometheus)`;

/** One series of an instant query's answer. */
export interface Series {
  readonly metric: Record<string, string>;
  readonly value: [number, string];
}

export interface PrometheusServer {
  /** The instant query's series; asserts Prometheus answered `success`. */
  query(promql: string): Promise<Series[]>;
  /** Polls `probe` every 250 ms until it returns a value, or fails after `ms` with what Prometheus wrote last. */
  eventually<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T>;
  stop(): Promise<void>;
}

/** Prometheus on `config`, its data under `dir`, once it says it is ready. */
export async function startPrometheus(config: string, dir: string): Promise<PrometheusServer> {
  const port = await closedPort();
  const api = `http://127.0.0.1:${port}`;
  const args = [`--config.file=${config}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`];
  const child = spawn(PROMETHEUS, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const server: PrometheusServer = {
    async query(promql) {
      const res = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const body = (await res.json()) as { status: string; data: { result: Series[] } };
      assert.equal(body.status, 'success', JSON.stringify(body));
      return body.data.result;
    },
    async eventually(what, ms, probe) {
      const deadline = Date.now() + ms;
      for (;;) {
        const value = await probe().catch(() => undefined);
        if (value !== undefined) return value;
        if (Date.now() > deadline) throw new Error(`${what} within ${ms} ms; prometheus said:\n${output.slice(-2000)}`);
        await sleep(250);
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
  await server.eventually('prometheus ready', 20_000, async () => ((await fetch(`${api}/-/ready`)).ok ? true : undefined));
  return server;
}
