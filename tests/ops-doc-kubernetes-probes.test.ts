/**
 * docs/operations.md's Kubernetes probes, as an operator pastes them: the block is a pod spec whose
 * fields sit where Kubernetes reads them (the probes in the container, terminationGracePeriodSeconds
 * in the pod: the page showed them side by side, which no manifest accepts), its grace period
 * covers the whole stop, and its probes succeed from outside the container. The kubelet probes
 * the pod's own address, not its loopback: the blog started with the container's environment
 * answers both probes on this machine's non-loopback address, and without the block's HOST it
 * refuses that connection, so a pod on the default HOST would never become ready.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { BLOG_DIR, startBlog, type BlogProcess } from '../examples/blog/test/support/blog-process.ts';
import { resolveConfig } from '../packages/fw-core/src/config/index.ts';
import { fencedBlocks } from './support/markdown-fences.ts';

const FILE = 'docs/operations.md';
const text = readFileSync(join(import.meta.dirname, '..', FILE), 'utf8');
const block = fencedBlocks(FILE, text).find((b) => b.info[0] === 'yaml' && b.code.includes('readinessProbe'));
/** What the blog's telemetry flush may take on the way out, at most (docs/operations.md, Rolling restart, step 4). */
const TELEMETRY_FLUSH_MS = 5000;

interface Probe {
  readonly httpGet: { readonly path: string; readonly port: number };
}
interface Container {
  readonly env?: readonly { readonly name: string; readonly value: string }[];
  readonly ports?: readonly { readonly containerPort: number }[];
  readonly readinessProbe?: Probe;
  readonly livenessProbe?: Probe;
}

const pod = parse(block?.code ?? '') as { spec?: { terminationGracePeriodSeconds?: number; containers?: Container[] } };
const container = pod?.spec?.containers?.[0];
const containerEnv = Object.fromEntries((container?.env ?? []).map(({ name, value }) => [name, value]));

/** An IPv4 address of this machine that is not loopback: what the kubelet's probe reaches. */
const podAddress = Object.values(networkInterfaces())
  .flat()
  .find((info) => info !== undefined && info.family === 'IPv4' && !info.internal)?.address;

describe("docs/operations.md's Kubernetes probes", () => {
  it('is a pod spec: the grace period in the pod, the probes in its container', () => {
    assert.ok(block, `${FILE} has a yaml block with readinessProbe`);
    assert.deepEqual(Object.keys(pod), ['spec']);
    assert.equal(typeof pod.spec?.terminationGracePeriodSeconds, 'number');
    assert.equal(container?.readinessProbe?.httpGet.path, '/ready');
    assert.equal(container?.livenessProbe?.httpGet.path, '/heartbeat');
  });

  it("probes the port the container listens on, and its grace period covers the blog's whole stop", async () => {
    const config = await resolveConfig(BLOG_DIR, { FW_ENV: 'prod', ...containerEnv });
    const server = config.entries.find((entry) => entry.key === 'server_configuration')!.value as Record<string, number>;
    assert.equal(container?.readinessProbe?.httpGet.port, server['port']);
    assert.equal(container?.livenessProbe?.httpGet.port, server['port']);
    assert.deepEqual(container?.ports, [{ containerPort: server['port'] }]);
    const stopMs = server['shutdown_delay_ms']! + server['shutdown_grace_ms']! + TELEMETRY_FLUSH_MS;
    assert.ok(pod.spec!.terminationGracePeriodSeconds! * 1000 >= stopMs, `terminationGracePeriodSeconds ${pod.spec!.terminationGracePeriodSeconds} s < the stop's ${stopMs} ms`);
  });

  describe('from outside the container (this machine\'s non-loopback address)', { skip: podAddress === undefined && 'this machine has no non-loopback IPv4 address' }, () => {
    let withHost: BlogProcess;
    let withoutHost: BlogProcess;
    before(async () => {
      // PORT=0 rather than the block's 8080, which other processes here may hold.
      [withHost, withoutHost] = await Promise.all([startBlog({ ...containerEnv, PORT: '0' }), startBlog({ HOST: undefined })]);
    });
    after(async () => {
      await Promise.all([withHost?.stop(), withoutHost?.stop()]);
    });

    it("answers both probes with the container's environment", async () => {
      for (const [probe, body] of [
        [container!.readinessProbe!, { status: 'ready' }],
        [container!.livenessProbe!, { status: 'ok' }],
      ] as const) {
        const res = await fetch(`http://${podAddress}:${withHost.port}${probe.httpGet.path}`);
        assert.equal(res.status, 200);
        assert.deepEqual(await res.json(), body);
      }
    });

    it('refuses the connection on the default HOST', async () => {
      const refused = await new Promise<string>((resolve) => {
        const socket = connect(withoutHost.port, podAddress!);
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      });
      assert.equal(refused, 'ECONNREFUSED');
    });
  });
});
