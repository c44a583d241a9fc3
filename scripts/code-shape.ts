/**
 * How fw-core reads, measured as issue 17 asks (docs/decisions.md, "A codebase that reads in one
 * sitting"): the fw-core files one GET executes code in (V8 precise coverage over one request to
 * a running server, after warm-up), the source files of 25 lines or fewer outside `index.ts`
 * files, and the folder-level import cycles (two folders importing each other, type imports
 * included, and the larger strongly connected groups).
 *
 *   npx node scripts/code-shape.ts
 *
 * tests/code-shape.test.ts keeps the folders free of import cycles with the same functions.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'fw-core', 'src');

/** Every .ts file under `dir`, relative to SRC. */
export function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

export function smallFiles(files: readonly string[]): string[] {
  return files.filter((file) => !file.endsWith('index.ts') && readFileSync(join(SRC, file), 'utf8').split('\n').length - 1 <= 25);
}

/** Folder → folders it imports from (relative imports across folders, top-level files left out). */
export function folderImports(files: readonly string[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const from = file.split('/')[0]!;
    if (!file.includes('/')) continue;
    for (const match of readFileSync(join(SRC, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const target = normalize(join(dirname(file), match[1]!));
      const to = target.split('/')[0]!;
      if (!target.includes('/') || to === from || to.startsWith('..')) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  return edges;
}

/** Pairs of folders that import each other, and groups of more than one folder in a cycle (Tarjan). */
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

/** The fw-core files that run code for one GET /api/posts/7 on a started server. */
async function filesOfOneGet(): Promise<string[]> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
  const fw = await import('../packages/fw-core/src/index.ts');
  const controller = fw.defineController('posts_controller', { show: (req) => fw.json({ id: Number(req.bindings.id) }) });
  const app = fw.defineApp({
    name: 'shape',
    router: { name: 'shape_router', routes: () => [{ prefix: '/api', security: false, routes: [{ path: '/posts/:id', handler: controller.show, options: { methods: ['get'] } }] }] },
  });
  const dir = await mkdtemp(join(tmpdir(), 'fw-shape-'));
  await writeFile(
    join(dir, 'fw.config.json'),
    JSON.stringify({
      fw: {
        bootstrap_application: 'shape',
        log_level: 'warn',
        server_configuration: { port: 0, host: '127.0.0.1' },
        plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true, read_urlencoded_body: true } }],
      },
    }),
  );
  const server = await fw.startServer({ appDir: dir, app, env: {} });
  try {
    for (let i = 0; i < 5; i += 1) await (await fetch(`${server.url}/api/posts/${i}`)).text();
    await session.post('Profiler.takePreciseCoverage'); // resets the counts: what follows is one request
    await (await fetch(`${server.url}/api/posts/7`)).text();
    await new Promise((resolve) => setImmediate(resolve));
    const { result } = await session.post('Profiler.takePreciseCoverage');
    return result
      .filter((script) => script.url.startsWith('file:') && fileURLToPath(script.url).startsWith(SRC) && script.functions.some((fn) => (fn.ranges[0]?.count ?? 0) > 0))
      .map((script) => relative(SRC, fileURLToPath(script.url)))
      .sort();
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
    session.disconnect();
  }
}

if (import.meta.main) await report();

async function report(): Promise<void> {
  const files = sourceFiles();
  const small = smallFiles(files);
  const { pairs, groups } = cycles(folderImports(files));
  const get = await filesOfOneGet();
  process.stdout.write(
    [
      `fw-core source files: ${files.length}`,
      `files one GET runs code in: ${get.length} (${get.join(', ')})`,
      `files of 25 lines or fewer, index.ts left out: ${small.length} (${small.join(', ')})`,
      `folders importing each other: ${pairs.length} (${pairs.join(', ')})`,
      `folders in a cycle of any length: ${groups.map((group) => group.join(' ')).join(' | ') || 'none'}`,
      '',
    ].join('\n'),
  );
}
