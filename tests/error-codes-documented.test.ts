/**
 * Keeps fw-core's error registry and docs/errors.md in step: every code documented once, with
 * the registry's status, and nothing documented that the registry lacks.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { errorCodes } from '../packages/fw-core/src/errors.ts';

const docs = await readFile(new URL('../docs/errors.md', import.meta.url), 'utf8');
const documented = new Map<string, string>();
for (const match of docs.matchAll(/^\| `(FW_ERR_[A-Z_]+)` \| ([^|]+) \|/gm)) {
  assert.ok(!documented.has(match[1]!), `${match[1]} is documented twice`);
  documented.set(match[1]!, match[2]!.trim());
}

describe('error codes', () => {
  it('documents every registry code with its status', () => {
    for (const [code, info] of Object.entries(errorCodes)) {
      const expected = 'status' in info ? String(info.status) : '—';
      assert.equal(documented.get(code), expected, `docs/errors.md row for ${code}`);
    }
  });

  it('documents no code the registry lacks', () => {
    const extra = [...documented.keys()].filter((code) => !(code in errorCodes));
    assert.deepEqual(extra, []);
  });

  it('uses the FW_ERR_ prefix and upper snake case for every code', () => {
    for (const code of Object.keys(errorCodes)) assert.match(code, /^FW_ERR_[A-Z0-9]+(_[A-Z0-9]+)*$/);
  });
});
