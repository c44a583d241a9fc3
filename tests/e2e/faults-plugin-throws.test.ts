/**
 * A plugin that fails (throws, rejects, or returns ['error', _]) costs only the request it
 * failed on: that request gets fw's 500 JSON, requests running at the same time succeed, and
 * the server keeps serving. Driven against tests/e2e/fixtures/fault-app as a subprocess.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startFaultApp, type FaultApp } from './support/fault-app.ts';

const FAULTS = ['throw', 'reject', 'error'] as const;
const FAULTY_PER_KIND = 30;
const HEALTHY = 300;

let fault: FaultApp;

before(async () => {
  fault = await startFaultApp();
});
after(async () => {
  await fault?.cleanup();
});

test('each failing request gets 500 {"error":"internal server error"}; the ones beside it succeed', async () => {
  const { app } = fault;
  const jobs: Promise<{ kind: string; status: number; json: unknown }>[] = [];
  for (let i = 0; i < HEALTHY; i += 1) {
    const kind = FAULTS[i % FAULTS.length]!;
    if (i < FAULTY_PER_KIND * FAULTS.length) {
      jobs.push(app.request('GET', '/fast', { headers: { 'x-e2e-fault': kind } }).then((r) => ({ kind, status: r.status, json: r.json })));
    }
    const healthy = i % 2 === 0 ? app.request('GET', '/fast') : app.request('POST', '/echo', { body: { n: i } });
    jobs.push(healthy.then((r) => ({ kind: 'healthy', status: r.status, json: r.json })));
  }
  const results = await Promise.all(jobs);
  for (const kind of FAULTS) {
    const failed = results.filter((r) => r.kind === kind);
    assert.equal(failed.length, FAULTY_PER_KIND);
    for (const r of failed) assert.deepEqual([r.status, r.json], [500, { error: 'internal server error' }]);
  }
  const healthy = results.filter((r) => r.kind === 'healthy');
  assert.equal(healthy.length, HEALTHY);
  healthy.forEach((r, i) => assert.deepEqual([r.status, r.json], [200, i % 2 === 0 ? { fast: true } : { echo: { n: i } }]));
});

test('the server keeps serving: same process, heartbeat 200, every failure logged: one whole request_failed line per kind, the rest counted', async () => {
  const { app } = fault;
  assert.equal(app.child.exitCode, null);
  const heartbeat = await app.request('GET', '/heartbeat');
  assert.deepEqual([heartbeat.status, heartbeat.json], [200, { status: 'ok' }]);
  // Repeats are summarised (docs/configuration.md, "Logging"); the summaries are written by the time the process exits.
  assert.equal(await app.stop(), 0);
  const failed = app.logLines().filter((line) => line.event === 'request_failed');
  for (const line of failed) assert.equal(line.level, 'error');
  assert.equal(failed.filter((line) => line.repeated === undefined).length, FAULTS.length);
  assert.equal(failed.reduce((sum, line) => sum + (typeof line.repeated === 'number' ? line.repeated : 1), 0), FAULTY_PER_KIND * FAULTS.length);
});
