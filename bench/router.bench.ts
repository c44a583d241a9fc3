/**
 * Router lookups per second, fw's router against find-my-way, rou3 (tree and compiled),
 * memoirist and Hono's RegExpRouter and TrieRouter, on the blog's table, a GitHub-like table on
 * three hosts (and its single-host subset), a commerce-API table and two miss-heavy mixes. Every
 * router gets the same fresh request strings, and its answers are checked against fw's before
 * anything is timed. `ROUNDS` (default 7) and `ROUND_MS` (default 200; request classes get a
 * fifth of it) set the rounds; `ROUNDS=0` only checks the answers. Run:
 * `npx node bench/router.bench.ts` (docs/performance.md, "Router against every peer").
 */
import { CONTENDERS } from './router/contenders.ts';
import { benchTable, type BenchOptions } from './router/lookup-bench.ts';
import { adaptationLines, classTable, machineLine, ratesTable, skippedLines } from './router/report.ts';
import { singleHost, withoutQueries } from './router/variants.ts';
import { blogTable } from './tables/blog-table.ts';
import { commerceTable } from './tables/commerce-table.ts';
import { githubTable } from './tables/github-table.ts';
import { missHeavy } from './tables/miss-heavy.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const ROUND_MS = Number(process.env.ROUND_MS ?? 200);
const options: BenchOptions = { rounds: ROUNDS, roundMs: ROUND_MS, classRoundMs: ROUND_MS / 5 };

const routingAlone = [
  blogTable,
  githubTable,
  singleHost(githubTable, 'api.example.com'),
  commerceTable,
  missHeavy(blogTable, 31),
  missHeavy(commerceTable, 37),
].map(withoutQueries);
const withQueries = [blogTable, githubTable, commerceTable];
const names = CONTENDERS.map((contender) => contender.name);

const alone = routingAlone.map((table) => {
  process.stderr.write(`${table.name}\n`);
  return benchTable(table, CONTENDERS, options, true);
});
const queries = withQueries.map((table) => benchTable(table, CONTENDERS.filter((c) => c.queryStrings), options, false));

const report = [machineLine(`${ROUNDS} rounds of ${ROUND_MS} ms per table, of ${options.classRoundMs} ms per request class`), ''];
if (ROUNDS === 0) {
  report.push('Every router answers every request as fw does (checked only, nothing timed).', '', ...skippedLines(alone));
} else {
  report.push(`**Routing alone** (query strings cut), lookups per second, median of ${ROUNDS} rounds:`, '', ...ratesTable(alone, names));
  report.push('', ...skippedLines(alone), '', '**With query strings**, fw against find-my-way (the only peer that takes the raw request target):', '');
  report.push(...ratesTable(queries, ['fw', 'find-my-way']), '');
  report.push(`**Per request class**, ns per lookup (median of ${ROUNDS} rounds; each class's requests timed on their own):`);
  for (const figures of alone) report.push('', `*${figures.table.name}*`, '', ...classTable(figures, names));
}
report.push('', '**How each peer got the tables:**', '', ...adaptationLines(CONTENDERS));
console.log(report.join('\n'));
