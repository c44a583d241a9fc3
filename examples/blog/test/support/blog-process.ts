/**
 * The blog service as a user starts it: `node src/main.ts` in examples/blog, as a subprocess,
 * on PORT=0. The bound URL comes from the `listening` JSON log line on stderr. Requests go
 * through node:http (not fetch), so paths reach the server exactly as written (`%2e%2e`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { dirname, join } from 'node:path';

/** examples/blog. */
export const BLOG_DIR = dirname(dirname(import.meta.dirname));
const MAIN = join(BLOG_DIR, 'src', 'main.ts');

/** Variables a developer's shell might set that would change what a test runs. */
const CLEARED = [
  'FW_ENV', 'FW_CONFIG', 'PORT', 'HOST', 'METRICS_PORT', 'LOG_LEVEL', 'REDIS_URL',
  'BLOG_STORE', 'BLOG_SQLITE_PATH', 'BLOG_API_TOKEN', 'DATABASE_URL', 'BLOG_ALLOW_MEMORY_STORE', 'BLOG_SQLITE_BUSY_TIMEOUT_MS',
  'BLOG_POSTGRES_POOL_SIZE', 'BLOG_POSTGRES_CONNECT_TIMEOUT_MS', 'BLOG_POSTGRES_QUERY_TIMEOUT_MS', 'BLOG_POSTGRES_STATEMENT_TIMEOUT_MS',
  'BLOG_IDEMPOTENCY_KEY_TTL_MS', 'BLOG_POSTGRES_READY_URL',
];

/** An answer, with the body as text and, when it parses, as JSON. */
export interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  /** The parsed body; undefined when it is empty or not JSON. */
  readonly json: any;
}

/** What a request may carry. An object `body` is sent as JSON. */
export interface RequestOptions {
  readonly headers?: Record<string, string | number>;
  readonly body?: string | Buffer | object;
  /** Close the connection after this request (for requests the server answers with connection: close). */
  readonly fresh?: boolean;
}

/** A running blog service. */
export interface BlogProcess {
  readonly url: string;
  readonly port: number;
  /** `http://127.0.0.1:<port>/metrics` from the `metrics_listening` log line; undefined when telemetry is off. */
  readonly metricsUrl: string | undefined;
  readonly child: ChildProcess;
  /** Every stderr line so far, parsed when it is JSON. */
  logLines(): Record<string, unknown>[];
  request(method: string, path: string, options?: RequestOptions): Promise<Reply>;
  /** SIGTERM, then wait for the exit; resolves to the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL (no shutdown at all), then wait for the exit. */
  kill9(): Promise<void>;
}

/** The environment of a blog subprocess: this process's, minus CLEARED, plus `env`. */
export function blogEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CLEARED) delete out[name];
  for (const name of Object.keys(out)) if (name.startsWith('OTEL_')) delete out[name];
  out.PORT = '0';
  out.METRICS_PORT = '0';
  // No collector runs in tests, and a developer's own on localhost:4318 must not receive test
  // spans. Telemetry tests set an endpoint and pass OTEL_TRACES_EXPORTER: undefined.
  out.OTEL_TRACES_EXPORTER = 'none';
  // A test's SIGTERM stops at once, not after the 5 s production drain; a test of the drain
  // sets FW_SHUTDOWN_DELAY_MS itself.
  out.FW_SHUTDOWN_DELAY_MS = '0';
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete out[name];
    else out[name] = value;
  }
  return out;
}

/** How to start: which script, from where, how long to wait for `listening`. */
export interface StartOptions {
  /** Default examples/blog/src/main.ts. */
  readonly script?: string;
  /** Default examples/blog. */
  readonly cwd?: string;
  readonly timeoutMs?: number;
  /** Node options before the script (V8 flags that NODE_OPTIONS does not take). */
  readonly execArgv?: readonly string[];
  /**
   * Which stderr lines after `listening` logLines() keeps (default all). A long load test drops
   * the per-request lines: kept and parsed again on every logLines() call, a 10-minute run's
   * millions of them outgrow the test process and stall its polling.
   */
  readonly keepLine?: (line: string) => boolean;
}

/** Starts the service and waits for its `listening` line (or fails with its stderr). */
export async function startBlog(env: Record<string, string | undefined> = {}, options: StartOptions = {}): Promise<BlogProcess> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const child = spawn(process.execPath, [...(options.execArgv ?? []), options.script ?? MAIN], { cwd: options.cwd ?? BLOG_DIR, env: blogEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  let pending = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let metricsUrl: string | undefined;
  let listening = false;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A child that never says `listening` must not outlive the test that gave up on it.
      child.kill('SIGKILL');
      reject(new Error(`blog did not start in ${timeoutMs} ms:\n${stderr.join('\n')}${pending}`));
    }, timeoutMs);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (listening && options.keepLine?.(line) === false) continue;
        stderr.push(line);
        const event = parseLine(line);
        if (event?.event === 'metrics_listening' && typeof event.url === 'string') metricsUrl = event.url;
        if (event?.event === 'listening' && typeof event.url === 'string') {
          clearTimeout(timer);
          listening = true;
          resolve(event.url);
        }
      }
    });
    child.stdout!.resume();
    void exited.then((code) => {
      clearTimeout(timer);
      // Once listening, an exit is the test's business: joining a long run's log here (a load
      // test's million lines) would outgrow a string.
      if (listening) return;
      reject(new Error(`blog exited with ${code} before listening:\n${stderr.join('\n')}${pending}`));
    });
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const target = new URL(url);
  return {
    url,
    port: Number(target.port),
    metricsUrl,
    child,
    logLines: () => stderr.map(parseLine).filter((l): l is Record<string, unknown> => l !== undefined),
    request: (method, path, options = {}) => send(target, options.fresh ? undefined : agent, method, path, options),
    async stop() {
      agent.destroy();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill9() {
      agent.destroy();
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Runs the service expecting it to refuse to start; resolves to its exit code, what it wrote on stderr for a person
 * (main.ts's `blog: cannot start: ...` lines) and, apart, its JSON log lines (fw's `start_failed` among them).
 */
export async function startBlogExpectingFailure(env: Record<string, string | undefined>, timeoutMs = 15_000): Promise<{ code: number | null; stderr: string; logLines: Record<string, unknown>[] }> {
  const child = spawn(process.execPath, [MAIN], { cwd: BLOG_DIR, env: blogEnv(env), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  const lines = stderr.split(/(?<=\n)/);
  const logLines = lines.map(parseLine).filter((line): line is Record<string, unknown> => line !== undefined);
  return { code, stderr: lines.filter((line) => parseLine(line) === undefined).join(''), logLines };
}

/** The PostgreSQL pool from one /metrics scrape: `idle <n>, used <n>, pending <n>` (connections idle and used, requests waiting for one). */
export async function poolSeries(blog: BlogProcess): Promise<string> {
  const text = await (await fetch(blog.metricsUrl!)).text();
  const value = (pattern: RegExp): string => pattern.exec(text)?.[1] ?? '?';
  return `idle ${value(/^db_client_connection_count\{.*state="idle".*\} (\d+)$/m)}, used ${value(/^db_client_connection_count\{.*state="used".*\} (\d+)$/m)}, pending ${value(/^db_client_connection_pending_requests\{.*\} (\d+)$/m)}`;
}

/**
 * Sends `method path` on a socket of its own and reads nothing: a client that hangs up (`socket.destroy()`) before
 * its answer. An object `body` is sent as JSON.
 */
export function requestToLeave(port: number, method: string, path: string, options: RequestOptions = {}): Socket {
  const { body, headers } = encodeBody(options);
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  const fields = { host: 'blog', ...headers, ...(body !== undefined && { 'content-length': Buffer.byteLength(body) }) };
  socket.write(`${method} ${path} HTTP/1.1\r\n${Object.entries(fields).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`);
  if (body !== undefined) socket.write(body);
  return socket;
}

function send(target: URL, agent: Agent | undefined, method: string, path: string, options: RequestOptions): Promise<Reply> {
  const { body, headers } = encodeBody(options);
  return new Promise<Reply>((resolve, reject) => {
    let answered = false;
    const req = httpRequest({ host: target.hostname, port: target.port, method, path, headers, ...(agent ? { agent } : { agent: false }) }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: parseJson(text) });
      });
    });
    // A server that answers early (413) may close while the body is still being written.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(body);
  });
}

function encodeBody(options: RequestOptions): { body: string | Buffer | undefined; headers: Record<string, string | number> } {
  const headers = { ...options.headers };
  const raw = options.body;
  if (raw === undefined || typeof raw === 'string' || Buffer.isBuffer(raw)) return { body: raw, headers };
  if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  return { body: JSON.stringify(raw), headers };
}

function parseLine(line: string): Record<string, unknown> | undefined {
  const value = parseJson(line);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The parsed JSON of `text`; undefined when it is empty or not JSON. */
export function parseJson(text: string): any {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
