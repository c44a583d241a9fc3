/**
 * Issue 37 item 5: one seam decides lean or SDK at setup. Outside otel/lean/, no fw-core file
 * tells the paths apart by `instanceof` of a lean class, and no otel/ file keeps module-level
 * `let` or `var` state but the lean span ids' random pool (lean-span.ts: bytes drawn ahead, not a switch).
 */
import assert from 'node:assert/strict';
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const SRC = join(import.meta.dirname, '..', 'src');
const files = globSync('**/*.ts', { cwd: SRC }).map((file) => file.split('\\').join('/'));
const code = (file: string): string => readFileSync(join(SRC, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
const LEAN_CLASSES = files.filter((file) => file.startsWith('otel/lean/')).flatMap((file) => [...code(file).matchAll(/^export class (\w+)/gm)].map((match) => match[1]!));
const ID_POOL = ['otel/lean/lean-span.ts: let pool', 'otel/lean/lean-span.ts: let offset'];

describe('the lean/SDK seam', () => {
  it('is crossed by no instanceof of a lean class outside otel/lean/', () => {
    assert.ok(LEAN_CLASSES.includes('LeanServerSpan'), 'the lean classes are found');
    const found = files.filter((file) => !file.startsWith('otel/lean/')).flatMap((file) => LEAN_CLASSES.filter((name) => new RegExp(`instanceof\\s+${name}\\b`).test(code(file))).map((name) => `${file}: ${name}`));
    assert.deepEqual(found, []);
  });

  it('keeps no module-level let or var in otel/ but the span ids pool', () => {
    const found = files.filter((file) => file.startsWith('otel/')).flatMap((file) => [...code(file).matchAll(/^(?:export )?(?:let|var) (\w+)/gm)].map((match) => `${file}: let ${match[1]}`));
    assert.deepEqual(found, ID_POOL);
  });
});
