/**
 * How fw-core reads, measured against the goals of issue 37 ("One request, one object, one
 * loop") and issue 17 (docs/decisions.md, "A codebase that reads in one sitting"):
 *
 * - the fw-core files one GET runs code in (V8 precise coverage over one request to a running
 *   server, after warm-up on the same keep-alive connection, each app in a fresh process): a
 *   minimal app, and the blog as `npm start` runs it (telemetry on, exporting to a sink on
 *   loopback; memory store; default log level); and, reported beside it without a goal, the same
 *   GET on a connection of its own, which adds what runs once per connection;
 * - the fw-core functions that same GET calls more than once (coverage's call counts) and that
 *   REPEATED_FOR_A_REASON does not name: each would be a per-request value computed twice;
 * - import circles of files (strongly connected groups over file-level imports, type imports
 *   included) and of folders;
 * - fw-core's lines (`wc -l` of every .ts file under src/);
 * - the runtime names (values, not types) each entry of package.json `exports` exports;
 * - the source files of 25 lines or fewer outside `index.ts` files.
 *
 *   npx node scripts/code-shape.ts
 *
 * tests/code-shape.test.ts checks each figure against its goal (GOALS) with the same functions.
 * Call counts see a value computed twice by one function; one computed again by another function
 * (a second parse of the target under another name) is still for the reader of the request path.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, get } from 'node:http';
import { Session } from 'node:inspector/promises';
import { registerHooks } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = join(ROOT, 'packages', 'fw-core');
const SRC = join(PACKAGE, 'src');
const BLOG = join(ROOT, 'examples', 'blog');

/** Issue 37's goals: each figure at most this. */
export const GOALS = {
  minimalGetFiles: 12,
  blogGetFiles: 25,
  fileCircles: 0,
  lines: 10_000,
  rootExports: 24,
  allExports: 45,
  smallFiles: 6,
  computedTwice: 0,
} as const;

/**
 * The fw-core functions one GET may call more than once, and why that computes nothing twice. A
 * function is named `file#name`; an anonymous one `file#enclosing/(anonymous)`.
 */
export const REPEATED_FOR_A_REASON: ReadonlyMap<string, string> = new Map([
  ['http/write-response.ts#isEmpty', "one test per header map: the plugins' and the response's own"],
  ['pipeline/stages.ts#runLane', 'resumes the lane after a stage that answered with a promise'],
  ['stream/clock.ts#monotonicMs', "two instants: the exchange's start and its end"],
  ['stream/exchange.ts#emit', "node:http emits each of a response's events through it ('prefinish', 'finish', 'close'): it reports the end on 'finish' and 'close'"],
  ['stream/exchange.ts#report', "'finish' and 'close' both report the end: the first does, the other returns at once"],
  ['stream/exchange.ts#endedAt', 'the end has two readers, observeExchange and the request log line: the first reads the clock, the other the value it kept'],
  ['stream/exchange.ts#existingExchange', "observeExchange reads the exchange's start, its report the exchange to end: a symbol read each, neither opening one on a server fw did not make"],
  ['stream/exchange.ts#exchangeOf', 'each listener (the telemetry stream handler, the pipeline) reads the one exchange off its request: a (req, res) listener has no slot to be handed it'],
  ['log/logger.ts#stringifyLine/(anonymous)', "JSON.stringify's replacer: once per field of the log line"],
  ['otel/server-telemetry.ts#getValue', 'a context lookup per key: the active span for the log line and for otel_fw_plugin, which gets it through the OpenTelemetry API only'],
  ['otel/http-metrics.ts#keyOf', 'one per attribute of the metric series key'],
  ['otel/http-metrics.ts#record', 'one per histogram: duration, request and response body sizes'],
  ['otel/lean/lean-span.ts#isRecording', 'each setter checks whether the span still records, which ending it changes'],
  ['otel/lean/lean-span.ts#ignores', 'each setter checks whether the span has ended, to ignore the call and tell diag as the SDK does'],
  ['http/response.ts#isThenable', 'one test per stage result (a route check, a part of it, the handler): each may be a promise'],
  ['otel/lean/lean-span.ts#setAttribute', 'one per attribute set'],
  ['otel/lean/lean-span.ts#setEncodedAttributes', "one per pre-encoded block: the connection's and otel_fw_plugin's"],
  ['otel/lean/lean-span.ts#truncate', 'one per attribute value set'],
  ['otel/lean/lean-span.ts#get traceId', 'made on first read (??=), read again by the export'],
  ['otel/lean/lean-span.ts#get spanId', 'made on first read (??=), read again by the export'],
  ['otel/lean/lean-span.ts#get startTime', 'made on first read (??=), read again by the export'],
  ['otel/lean/lean-span.ts#randomId', 'one per id drawn: the trace id and the span id'],
  ['otel/lean/lean-span.ts#isZero', 'one per id drawn (an all-zero id is invalid)'],
  ['otel/lean/lean-span.ts#toHex', 'one per id of the span context: the trace id and the span id'],
  ...[
    'ensure', 'tag', 'uint32', 'storeVarint', 'storeUint32', 'varintSize', 'raw', 'bytes', 'fixed64', 'fork', 'ldelim',
    'writeId', 'writeTime', 'writeCount', 'writeOptionalString', 'writeAnyValue', 'writeKept', 'keyBit',
  ].map((name) => [`otel/lean/otlp-trace-encoder.ts#${name}`, 'protobuf encoding of the ended span: once per field or attribute'] as const),
]);

/** Every .ts file under `dir`, relative to SRC. */
export function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

/** `wc -l` of a source file (its newlines). */
function linesOf(file: string): number {
  return readFileSync(join(SRC, file), 'utf8').split('\n').length - 1;
}

/** `wc -l` of all of `files`. */
export function lineCount(files: readonly string[]): number {
  return files.reduce((sum, file) => sum + linesOf(file), 0);
}

/** The files of 25 lines or fewer, `index.ts` files left out. */
export function smallFiles(files: readonly string[]): string[] {
  return files.filter((file) => !file.endsWith('index.ts') && linesOf(file) <= 25);
}

// A relative specifier, in single or double quotes, of an import or re-export statement (`import type`
// too, over several lines), a side-effect import, or an `import('./x.ts')` expression or type.
const RELATIVE_IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{][^;'"]*?\s+from\s*)?(['"])(\.[^'"]+)\1|\bimport\(\s*(['"])(\.[^'"]+)\3\s*\)/gm;

/** The relative specifiers a module's text imports from, in order. */
export function relativeImports(text: string): string[] {
  return [...text.matchAll(RELATIVE_IMPORT)].map((match) => (match[2] ?? match[4])!);
}

/** The relative specifiers `file` imports from, resolved to paths relative to SRC. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return relativeImports(text).map((specifier) => normalize(join(dirname(file), specifier)).replace(/\.js$/, '.ts'));
}

/** File → the files it imports (relative imports within fw-core, type imports included). */
export function fileImports(files: readonly string[]): Map<string, Set<string>> {
  const known = new Set(files);
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = importsOf(file)
      .map((target) => [target, `${target}.ts`, join(target, 'index.ts')].find((candidate) => known.has(candidate)))
      .filter((target): target is string => target !== undefined && target !== file);
    edges.set(file, new Set(targets));
  }
  return edges;
}

/** Folder → folders it imports from (relative imports across folders, top-level files left out). */
export function folderImports(files: readonly string[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const from = file.split('/')[0]!;
    if (!file.includes('/')) continue;
    for (const target of importsOf(file)) {
      const to = target.split('/')[0]!;
      if (!target.includes('/') || to === from || to.startsWith('..')) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  return edges;
}

/** Pairs of nodes that import each other, and groups of more than one node in a cycle (Tarjan). */
export function cycles(edges: Map<string, Set<string>>): { pairs: string[]; groups: string[][] } {
  const pairs = [...edges].flatMap(([a, tos]) => [...tos].filter((b) => a < b && edges.get(b)?.has(a)).map((b) => `${a}<->${b}`));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do group.push((w = stack.pop()!));
    while (w !== v);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return { pairs: pairs.sort(), groups };
}

/** The circles of files in fw-core: each a sorted list of the files that import each other round. */
export function fileCircles(files: readonly string[]): string[][] {
  return cycles(fileImports(files)).groups.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** package.json `exports` subpath (`.`, `./otel`) → the source file its `default` is built from. */
function entrySources(): Map<string, string> {
  type Exports = Record<string, string | { default?: string }>;
  const { exports } = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as { exports: Exports };
  const entries = new Map<string, string>();
  for (const [subpath, target] of Object.entries(exports)) {
    const built = typeof target === 'string' ? target : target.default;
    if (built === undefined || !built.startsWith('./dist/') || !built.endsWith('.js')) continue;
    entries.set(subpath, join(SRC, built.slice('./dist/'.length, -'.js'.length) + '.ts'));
  }
  return entries;
}

/** Each entry (`.`, `./otel`, `./inspect`) → the runtime names it exports, sorted. */
export async function entryExports(): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  for (const [subpath, source] of entrySources()) names.set(subpath, Object.keys(await import(pathToFileURL(source).href)).sort());
  return names;
}

/** Which app one GET is measured on: a minimal one, or the blog as `npm start` runs it. */
export type GetApp = 'minimal' | 'blog';

/** What one GET runs: the fw-core files, and each function called more than once (`file#name`) with its call count. */
export interface OneGet {
  readonly files: string[];
  readonly repeated: Record<string, number>;
  /** The files of the same GET on a connection of its own (closed after it): per-connection work too. */
  readonly filesOnNewConnection: string[];
}

/** What one measured run of a request saw. */
type Run = Omit<OneGet, 'filesOnNewConnection'>;

const measured = new Map<string, Promise<OneGet>>();

/**
 * The fw-core files and repeated functions of one GET, measured once per app and log level in a
 * fresh process (this script, with `--one-get`); `logLevel` sets LOG_LEVEL for the blog (unset:
 * its default, as `npm start`).
 */
export function oneGet(app: GetApp, logLevel?: string): Promise<OneGet> {
  const key = `${app} ${logLevel}`;
  if (!measured.has(key)) measured.set(key, measureOneGet(app, logLevel));
  return measured.get(key)!;
}

/** The fw-core files that run code for one GET (oneGet). */
export async function filesOfOneGet(app: GetApp, logLevel?: string): Promise<string[]> {
  return (await oneGet(app, logLevel)).files;
}

/** The functions one GET calls more than once that REPEATED_FOR_A_REASON does not name, with their counts. */
export async function computedTwice(app: GetApp, logLevel?: string): Promise<string[]> {
  const { repeated } = await oneGet(app, logLevel);
  return Object.entries(repeated).filter(([fn]) => !REPEATED_FOR_A_REASON.has(fn)).map(([fn, count]) => `${fn} ×${count}`);
}

/** The functions of REPEATED_FOR_A_REASON that one GET of the minimal app or the blog calls more than once. */
export async function repeatedForAReason(): Promise<string[]> {
  const seen = new Set([...Object.keys((await oneGet('minimal')).repeated), ...Object.keys((await oneGet('blog')).repeated)]);
  return [...REPEATED_FOR_A_REASON.keys()].filter((fn) => seen.has(fn));
}

function measureOneGet(app: GetApp, logLevel: string | undefined): Promise<OneGet> {
  const args = [fileURLToPath(import.meta.url), `--one-get=${app}`, ...(logLevel === undefined ? [] : [`--log-level=${logLevel}`])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as OneGet);
      else reject(new Error(`measuring one GET of the ${app} app failed (exit ${code}):\n${out}${err}`));
    });
  });
}

/** A function as coverage reports it: its name, and its whole range first. */
type CoveredFunction = { readonly functionName: string; readonly ranges: readonly { startOffset: number; endOffset: number; count: number }[] };

/** `file#name`; an anonymous function by the innermost named function around it. */
function functionKey(file: string, fn: CoveredFunction, all: readonly CoveredFunction[]): string {
  if (fn.functionName !== '') return `${file}#${fn.functionName}`;
  const { startOffset, endOffset } = fn.ranges[0]!;
  const around = all.filter((other) => other.functionName !== '' && other.ranges[0]!.startOffset <= startOffset && other.ranges[0]!.endOffset >= endOffset);
  const enclosing = around.sort((a, b) => b.ranges[0]!.startOffset - a.ranges[0]!.startOffset)[0];
  return `${file}#${enclosing === undefined ? '' : `${enclosing.functionName}/`}(anonymous)`;
}

/** The fw-core files with a function that ran while `act` did, and the functions that ran more than once (V8 precise coverage). */
async function measureRunBy(session: Session, act: () => Promise<void>): Promise<Run> {
  await session.post('Profiler.takePreciseCoverage'); // resets the counts: what follows is `act`
  await act();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const scripts = result
    .filter((script) => script.url.startsWith('file:') && fileURLToPath(script.url).startsWith(SRC + '/'))
    .map((script) => ({ file: relative(SRC, fileURLToPath(script.url)), functions: script.functions }));
  const files = scripts.filter(({ functions }) => functions.some((fn) => (fn.ranges[0]?.count ?? 0) > 0)).map(({ file }) => file).sort();
  const repeated: Record<string, number> = {};
  for (const { file, functions } of scripts) {
    for (const fn of functions) {
      const count = fn.ranges[0]?.count ?? 0;
      if (count < 2) continue;
      const key = functionKey(file, fn, functions);
      repeated[key] = Math.max(count, repeated[key] ?? 0);
    }
  }
  return { files, repeated: Object.fromEntries(Object.entries(repeated).sort(([a], [b]) => a.localeCompare(b))) };
}

/** One GET of `url` (fetch's keep-alive connection, else one of its own), its body read, then the turns of the event loop that finish the exchange. */
async function getOnce(url: string, newConnection = false): Promise<void> {
  const status = await (newConnection ? getOnNewConnection(url) : fetch(url).then(async (response) => (await response.text(), response.status)));
  if (status !== 200) throw new Error(`GET ${url} answered ${status}`);
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
}

/** A GET of `url` on a connection of its own (node:http without an agent: `connection: close`), its body read; its status. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0))).on('error', reject);
  });
}

/** `url`'s GET measured on the warm keep-alive connection, then on a connection of its own. */
async function measureGets(session: Session, url: string): Promise<OneGet> {
  const run = await measureRunBy(session, () => getOnce(url));
  const { files: filesOnNewConnection } = await measureRunBy(session, () => getOnce(url, true));
  return { ...run, filesOnNewConnection };
}

/** In the child: one GET of a minimal app (one route, fw_request_plugin, log_level warn). */
async function measureMinimalGet(session: Session): Promise<OneGet> {
  const fw = await import('../packages/fw-core/src/index.ts');
  const controller = fw.defineController('posts_controller', { show: (req) => fw.json({ id: Number(req.bindings.id) }) });
  const routes = [{ path: '/posts/:id', handler: controller.show, options: { methods: ['get' as const] } }];
  const router = { name: 'shape_router', routes: () => [{ prefix: '/api', security: false as const, routes }] };
  const app = fw.defineApp({ name: 'shape', router });
  const dir = await mkdtemp(join(tmpdir(), 'fw-shape-'));
  const plugin = { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true, read_urlencoded_body: true } };
  const server_configuration = { port: 0, host: '127.0.0.1' };
  const config = { fw: { bootstrap_application: 'shape', log_level: 'warn', server_configuration, plugins: [plugin] } };
  await writeFile(join(dir, 'fw.config.json'), JSON.stringify(config));
  const server = await fw.startServer({ appDir: dir, app, env: {} });
  try {
    for (let i = 0; i < 5; i += 1) await getOnce(`${server.url}/api/posts/${i}`);
    return await measureGets(session, `${server.url}/api/posts/7`);
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * In the child: one GET /api/posts/:id of the blog, started as examples/blog/src/main.ts starts
 * it (its fw.config.json, telemetry on), with `fw-core` resolved to the sources (the built files
 * are the same modules, one to one), the memory store, and the trace export going to an OTLP
 * sink on loopback.
 */
async function measureBlogGet(session: Session, logLevel: string | undefined): Promise<OneGet> {
  const entries = new Map([...entrySources()].map(([subpath, source]) => [`fw-core${subpath.slice(1)}`, pathToFileURL(source).href]));
  registerHooks({
    resolve: (specifier, context, next) => {
      const url = entries.get(specifier);
      return url === undefined ? next(specifier, context) : { url, shortCircuit: true };
    },
  });
  const answer = { 'content-type': 'application/x-protobuf' };
  const sink = createServer((req, res) => req.resume().on('end', () => res.writeHead(200, answer).end()));
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const fw = await import('../packages/fw-core/src/index.ts');
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    METRICS_PORT: '0',
    BLOG_STORE: 'memory',
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${(sink.address() as AddressInfo).port}/v1/traces`,
    ...(logLevel !== undefined && { LOG_LEVEL: logLevel }),
  };
  const server = await fw.startServer({ appDir: BLOG, env });
  try {
    const created = await fetch(`${server.url}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Shape', body: 'One request, one object, one loop.' }),
    });
    const { id } = (await created.json()) as { id: number };
    for (let i = 0; i < 5; i += 1) await getOnce(`${server.url}/api/posts/${id}`);
    return await measureGets(session, `${server.url}/api/posts/${id}`);
  } finally {
    await server.stop();
    sink.close();
  }
}

async function measureInChild(app: string, logLevel: string | undefined): Promise<void> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
  try {
    const run = app === 'blog' ? await measureBlogGet(session, logLevel) : await measureMinimalGet(session);
    process.stdout.write(`${JSON.stringify(run)}\n`);
  } finally {
    session.disconnect();
  }
}

/** `figure (goal ≤ n)`, with a mark when the goal is missed. */
function against(figure: number, goal: number): string {
  return `${figure} (goal ≤ ${goal}${figure > goal ? ', MISSED' : ''})`;
}

/** The report's line for a GET on a connection of its own: its count and the files it adds to `files`. */
function onNewConnection(files: readonly string[], fresh: readonly string[]): string {
  return `  on a connection of its own (no goal): ${fresh.length} (${fresh.filter((file) => !files.includes(file)).join(', ') || 'no other file'})`;
}

async function report(): Promise<void> {
  const files = sourceFiles();
  const small = smallFiles(files);
  const circles = fileCircles(files);
  const { pairs, groups } = cycles(folderImports(files));
  const exports = await entryExports();
  const root = exports.get('.') ?? [];
  const total = [...exports.values()].reduce((sum, names) => sum + names.length, 0);
  const minimal = await filesOfOneGet('minimal');
  const blog = await filesOfOneGet('blog');
  const blogWarn = await filesOfOneGet('blog', 'warn');
  const twice = [...new Set([...(await computedTwice('minimal')), ...(await computedTwice('blog'))])];
  const allowed = Map.groupBy(await repeatedForAReason(), (fn) => REPEATED_FOR_A_REASON.get(fn)!);
  const lines = [
    `fw-core source files: ${files.length}`,
    `fw-core lines (wc -l src/**/*.ts): ${against(lineCount(files), GOALS.lines)}`,
    `files one GET runs code in, minimal app: ${against(minimal.length, GOALS.minimalGetFiles)}`,
    `  ${minimal.join(', ')}`,
    onNewConnection(minimal, (await oneGet('minimal')).filesOnNewConnection),
    `files one GET runs code in, blog as npm start runs it: ${against(blog.length, GOALS.blogGetFiles)}`,
    `  ${blog.join(', ')}`,
    onNewConnection(blog, (await oneGet('blog')).filesOnNewConnection),
    `  at LOG_LEVEL=warn: ${blogWarn.length} (${blogWarn.filter((file) => !blog.includes(file)).join(', ') || 'no other file'}` +
      `${blog.some((file) => !blogWarn.includes(file)) ? `; not: ${blog.filter((file) => !blogWarn.includes(file)).join(', ')}` : ''})`,
    `import circles of files: ${against(circles.length, GOALS.fileCircles)}`,
    ...circles.map((circle) => `  ${circle.length} files: ${circle.join(' ')}`),
    `folders importing each other: ${pairs.length} (${pairs.join(', ')})`,
    `folders in a cycle of any length: ${groups.map((group) => group.join(' ')).join(' | ') || 'none'}`,
    `runtime exports, root entry: ${against(root.length, GOALS.rootExports)}`,
    `runtime exports, all ${exports.size} entries: ${against(total, GOALS.allExports)}`,
    ...[...exports].map(([subpath, names]) => `  ${subpath} (${names.length}): ${names.join(' ')}`),
    `files of 25 lines or fewer, index.ts left out: ${against(small.length, GOALS.smallFiles)}`,
    `  ${small.join(', ')}`,
    `fw-core functions called more than once per GET that compute a per-request value (minimal app, blog): ${against(twice.length, GOALS.computedTwice)}`,
    ...twice.map((fn) => `  ${fn}`),
    `  called more than once for a reason (REPEATED_FOR_A_REASON): ${[...allowed.values()].flat().length}`,
    ...[...allowed].map(([reason, fns]) => `    ${fns.join(', ')}: ${reason}`),
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

if (import.meta.main) {
  const option = (name: string): string | undefined => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const app = option('one-get');
  if (app === undefined) await report();
  else await measureInChild(app, option('log-level'));
}
