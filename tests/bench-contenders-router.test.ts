/**
 * bench/router.bench.ts times fw's router against its peers; a rate only compares routers that
 * answer alike. Before timing, the bench checks every router against fw on each table (the same
 * route and captured values, or no match) and, answered as fw answers, the same counts of
 * segments and Allow methods; this runs those checks on the bench's own tables and routers with
 * nothing timed (as `ROUNDS=0` does), so a change to a table, a peer's adapter or fw's router
 * that makes one router do other work fails here, not in a figure. No socket.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { QUERY_TABLES, ROUTING_TABLES } from '../bench/router/bench-tables.ts';
import { CONTENDERS } from '../bench/router/contenders.ts';
import { fw, fwTargets } from '../bench/router/contenders/fw.ts';
import { benchTable } from '../bench/router/lookup-bench.ts';

const checkOnly = { rounds: 0, roundMs: 0, classRoundMs: 0 };
const hostless = ['rou3', 'rou3 compiled', 'memoirist', 'Hono RegExpRouter', 'Hono TrieRouter'];
/** The routers each table leaves out (their reasons are in the report), by position: a peer that drops out of a table silently fails here. */
const SKIPPED = [[], hostless, ['Hono RegExpRouter'], ['Hono RegExpRouter'], [], ['Hono RegExpRouter']];

describe('the router bench contenders', () => {
  for (const [position, table] of ROUTING_TABLES.entries()) {
    it(`every router answers ${table.name} as fw does, routing alone and answered as fw answers`, () => {
      const figures = benchTable(table, CONTENDERS, checkOnly, true);
      assert.ok(figures.found > 0);
      assert.deepEqual([...figures.skipped.keys()], SKIPPED[position]);
    });
  }

  it('fw and find-my-way answer the tables with query strings alike', () => {
    const targets = CONTENDERS.filter((c) => c.queryStrings).map((c) => (c === fw ? fwTargets : c));
    assert.ok(targets.length >= 2);
    for (const table of QUERY_TABLES) assert.ok(benchTable(table, targets, checkOnly, false).found > 0);
  });
});
