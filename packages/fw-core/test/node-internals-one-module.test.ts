/**
 * Issue 37 item 4: fw-core's uses of undocumented node:http and node:net internals live in
 * src/http/node-internals.ts alone. The private fields and symbols that module reaches appear in no
 * other source file; each is still reached there (no stale entry).
 */
import assert from 'node:assert/strict';
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const SRC = join(import.meta.dirname, '..', 'src');
const MODULE = 'http/node-internals.ts';

/** How a source file would reach each internal node-internals.ts wraps. */
const INTERNALS: Readonly<Record<string, RegExp>> = {
  _httpMessage: /\._httpMessage\b/,
  _paused: /\._paused\b|'_paused'/,
  _handle: /\._handle\b/,
  _addHeaderLine: /\._addHeaderLine\b/,
  'socket parser': /\)\.parser\b|socket\.parser\b/,
  shouldKeepAlive: /\.shouldKeepAlive\s*=/,
  destroySoon: /\.destroySoon\s*=/,
  outputSize: /\.outputSize\b/,
  'http.server symbols': /http\.server\.connections/,
  'net.Server close on an http.Server': /\.prototype\.close\.call\(/,
};

/** Code only: comments left out, where a file may explain an internal it does not touch. */
function code(file: string): string {
  return readFileSync(join(SRC, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

describe('Node internals in one module', () => {
  it('are reached by no fw-core source file but http/node-internals.ts', () => {
    const found = globSync('**/*.ts', { cwd: SRC })
      .map((file) => file.split('\\').join('/'))
      .filter((file) => file !== MODULE)
      .flatMap((file) => {
        const text = code(file);
        return Object.entries(INTERNALS).filter(([, pattern]) => pattern.test(text)).map(([name]) => `${file}: ${name}`);
      });
    assert.deepEqual(found, []);
  });

  it('are each still reached by http/node-internals.ts (the list holds no stale entry, the patterns match)', () => {
    const text = code(MODULE);
    assert.deepEqual(Object.entries(INTERNALS).filter(([, pattern]) => !pattern.test(text)).map(([name]) => name), []);
  });
});
