/**
 * fw-core's comments describe the code as it is now (issue 37, item 8; docs/style: "A comment that
 * justifies a trick names the benchmark, not the round, the nanoseconds or the V8 tier"): figures
 * and runs live in docs/performance.md, where they are kept current, and go stale in code.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { sourceFiles } from '../scripts/code-shape.ts';

const SRC = join(import.meta.dirname, '..', 'packages', 'fw-core', 'src');

/** A comment block: consecutive comment lines (a block comment's lines whatever they start with), or one code line's trailing line or block comment. */
interface CommentBlock {
  readonly at: string;
  readonly text: string;
}

/** The comment blocks of a source text, each at `file:line` of its first line. */
function commentBlocks(file: string, source: string): CommentBlock[] {
  const blocks: CommentBlock[] = [];
  let open: { line: number; parts: string[] } | undefined;
  let inBlock = false;
  const close = (): void => {
    if (open !== undefined) blocks.push({ at: `${file}:${open.line}`, text: open.parts.join(' ') });
    open = undefined;
  };
  source.split('\n').forEach((line, index) => {
    const trimmed = line.trim();
    if (inBlock || /^(\/\/|\/\*|\*)/.test(trimmed)) {
      inBlock = (inBlock || trimmed.startsWith('/*')) && !trimmed.includes('*/');
      open ??= { line: index + 1, parts: [] };
      open.parts.push(trimmed);
      return;
    }
    close();
    const trailing = line.search(/ \/[/*] /);
    if (trailing !== -1) blocks.push({ at: `${file}:${index + 1}`, text: line.slice(trailing + 1) });
  });
  close();
  return blocks;
}

/**
 * A run's history quoted in a comment: its round or trial (by number or spelled out), its time, its nanoseconds,
 * microseconds or instruction count, or the V8 tier that ran the code (TurboFan, Maglev, Sparkplug, Ignition, a deopt).
 */
const HISTORY = new RegExp(
  [
    String.raw`\brounds? \d|\btrials? [a-k]\b|\b\d{1,2}:\d{2}\s*(–\s*\d{1,2}:\d{2}\s*)?UTC\b|\b\d[\d,.]*\s?(ns|µs|nanoseconds|instructions)\b`,
    String.raw`\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth) (round|trial)s?\b|\b(round|trial) (one|two|three|four|five|six|seven|eight|nine|ten)\b`,
    String.raw`\b(TurboFan|Maglev|Sparkplug|Ignition)\b|\bdeopt`,
  ].join('|'),
  'i',
);

/** A claim that a way of writing the code is quicker, which only a benchmark shows. */
const SPEED_CLAIM = /\b(cheaper|faster|megamorphic|monomorphic|hot path|costs? (far )?more|tells V8)\b/i;

/** Where the benchmark that shows it is named. */
const BENCHMARK = /\bbench\/[\w.-]+\.ts\b/;

function historyIn(blocks: readonly CommentBlock[]): string[] {
  return blocks.filter((block) => HISTORY.test(block.text)).map((block) => `${block.at}: ${block.text}`);
}

function unnamedClaimsIn(blocks: readonly CommentBlock[]): string[] {
  return blocks.filter((block) => SPEED_CLAIM.test(block.text) && !BENCHMARK.test(block.text)).map((block) => `${block.at}: ${block.text}`);
}

describe("fw-core's comments", () => {
  const blocks = sourceFiles().flatMap((file) => commentBlocks(file, readFileSync(join(SRC, file), 'utf8')));

  it('quote no run of a benchmark: no round, trial, UTC time, nanoseconds or instruction count', () => {
    assert.deepEqual(historyIn(blocks), []);
  });

  it('name the benchmark beside every claim that a trick is quicker', () => {
    assert.deepEqual(unnamedClaimsIn(blocks), []);
  });

  it('see history and unnamed claims where there are some, in comment lines and trailing comments (the checks themselves work)', () => {
    const sample = [
      '/**',
      ' * Written so after round 3 of the trials (2026-11-29 12:51 UTC): 41.5 ns a lookup.',
      ' */',
      'const a = 1; // a plain view: cheaper than a subarray',
      '// Unrolled: set() costs more to call (bench/otlp-encoder.bench.ts).',
      'const url = "http://example.com"; const b = 2;',
      '// 81,718 instructions per request',
      'const d = 4;',
      '/*',
      '  written so that Maglev inlines it',
      '*/',
      "const c = 3; /* the figure of the sixth round */",
      '// Not a deopt-free loop yet.',
    ].join('\n');
    const found = commentBlocks('sample.ts', sample);
    assert.deepEqual(historyIn(found).map((line) => line.split(':')[1]), ['1', '7', '9', '12', '13']);
    assert.deepEqual(unnamedClaimsIn(found), ['sample.ts:4: // a plain view: cheaper than a subarray']);
  });
});
