/**
 * The small app an author ships, for the app-bundled-* and app-module-* tests, which install or
 * build fw's packed packages outside the workspace: its source (routes, a body schema,
 * fw_request_plugin, withTelemetry), run in a child process as its user runs it (it prints its URL
 * once it listens on port 0, and stops on SIGTERM), and what it must answer and export.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cleanEnv } from '../../packages/fw-cli/test/support/run-fw.ts';
import { startOtlpReceiver, type OtlpReceiver } from '../../packages/fw-core/test/support/otel-receiver.ts';

/** How the app's source takes its packages, and which kind of schema checks its body. */
export interface AppSourceOptions {
  readonly modules: 'import' | 'require';
  readonly schema: 'zod' | 'json-schema';
}

/** The app's source: JavaScript that is also TypeScript, with no top-level await (a CommonJS bundle has none). */
export function appSource({ modules, schema }: AppSourceOptions): string {
  const body =
    schema === 'zod'
      ? 'z.object({ text: z.string().min(1) })'
      : "{ type: 'object', required: ['text'], properties: { text: { type: 'string', minLength: 1 } } }";
  const imports =
    modules === 'import'
      ? `import { defineApp, json, route, startServer } from 'fw-core';\nimport { withTelemetry } from 'fw-core/otel';\n${schema === 'zod' ? "import * as z from 'zod';\n" : ''}`
      : `const { defineApp, json, route, startServer } = require('fw-core');\nconst { withTelemetry } = require('fw-core/otel');\n${schema === 'zod' ? "const z = require('zod');\n" : ''}`;
  return `${imports}
const routes = [
  route({ path: '/hello/:name', methods: ['get'], handler: (req) => json({ hello: req.bindings.name }) }),
  route({ path: '/notes', methods: ['post'], schema: { body: ${body} }, handler: (req) => json({ text: req.body.text }, 201) }),
];
const app = withTelemetry(defineApp({ name: 'shipped', router: { name: 'shipped_router', routes: () => [{ prefix: '', security: false, routes }] } }));

void startServer({
  app,
  config: { server_configuration: { host: '127.0.0.1' }, plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] },
  env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn' },
}).then((server) => {
  process.stdout.write(server.url + '\\n');
  process.once('SIGTERM', () => void server.stop().then(() => process.exit(0)));
});
`;
}

/** A running app: its URL, and a stop that awaits a clean exit and resolves to its stderr. */
interface AppProcess {
  readonly url: string;
  stop(): Promise<string>;
}

/** Runs `node ...args` in `cwd` (this Node) until it prints its URL; rejects with its stderr if it exits first. */
async function startApp(args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<AppProcess> {
  const child = spawn(process.execPath, args, { cwd, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) resolve(stdout.trim());
    });
    void exited.then((code) => reject(new Error(`the app exited ${code} before listening: ${stderr}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      assert.equal(await exited, 0, stderr);
      return stderr;
    },
  };
}

/** What a run checks beyond answers, spans and metrics: the bad body's exact `details`, and a b3 header joining its trace under `OTEL_PROPAGATORS=b3`. */
export interface ShippedRunChecks {
  readonly details?: unknown;
  readonly b3?: boolean;
}

/** A b3 single header (https://github.com/openzipkin/b3-propagation): trace id, parent span id, sampled. */
const B3 = { traceId: '80f198ee56343ba864fe8b2a57d3eff7', parentSpanId: 'e457b5a2e4d86bd1' };

/** Runs `node ...args` in `cwd` with its telemetry sent to an OTLP receiver on loopback, and checks what it answers and exports. */
export async function assertShippedAppRuns(args: readonly string[], cwd: string, checks: ShippedRunChecks = {}): Promise<void> {
  const receiver = await startOtlpReceiver();
  try {
    const app = await startApp(args, cwd, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '50', ...(checks.b3 && { OTEL_PROPAGATORS: 'b3' }) });
    await assertServesAndExports(app, receiver, checks);
  } finally {
    await receiver.close();
  }
}

/** Sends the app its three requests, stops it (which flushes) and checks the answers, the spans and the metrics `receiver` got. */
async function assertServesAndExports(app: AppProcess, receiver: OtlpReceiver, checks: ShippedRunChecks): Promise<void> {
  const hello = await fetch(`${app.url}/hello/w%C3%B6rld`, { headers: checks.b3 ? { b3: `${B3.traceId}-${B3.parentSpanId}-1` } : {} });
  assert.deepEqual([hello.status, await hello.json()], [200, { hello: 'wörld' }]);
  const post = (text: string) => fetch(`${app.url}/notes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
  const created = await post('hi');
  assert.deepEqual([created.status, await created.json()], [201, { text: 'hi' }]);
  const refused = await post('');
  assert.equal(refused.status, 400);
  const answer = (await refused.json()) as { error: string; details: unknown };
  assert.equal(answer.error, 'invalid body');
  if (checks.details !== undefined) assert.deepEqual(answer.details, checks.details);
  assert.equal(await app.stop(), '', 'nothing on stderr');
  const spans = receiver.spans.filter((span) => span.kind === 'SPAN_KIND_SERVER').map((span) => `${span.name} ${span.attributes['http.response.status_code']}`);
  assert.deepEqual(spans.sort(), ['GET /hello/:name 200', 'POST /notes 201', 'POST /notes 400']);
  if (checks.b3) {
    const get = receiver.spans.find((span) => span.kind === 'SPAN_KIND_SERVER' && span.name.startsWith('GET'));
    assert.deepEqual([get?.traceId, get?.parentSpanId], [B3.traceId, B3.parentSpanId], 'the b3 header joined the trace');
  }
  const duration = receiver.metrics.filter((metric) => metric.name === 'http.server.request.duration').at(-1);
  assert.equal(duration?.points.reduce((sum, point) => sum + (point.count ?? 0), 0), 3);
}
