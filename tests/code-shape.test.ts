/**
 * fw-core's shape against issue 37's goals, measured with the functions of
 * scripts/code-shape.ts: no import circle of folders (issue 17) nor of files, at most 10,000
 * lines, small public entries, few tiny files, few files run by one GET, and no per-request value
 * computed twice by one function.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  computedTwice,
  cycles,
  entryExports,
  fileCircles,
  fileImports,
  filesOfOneGet,
  folderImports,
  GOALS,
  lineCount,
  oneGet,
  relativeImports,
  REPEATED_FOR_A_REASON,
  repeatedForAReason,
  smallFiles,
  sourceFiles,
} from '../scripts/code-shape.ts';

/**
 * fw-core's lines as Prettier writes them (.prettierrc.json, `npm run format`; tests/sources-formatted
 * keeps it so). Before 2026-12-01 the count was held at 12,750 by hand, and held partly by joining
 * statements and wrapped expressions onto lines of up to 370 characters; formatted, that code was
 * 17,028 lines, and 16,765 after that day's cuts of dead and repeated code. The count may only
 * shrink from here; the goal stays GOALS.lines.
 */
const LINES_REACHED = 16_758;

describe("fw-core's folder structure", () => {
  it('has no two folders importing each other, and no longer circle of folders', () => {
    const { pairs, groups } = cycles(folderImports(sourceFiles()));
    assert.deepEqual(pairs, []);
    assert.deepEqual(groups, []);
  });

  it('finds a circle when there is one (the check itself works)', () => {
    const edges = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])], ['d', new Set(['a'])]]);
    assert.deepEqual(cycles(edges), { pairs: [], groups: [['a', 'b', 'c']] });
    assert.deepEqual(cycles(new Map([['a', new Set(['b'])], ['b', new Set(['a'])]])).pairs, ['a<->b']);
  });
});

describe("fw-core's shape against issue 37's goals", () => {
  const files = sourceFiles();

  it('has no circle of files importing each other (type imports included)', () => {
    assert.deepEqual(fileCircles(files), []);
  });

  it('reads every form of relative import, in either quotes, and nothing in comments or strings (the check itself works)', () => {
    const text = [
      "import { a, type B } from './a.ts';",
      'import type {',
      '  C,',
      "} from '../c.ts';",
      "export * from './d.ts';",
      "export { e } from './e/index.ts';",
      "import './f.ts';",
      "type G = import('./g.ts').G;",
      " * import { h } from './h.ts';",
      "const i = 'from ./i.ts';",
      "import { j } from 'node:j';",
      'import { k } from "./k.ts";',
      'const l = await import("./l.ts");',
    ].join('\n');
    assert.deepEqual(relativeImports(text), ['./a.ts', '../c.ts', './d.ts', './e/index.ts', './f.ts', './g.ts', './k.ts', './l.ts']);
    const edges = fileImports(files);
    assert.ok(edges.get('index.ts')!.size > 0, 'index.ts re-exports files');
  });

  // Issue 37's goal of GOALS.lines is open (scripts/code-shape.ts reports it as missed); until a
  // decision on how lines are counted, this holds fw-core to the count the issue's work reached,
  // so it can only shrink.
  it(`grows no further than ${LINES_REACHED} lines (wc -l of src/**/*.ts; the goal is ${GOALS.lines})`, () => {
    assert.ok(lineCount(files) <= LINES_REACHED, `${lineCount(files)} lines`);
  });

  it(`has at most ${GOALS.smallFiles} files of 25 lines or fewer besides index.ts`, () => {
    const small = smallFiles(files);
    assert.ok(small.length <= GOALS.smallFiles, `${small.length}: ${small.join(', ')}`);
  });

  it(`exports at most ${GOALS.rootExports} runtime names from the root entry`, async () => {
    const root = (await entryExports()).get('.')!;
    assert.ok(root.length <= GOALS.rootExports, `${root.length}: ${root.join(' ')}`);
  });

  it(`exports at most ${GOALS.allExports} runtime names across its entries`, async () => {
    const exports = await entryExports();
    assert.deepEqual([...exports.keys()].sort(), ['.', './inspect', './otel']);
    const total = [...exports.values()].reduce((sum, names) => sum + names.length, 0);
    assert.ok(total <= GOALS.allExports, `${total}: ${[...exports].map(([entry, names]) => `${entry} ${names.length}`).join(', ')}`);
  });

  it(`runs code in at most ${GOALS.minimalGetFiles} files for one GET of a minimal app`, async () => {
    const run = await filesOfOneGet('minimal');
    assert.ok(run.length > 0, 'the measure sees fw-core run');
    assert.ok(run.length <= GOALS.minimalGetFiles, `${run.length}: ${run.join(', ')}`);
  });

  it(`runs code in at most ${GOALS.blogGetFiles} files for one GET of the blog as npm start runs it`, async () => {
    const run = await filesOfOneGet('blog');
    assert.ok(run.some((file) => file.startsWith('otel/')), 'the measure sees telemetry');
    assert.ok(run.length <= GOALS.blogGetFiles, `${run.length}: ${run.join(', ')}`);
  });

  it('measures the same GET on a connection of its own too, which runs every file of the keep-alive GET and the per-connection ones', async () => {
    for (const app of ['minimal', 'blog'] as const) {
      const { files, filesOnNewConnection } = await oneGet(app);
      assert.deepEqual(files.filter((file) => !filesOnNewConnection.includes(file)), [], app);
      assert.ok(filesOnNewConnection.includes('server/graceful-close.ts'), `${app}: the connection's tracking runs (${filesOnNewConnection.join(', ')})`);
    }
  });

  for (const app of ['minimal', 'blog'] as const) {
    it(`calls no fw-core function more than once for one GET of the ${app} app, unless REPEATED_FOR_A_REASON says why`, async () => {
      const twice = await computedTwice(app);
      assert.ok(twice.length <= GOALS.computedTwice, `computed twice (compute once and keep it on the exchange, or add the function to REPEATED_FOR_A_REASON with why): ${twice.join(', ')}`);
    });
  }

  it('names in REPEATED_FOR_A_REASON only functions one GET still calls more than once (the check sees repeats, and the list holds no stale entry)', async () => {
    const seen = await repeatedForAReason();
    assert.deepEqual([...REPEATED_FOR_A_REASON.keys()].filter((fn) => !seen.includes(fn)), []);
  });
});
