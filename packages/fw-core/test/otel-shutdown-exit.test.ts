/**
 * Embedding telemetry in a plain server (docs/telemetry.md) with no collector that answers:
 * once shutdown() has returned, nothing of fw's keeps the process alive. The OTLP exporters'
 * retry waits (1 s, 1.5 s, … up to the 10 s export timeout) and a request held by a collector
 * that never answers used to keep it running for seconds (issue 15: 8 s after a 100 ms
 * shutdown). Measured on the child's own clock: from shutdown() returning to its `exit` event.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { closedPort } from './support/closed-port.ts';
import { startOtlpReceiver } from './support/otel-receiver.ts';

const fixture = join(import.meta.dirname, 'fixtures', 'otel-embedded-server', 'main.ts');

/** Longest the child may live on after shutdown() returned. */
const EXIT_WITHIN_MS = 1000;

interface Run {
  readonly code: number | null;
  /** The child's clock, ms: shutdown() returned, then the process exited. */
  readonly shutdownReturned: number;
  readonly exited: number;
}

/** Starts the fixture with `env`, serves one traced request, sends SIGTERM and waits for the exit (at most 20 s). */
async function runEmbedded(env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, [fixture], { env: { ...withoutOtel(process.env), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('\n')) resolve(stdout.split('\n')[0]!);
      });
      void exited.then((code) => reject(new Error(`the fixture exited with ${code} before listening:\n${stderr}`)));
    });
    assert.equal(await get(url), 'hello');
    child.kill('SIGTERM');
    const code = await exited;
    const events = new Map(stderr.split('\n').flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as { event: string; at: number }] : [])).map((e) => [e.event, e.at]));
    const shutdownReturned = events.get('shutdown_returned');
    const exit = events.get('exit');
    assert.ok(shutdownReturned !== undefined && exit !== undefined, `no shutdown_returned or exit line (killed after 20 s?):\n${stderr}`);
    return { code, shutdownReturned, exited: exit };
  } finally {
    clearTimeout(killer);
  }
}

/** One request on a connection of its own (no keep-alive socket left in the child). */
function get(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => resolve(body));
    }).on('error', reject).end();
  });
}

function withoutOtel(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('OTEL_')));
}

describe('a plain server embedding telemetry exits by itself after shutdown()', () => {
  it('with no collector listening (a refused OTLP endpoint, traces and metrics push)', async () => {
    const run = await runEmbedded({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await closedPort()}` });
    assert.equal(run.code, 0);
    const lived = run.exited - run.shutdownReturned;
    assert.ok(lived < EXIT_WITHIN_MS, `the process lived ${lived.toFixed(0)} ms after shutdown() returned`);
  });

  it('with a collector that accepts exports and never answers (shutdown limit 300 ms)', async () => {
    const receiver = await startOtlpReceiver('hang');
    try {
      const run = await runEmbedded({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, FIXTURE_SHUTDOWN_TIMEOUT_MS: '300' });
      assert.equal(run.code, 0);
      const lived = run.exited - run.shutdownReturned;
      assert.ok(lived < EXIT_WITHIN_MS, `the process lived ${lived.toFixed(0)} ms after shutdown() returned`);
    } finally {
      await receiver.close();
    }
  });
});
