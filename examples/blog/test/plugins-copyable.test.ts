/**
 * docs/plugins.md tells app authors to take the blog's cors_plugin or rate_limit_plugin by copying
 * its folder and the blog's error registry: so each plugin folder imports only fw-core, node's
 * modules, ioredis, files of its own folder and src/errors.ts, never the rest of the blog.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const PACKAGES = new Set(['fw-core', 'ioredis']);

/** What the files of `folder` import that a copy of it and of src/errors.ts would not carry. */
function importsBeyondCopy(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const text = readFileSync(join(folder, name), 'utf8');
    return [...text.matchAll(/(?:from|import\(?)\s*'([^']+)'/g)].flatMap(([, target]) => {
      if (target!.startsWith('node:') || PACKAGES.has(target!)) return [];
      const path = relative(SRC, resolve(folder, target!));
      return path === 'errors.ts' || !relative(folder, resolve(folder, target!)).startsWith('..') ? [] : [`${name} imports ${target}`];
    });
  });
}

describe("the blog's plugins can be copied into another app", () => {
  for (const plugin of ['cors', 'rate-limit']) {
    it(`${plugin}/ imports nothing beyond fw-core, node, ioredis, its own files and src/errors.ts`, () => {
      const folder = join(SRC, 'plugins', plugin);
      assert.ok(readdirSync(folder).length > 2, `${folder} has its files`);
      assert.deepEqual(importsBeyondCopy(folder), []);
    });
  }
});
