/**
 * fw-core's folders do not import each other in a circle (issue 17): each folder can be read
 * knowing only the folders below it. Measured with the functions of scripts/code-shape.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cycles, folderImports, sourceFiles } from '../scripts/code-shape.ts';

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
