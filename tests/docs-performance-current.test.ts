/**
 * docs/performance.md describes now (issue 37, item 8): one current table per benchmark, in the
 * benchmark's section, and at most 400 lines. The goals tables at its top quote each benchmark's
 * figures as that table holds them, so a summary cannot keep a run its section no longer shows.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const TEXT = readFileSync(join(import.meta.dirname, '..', 'docs', 'performance.md'), 'utf8');

/** A goals row: its benchmark and its "latest figure" cell. */
interface GoalRow {
  readonly benchmark: string;
  readonly latest: string;
}

/** The rows of the goals tables above the first section (`| benchmark | goal | latest figure | met |`). */
function goalRows(text: string): GoalRow[] {
  const head = text.split(/^## /m)[0]!;
  return head.split('\n').flatMap((line) => {
    const cells = line.split('|').map((cell) => cell.trim());
    const benchmark = /^`((?:bench|tests)\/[^` ]+)/.exec(cells[1] ?? '')?.[1];
    return benchmark === undefined ? [] : [{ benchmark, latest: cells[3]! }];
  });
}

/** The table rows of the section whose command runs `benchmark`. */
function currentTable(text: string, benchmark: string): string | undefined {
  const section = text.split(/^## /m).slice(1).find((body) => /^\*\*Command:\*\*.*$/m.exec(body)?.[0].includes(benchmark));
  return section?.split('\n').filter((line) => line.startsWith('|')).join('\n');
}

/** The ratios (`1.024x`) a goals row quotes that its benchmark's current table does not hold. */
function staleFigures(text: string): string[] {
  return goalRows(text).flatMap(({ benchmark, latest }) => {
    const table = currentTable(text, benchmark);
    if (table === undefined) return [`${benchmark}: no section runs it`];
    return (latest.match(/\d+\.\d+x/g) ?? []).filter((ratio) => !table.includes(ratio.slice(0, -1))).map((ratio) => `${benchmark}: ${ratio}`);
  });
}

describe('docs/performance.md', () => {
  it('is at most 400 lines', () => {
    assert.ok(TEXT.split('\n').length - 1 <= 400, `${TEXT.split('\n').length - 1} lines`);
  });

  it("quotes in its goals tables only figures of each benchmark's current table", () => {
    assert.ok(goalRows(TEXT).length >= 10, `${goalRows(TEXT).length} goal rows read`);
    assert.deepEqual(staleFigures(TEXT), []);
  });

  it('sees a figure no current table holds, and a benchmark no section runs (the check itself works)', () => {
    const sample = [
      '| benchmark | goal | latest figure | met |',
      '|---|---|---|---|',
      '| `bench/a.bench.ts` | ≤ 1.05x | 1.024x (today), 0.935x (yesterday) | yes |',
      '| `bench/b.bench.ts` | ≤ 2x | 1.5x | yes |',
      '## A',
      '**Command:** `npx node bench/a.bench.ts`',
      'The run of yesterday: 0.935x.',
      '| fw | **1.024x** |',
    ].join('\n');
    assert.deepEqual(staleFigures(sample), ['bench/a.bench.ts: 0.935x', 'bench/b.bench.ts: no section runs it']);
  });
});
