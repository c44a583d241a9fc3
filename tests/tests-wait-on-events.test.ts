/**
 * Tests wait on the thing itself, never on a guessed delay (issue 37, item 9; fw-core's
 * test/support/until.ts): a test that sleeps passes on a slow machine without the thing having
 * happened, and wastes the time on a fast one. A file may wait a fixed time only to poll a
 * condition nothing announces or to pace a scenario (load, a slow client, the phases of a fault),
 * and then it is listed below with the reason. Apps under test (`fixtures/`) are not tests; this
 * file's samples are not waits.
 */
import assert from 'node:assert/strict';
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(import.meta.dirname, '..');

/** Every file whose fixed waits are not synchronisation, and what they are for. */
const PACED_OR_POLLING: Readonly<Record<string, string>> = {
  'packages/fw-core/test/support/until.ts': 'until(): the polling helper for a condition nothing announces',
  'examples/blog/test/api-npm-start.test.ts': "polls the child's captured log lines for its ready line",
  'examples/blog/test/api-sqlite-locked.test.ts': 'paces the heartbeats sent while a write waits for the lock',
  'examples/blog/test/plugins-rate-limit-store-errors.test.ts': 'polls until Redis counts again, the outage being over',
  'tests/e2e/deploy-rolling-restart-haproxy.test.ts': "steady load phases, and polls haproxy's server status",
  'tests/e2e/deploy-rolling-restart-nginx.test.ts': "steady load phases, and polls for the restarted instance's first request",
  'tests/e2e/faults-database-gone.test.ts': 'the phases of the fault (up, down, back) and a client backing off after a 503',
  'tests/e2e/faults-database-restart-pgbouncer.test.ts': 'the phase of the fault (PostgreSQL down behind PgBouncer)',
  'tests/e2e/faults-redis-and-collector.test.ts': 'the phases of the fault (up, down, back)',
  'tests/e2e/npm-start-sigterm.test.ts': "polls whether npm's child processes (not this process's children) are gone",
  'tests/e2e/slow-clients-timeouts.test.ts': "paces the normal clients' load beside the slow ones",
  'tests/e2e/support/haproxy.ts': "polls haproxy's stats socket and a server's status",
  'tests/e2e/support/nginx.ts': "polls nginx's port until it accepts",
  'tests/e2e/support/raw-http.ts': 'dribble(): a slow client writing a byte at a time',
  'tests/e2e/support/shutdown-run.ts': 'slow clients finishing their bodies a set time after the signal',
  'tests/e2e/support/steady-load.ts': 'paces the steady load',
  'tests/support/prometheus-server.ts': "polls Prometheus's ready and query APIs: it announces no scrape",
  'tests/telemetry-doc-prometheus-samples.test.ts': 'lets a scrape pass between two bursts of traffic, so rate() has two samples',
  'examples/blog/test/leaks-client-gone.test.ts': "polls the process's held resources back to baseline (no event says a resource was freed), and lets heads and bodies reach the server before their clients leave",
  'packages/fw-core/test/otel-doc-export-interval-variable-wins.test.ts': 'counts the periodic metric pushes within a window: the interval is what it tests',
  'tests/e2e/faults-instance-crash-haproxy.test.ts': 'steady load phases between the kills',
  'tests/e2e/red-team-desync-balancers.test.ts': "lets the balancer see the backend's idle connections closed before a case",
  'tests/e2e/support/keyed-writes.ts': "paces the clients' writes, and waits a 503's Retry-After as the client it plays must",
};

/** The test files and their support code, by path from the root, apps under test left out. */
function testSources(): string[] {
  const globs = ['packages/*/test/**/*.ts', 'examples/*/test/**/*.ts', 'tests/**/*.ts'];
  return globs.flatMap((glob) => globSync(glob, { cwd: ROOT })).map((file) => file.split('\\').join('/')).filter((file) => !file.includes('/fixtures/') && file !== 'tests/tests-wait-on-events.test.ts').sort();
}

/** The awaited fixed delays of a source: a timers/promises setTimeout under any name, or a promise resolved by setTimeout. */
function fixedWaits(source: string): string[] {
  const names = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'node:timers\/promises'/g)].flatMap(([, list]) =>
    list!.split(',').flatMap((part) => {
      const [imported, local] = part.trim().split(/\s+as\s+/);
      return imported === 'setTimeout' ? [local ?? imported] : [];
    }),
  );
  const awaited = names.flatMap((name) => source.match(new RegExp(`await ${name}\\([^)]*\\)`, 'g')) ?? []);
  const promised = source.match(/new Promise(<[^>]*>)?\(\(?(\w+)\)? => setTimeout\(\2, [^)]*\)\)/g) ?? [];
  return [...awaited, ...promised];
}

describe('tests wait on events, not on guessed delays', () => {
  const waiting = Object.fromEntries(testSources().flatMap((file) => {
    const waits = fixedWaits(readFileSync(join(ROOT, file), 'utf8'));
    return waits.length === 0 ? [] : [[file, waits]];
  }));

  it('wait a fixed time only to poll or to pace a scenario, in the files listed with their reason', () => {
    const unlisted = Object.entries(waiting).filter(([file]) => PACED_OR_POLLING[file] === undefined);
    assert.deepEqual(unlisted, []);
  });

  it('list no file that waits no fixed time any more', () => {
    assert.deepEqual(Object.keys(PACED_OR_POLLING).filter((file) => waiting[file] === undefined), []);
  });

  it('see every form of a fixed wait (the check itself works)', () => {
    const sample = [
      "import { setImmediate as immediate, setTimeout as sleep } from 'node:timers/promises';",
      'await sleep(100);',
      'await immediate();',
      'await new Promise((resolve) => setTimeout(resolve, 50));',
      'await new Promise<void>((r) => setTimeout(r, 5));',
      'setTimeout(() => locker.exec("COMMIT"), 300);',
    ].join('\n');
    assert.deepEqual(fixedWaits(sample), ['await sleep(100)', 'new Promise((resolve) => setTimeout(resolve, 50))', 'new Promise<void>((r) => setTimeout(r, 5))']);
  });
});
