/**
 * Router lookups per second, fw's router against find-my-way, rou3 (tree and compiled),
 * memoirist and Hono's RegExpRouter and TrieRouter, on the blog's table, a GitHub-like table on
 * three hosts (and its single-host subset), a commerce-API table and two miss-heavy mixes. Every
 * router gets the same fresh request strings, and its answers are checked against fw's before
 * anything is timed. `ROUNDS` (default 7) and `ROUND_MS` (default 200; request classes get a
 * fifth of it) set the rounds; `ROUNDS=0` only checks the answers (and the counts of the rows
 * answered as fw answers). `TABLES` (positions in the report's order, from 1: `TABLES=1,4`) runs
 * only those routing-alone tables and no query-string rows; `PEERS` (names, comma-separated:
 * `PEERS=memoirist,rou3 compiled`) runs fw against only those routers. Run:
 * `npx node bench/router.bench.ts` (docs/performance.md, "Router against every peer").
 */
import { CONTENDERS } from './router/contenders.ts';
import { fw, fwTargets } from './router/contenders/fw.ts';
import { benchTable, type BenchOptions } from './router/lookup-bench.ts';
import { adaptationLines, classTable, machineLine, ratesTable, skippedLines } from './router/report.ts';
import { QUERY_TABLES, ROUTING_TABLES } from './router/bench-tables.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const ROUND_MS = Number(process.env.ROUND_MS ?? 200);
const options: BenchOptions = { rounds: ROUNDS, roundMs: ROUND_MS, classRoundMs: ROUND_MS / 5 };
const tableChoice = process.env.TABLES?.split(',').map(Number);
const peerChoice = process.env.PEERS?.split(',');
const contenders = peerChoice === undefined ? CONTENDERS : CONTENDERS.filter((c) => c.name === 'fw' || peerChoice.includes(c.name));

const allTables = ROUTING_TABLES;
for (const position of tableChoice ?? []) {
  if (allTables[position - 1] === undefined) throw new Error(`TABLES: no table ${position}; there are ${allTables.length}`);
}
for (const name of peerChoice ?? []) {
  if (!CONTENDERS.some((c) => c.name === name)) throw new Error(`PEERS: no router named ${name}; ${CONTENDERS.map((c) => c.name).join(', ')}`);
}
const routingAlone = tableChoice === undefined ? allTables : allTables.filter((_, i) => tableChoice.includes(i + 1));
const withQueries = tableChoice === undefined && contenders.some((c) => c.name === 'find-my-way') ? QUERY_TABLES : [];
const names = contenders.map((contender) => contender.name);

const alone = routingAlone.map((table) => {
  process.stderr.write(`${table.name}\n`);
  return benchTable(table, contenders, options, true);
});
const targetContenders = contenders.filter((c) => c.queryStrings).map((c) => (c === fw ? fwTargets : c));
const queries = withQueries.map((table) => benchTable(table, targetContenders, options, false));

const report = [machineLine(`${ROUNDS} rounds of ${ROUND_MS} ms per table, of ${options.classRoundMs} ms per request class`), ''];
if (ROUNDS === 0) {
  report.push('Every router answers every request as fw does (checked only, nothing timed).', '', ...skippedLines(alone));
} else {
  report.push(`**Routing alone** (query strings cut), lookups per second, median of ${ROUNDS} rounds:`, '', ...ratesTable(alone, names));
  report.push('', ...skippedLines(alone));
  report.push('', `**Routing alone, answered as fw answers**: the same, every router reading each answer as a server needs it to answer as fw does (a \`[...]\` rest as segments, the methods a 405's \`Allow\` names; BuiltRouter's passAnswered):`, '');
  report.push(...ratesTable(alone, names, true));
  if (queries.length > 0) {
    report.push('', '**With query strings**, fw against find-my-way (the only peer that takes the raw request target):', '');
    report.push(...ratesTable(queries, ['fw', 'find-my-way']));
  }
  report.push('');
  report.push(`**Per request class**, ns per lookup (median of ${ROUNDS} rounds; each class's requests timed on their own):`);
  for (const figures of alone) report.push('', `*${figures.table.name}*`, '', ...classTable(figures, names));
}
report.push('', '**How each peer got the tables:**', '', ...adaptationLines(contenders));
console.log(report.join('\n'));
