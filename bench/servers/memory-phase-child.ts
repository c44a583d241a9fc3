/**
 * One step of bench/memory.bench.ts's `--phases` ladder: loads every phase up to and including
 * the one named in argv[2] (each phase what the blog's start adds next), runs a full collection
 * (node --expose-gc), and prints `process.memoryUsage()` with VmRSS, as JSON, on stdout. The
 * bench subtracts step n-1 from step n: what that phase costs a running blog. `last` says the
 * ladder ends there.
 * Run from examples/blog (its packages and priv/ resolve from there).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const BLOG = join(import.meta.dirname, '..', '..', 'examples', 'blog');
const fromBlog = (file: string): string => pathToFileURL(join(BLOG, file)).href;

/** The phases, in the order the blog's start meets them; each loads what the previous did not. */
const PHASES: ReadonlyArray<readonly [name: string, load: () => Promise<unknown>]> = [
  ["the ES module loader and Node's type stripper (this step is a .ts module)", async () => {}],
  ['node:http server listening', () => new Promise<void>((resolve) => createServer().listen(0, '127.0.0.1', resolve))],
  ['fw-core (root entry)', () => import('fw-core')],
  ['fw-core/otel (no SDK)', () => import('fw-core/otel')],
  ['ajv + the post schema compiled', async () => {
    const { Ajv } = await import('ajv');
    new Ajv({ allErrors: true }).compile(JSON.parse(readFileSync(join(BLOG, 'priv', 'schemas', 'post.json'), 'utf8')));
  }],
  ['node:sqlite (a database open)', async () => new (await import('node:sqlite')).DatabaseSync(':memory:')],
  ['OpenTelemetry SDK (register-telemetry.ts)', () => import(pathToFileURL(join(import.meta.dirname, '..', '..', 'packages', 'fw-core', 'dist', 'otel', 'register-telemetry.js')).href)],
  ["the blog's .ts modules (stripped, no compile cache)", () => import(fromBlog('src/app.ts'))],
];

const upTo = Number(process.argv[2]);
for (const [, load] of PHASES.slice(0, upTo + 1)) await load();
(globalThis as { gc?: () => void }).gc?.();
const rssKiB = Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
process.stdout.write(`${JSON.stringify({ phase: PHASES[upTo]?.[0], last: upTo === PHASES.length - 1, ...process.memoryUsage(), vmRss: rssKiB * 1024 })}\n`);
process.exit(0);
