/**
 * `npm run test:unit` and `npm run test:e2e` split `npm test` in two (scripts/test-suites.ts): every
 * file `npm test` runs is in exactly one of them, and the unit list names only test files.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { allTestFiles, npmTestGlobs, suiteFiles, UNIT } from '../scripts/test-suites.ts';

const scripts: Record<string, string> = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')).scripts;

describe('test:unit and test:e2e', () => {
  it('together run exactly the files of npm test, none twice', () => {
    const unit = suiteFiles('unit');
    const e2e = suiteFiles('e2e');
    assert.deepEqual(unit.filter((file) => e2e.includes(file)), []);
    assert.deepEqual([...unit, ...e2e].sort(), allTestFiles());
    assert.deepEqual(npmTestGlobs(), ['packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts', 'tests/**/*.test.ts']);
  });

  it('lists as unit only files that npm test runs', () => {
    const all = new Set(allTestFiles());
    assert.deepEqual(UNIT.filter((file) => !all.has(file)), []);
    assert.equal(new Set(UNIT).size, UNIT.length, 'a file listed twice');
    assert.equal(suiteFiles('unit').length, UNIT.length);
  });

  it('are the package scripts', () => {
    assert.match(scripts['test:unit']!, /node scripts\/test-suites\.ts unit$/);
    assert.match(scripts['test:e2e']!, /node scripts\/test-suites\.ts e2e$/);
    // scripts/coverage.ts runs npmTestGlobs() under c8.
    assert.match(scripts['coverage']!, /node scripts\/coverage\.ts$/);
  });
});
