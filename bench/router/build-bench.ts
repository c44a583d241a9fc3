/**
 * Router build time and retained heap, as a server pays them at start-up: the first build of a
 * table in a fresh process (first-build-child.ts, node --expose-gc, one per router and table),
 * after the router's own code ran once on the blog table. Build time: from a freshly collected
 * heap until the router answered one lookup. Retained heap: the growth of `heapUsed` between
 * full GCs around that build, the router kept alive. Medians over several child processes. Only
 * a first build is honest: a later build of the same routes reuses V8's caches (rou3's compiled
 * matcher is `new Function` code, Hono's RegExpRouter one RegExp), and weighed and timed far less
 * in one process.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { blogTable } from '../tables/blog-table.ts';
import { generatedTable } from '../tables/generated-table.ts';
import { githubTable } from '../tables/github-table.ts';
import type { BenchTable } from '../tables/route-table.ts';
import { median } from '../support/harness.ts';
import { NotExpressible, type Contender } from './contender.ts';
import { singleHost, usesHosts, withoutQueries } from './variants.ts';

/** The tables built: GitHub-like on three hosts and on one, and 5000 generated routes (query strings cut for the answer check). */
export const BUILD_TABLES: readonly BenchTable[] = [githubTable, singleHost(githubTable, 'api.example.com'), generatedTable].map(withoutQueries);

/** One router's figures on one table, or why it did not build. */
export type BuildFigures = { readonly ms: number; readonly bytes: number } | { readonly skipped: string };

function collect(): number {
  const gc = globalThis.gc;
  if (gc === undefined) throw new Error('run node with --expose-gc');
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** The first build of `table`: ms and retained bytes, or why it was skipped. */
function firstBuild(contender: Contender, table: BenchTable): BuildFigures {
  try {
    const before = collect();
    const start = performance.now();
    const router = contender.construct(table.routes);
    const ms = performance.now() - start;
    const bytes = collect() - before;
    if (router === null) throw new Error('unreachable');
    return { ms, bytes };
  } catch (error) {
    if (error instanceof NotExpressible) return { skipped: error.message };
    throw error;
  }
}

/** In a fresh child process: the first build of `table`, after one build of the blog table. */
export function firstBuildAfterWarmUp(contender: Contender, table: BenchTable): BuildFigures {
  contender.construct(blogTable.routes);
  return firstBuild(contender, table);
}

/** The median of `processes` child processes' first builds of table number `table`. */
function medianFirstBuild(contender: Contender, table: number, processes: number): BuildFigures {
  const figures = Array.from({ length: processes }, () => {
    const args = ['--expose-gc', join(import.meta.dirname, 'first-build-child.ts'), contender.name, String(table)];
    const child = spawnSync(process.execPath, args, { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`building ${contender.name} in a child failed: ${child.stderr}`);
    return JSON.parse(child.stdout) as BuildFigures;
  });
  const built = figures.flatMap((figure) => ('skipped' in figure ? [] : [figure]));
  if (built.length < figures.length) return figures.find((figure) => 'skipped' in figure) ?? { skipped: 'no figures' };
  return { ms: median(built.map(({ ms }) => ms)), bytes: median(built.map(({ bytes }) => bytes)) };
}

/** `contender`'s first-build figures on every table of BUILD_TABLES; no child for a table it cannot hold for want of hosts. */
export function benchBuilds(contender: Contender, processes: number): BuildFigures[] {
  return BUILD_TABLES.map((table, t) => (!contender.hosts && usesHosts(table) ? { skipped: 'no host matching' } : medianFirstBuild(contender, t, processes)));
}
