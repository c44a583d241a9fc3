/**
 * `npm run test:unit` and `npm run test:e2e` split `npm test` in two (scripts/test-suites.ts): every
 * file `npm test` runs is in exactly one of them, and the unit list names only test files. The
 * three runs share their node --test options and Node's compile cache (testEnv).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { allTestFiles, NODE_TEST_OPTIONS, suiteFiles, TEST_GLOBS, testEnv, UNIT } from '../scripts/test-suites.ts';

const scripts: Record<string, string> = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')).scripts;

describe('test:unit and test:e2e', () => {
  it('together run exactly the files of npm test, none twice', () => {
    const unit = suiteFiles('unit');
    const e2e = suiteFiles('e2e');
    assert.deepEqual(unit.filter((file) => e2e.includes(file)), []);
    assert.deepEqual([...unit, ...e2e].sort(), allTestFiles());
    assert.deepEqual(TEST_GLOBS, ['packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts', 'tests/**/*.test.ts']);
  });

  it('lists as unit only files that npm test runs', () => {
    const all = new Set(allTestFiles());
    assert.deepEqual(UNIT.filter((file) => !all.has(file)), []);
    assert.equal(new Set(UNIT).size, UNIT.length, 'a file listed twice');
    assert.equal(suiteFiles('unit').length, UNIT.length);
  });

  it('are the package scripts, npm test running both', () => {
    assert.match(scripts['test:unit']!, /node scripts\/test-suites\.ts unit$/);
    assert.match(scripts['test:e2e']!, /node scripts\/test-suites\.ts e2e$/);
    assert.match(scripts['test']!, /node scripts\/test-suites\.ts all$/);
    // scripts/coverage.ts runs TEST_GLOBS under c8.
    assert.match(scripts['coverage']!, /node scripts\/coverage\.ts$/);
  });

  it('share a compile cache in node_modules/.cache, not under coverage nor over a cache the caller set', () => {
    assert.match(testEnv({}).NODE_COMPILE_CACHE ?? '', /node_modules[\\/]\.cache[\\/]fw-tests$/);
    assert.equal(testEnv({ NODE_V8_COVERAGE: 'cov' }).NODE_COMPILE_CACHE, undefined);
    assert.equal(testEnv({ NODE_COMPILE_CACHE: 'mine' }).NODE_COMPILE_CACHE, 'mine');
    assert.ok(NODE_TEST_OPTIONS.some((option) => /^--test-concurrency=([2-9]|\d\d+)$/.test(option)), 'two files or more at a time');
  });
});
