/**
 * Router build time and retained heap, fw against every peer of the router bench, on the
 * GitHub-like table (420 routes on three hosts, and its single-host subset for the routers
 * without host matching) and a generated 5000-route table. Answers are checked against fw's
 * first. Each figure is a router's first build of the table in a fresh process, the median of
 * `PROCESSES` (default 7) processes per router. Run: `npx node bench/router-build.bench.ts`
 * (docs/performance.md, "Router against every peer").
 */
import { BUILD_TABLES, benchBuilds } from './router/build-bench.ts';
import { CONTENDERS } from './router/contenders.ts';
import { benchTable } from './router/lookup-bench.ts';
import { buildTable, machineLine, skippedLines } from './router/report.ts';

const PROCESSES = Number(process.env.PROCESSES ?? 7);

const checked = BUILD_TABLES.map((table) => benchTable(table, CONTENDERS, { rounds: 0, roundMs: 0, classRoundMs: 0 }, false));
const rows = CONTENDERS.map((contender) => [contender.name, benchBuilds(contender, PROCESSES)] as const);

console.log(
  [
    machineLine(`first build of each table in a fresh process, median of ${PROCESSES} processes per router`),
    '',
    ...buildTable(BUILD_TABLES.map((table) => table.name), rows),
    '',
    ...skippedLines(checked),
  ].join('\n'),
);
