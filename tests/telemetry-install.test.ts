/**
 * docs/telemetry.md's install command works (issue 15, item 5): the packages and ranges it
 * names are fw-core's OpenTelemetry peers at fw-core's own ranges (a bare name let npm on an
 * older Node pick OpenTelemetry 2.x and end in ERESOLVE), and a project outside the workspace
 * that installs exactly that list beside the packed fw-core (offline, at the versions of the
 * repository's lock: tests/support/packed-project.ts) exports a span of a traced request to an
 * OTLP receiver on loopback, and the request's metrics with them.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startOtlpReceiver, type OtlpReceiver } from '../packages/fw-core/test/support/otel-receiver.ts';
import { cleanEnv, runNode } from '../packages/fw-cli/test/support/run-fw.ts';
import { fencedBlocks } from './support/markdown-fences.ts';
import { installOffline, packWorkspace, REPO } from './support/packed-project.ts';

const DOC = 'docs/telemetry.md';
/** Optional peers outside the base install: the propagators OTEL_PROPAGATORS names (docs/telemetry.md, Propagation). */
const PROPAGATORS = /^@opentelemetry\/propagator-/;

/** The `name@range` arguments of the doc's `npm install @opentelemetry/...` command. */
function documentedInstall(text: string): Map<string, string> {
  const block = fencedBlocks(DOC, text).find((b) => b.info[0] === 'sh' && b.code.startsWith('npm install @opentelemetry/'));
  assert.ok(block, `${DOC} shows the npm install command of the OpenTelemetry packages`);
  const words = block.code.replaceAll('\\\n', ' ').trim().split(/\s+/).slice(2);
  return new Map(words.map((spec) => [spec.slice(0, spec.lastIndexOf('@')), spec.slice(spec.lastIndexOf('@') + 1)]));
}

const TRACED_APP = `
import { createServer } from 'node:http';
import { once } from 'node:events';
import { otelStreamHandler, setupTelemetry } from 'fw-core/otel';
const telemetry = await setupTelemetry({ serviceName: 'installed', env: { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: process.env.TRACES_ENDPOINT, OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: process.env.METRICS_ENDPOINT } });
const server = createServer(otelStreamHandler.wrap((req, res) => res.end('traced'))).listen(0, '127.0.0.1');
await once(server, 'listening');
const res = await fetch('http://127.0.0.1:' + server.address().port + '/traced?page=1');
process.stdout.write(await res.text());
server.close();
await telemetry.shutdown();
process.exit(0);
`;

describe(`${DOC}'s install command, in an empty project`, () => {
  let installs: Map<string, string>;
  let peers: Record<string, string>;
  let packDir: string;
  let project: string;
  let receiver: OtlpReceiver;
  before(async () => {
    installs = documentedInstall(await readFile(join(REPO, DOC), 'utf8'));
    peers = JSON.parse(await readFile(join(REPO, 'packages', 'fw-core', 'package.json'), 'utf8')).peerDependencies;
    packDir = await mkdtemp(join(tmpdir(), 'fw-otel-pack-'));
    project = await mkdtemp(join(tmpdir(), 'fw-otel-consumer-'));
    receiver = await startOtlpReceiver();
  });
  after(async () => {
    await receiver.close();
    await rm(project, { recursive: true, force: true });
    await rm(packDir, { recursive: true, force: true });
  });

  it('names every OpenTelemetry peer of fw-core, each at fw-core\'s range', () => {
    const otelPeers = Object.entries(peers).filter(([name]) => name.startsWith('@opentelemetry/') && !PROPAGATORS.test(name));
    assert.deepEqual([...installs].sort(), otelPeers.sort());
  });

  it('names the propagator peer, installed only for OTEL_PROPAGATORS b3 or b3multi, in its own install line', async () => {
    const doc = await readFile(join(REPO, DOC), 'utf8');
    const propagators = Object.keys(peers).filter((name) => PROPAGATORS.test(name));
    // Not propagator-jaeger: its 2.x peer range of @opentelemetry/api (< 1.10) would make npm refuse fw-core beside api 1.10.
    assert.deepEqual(propagators, ['@opentelemetry/propagator-b3']);
    for (const name of propagators) assert.ok(doc.includes(`npm install ${name}`), name);
  });

  it('installs beside the packed fw-core and exports the span and the metrics of a traced request', { timeout: 120_000 }, async () => {
    const dependencies = { 'fw-core': '0.1.0', ...Object.fromEntries(installs) };
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'traced', private: true, type: 'module', dependencies }));
    await writeFile(join(project, 'main.mjs'), TRACED_APP);
    await installOffline(project, { 'fw-core': await packWorkspace('fw-core', packDir) });
    const run = await runNode(['main.mjs'], project, cleanEnv({ TRACES_ENDPOINT: `${receiver.url}/v1/traces`, METRICS_ENDPOINT: `${receiver.url}/v1/metrics` }));
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'traced');
    const span = receiver.spans.find((s) => s.kind === 'SPAN_KIND_SERVER');
    assert.ok(span, 'a SERVER span arrived');
    assert.equal(span.name, 'HTTP GET');
    assert.equal(span.attributes['url.path'], '/traced');
    assert.equal(span.resource['service.name'], 'installed');
    // The final push on shutdown, by fw's OTLP metric exporter (its serializer is a peer too).
    const duration = receiver.metrics.find((m) => m.name === 'http.server.request.duration');
    assert.equal(duration?.points[0]?.count, 1);
  });
});
