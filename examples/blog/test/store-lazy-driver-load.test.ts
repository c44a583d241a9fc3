/**
 * The blog loads only the store it runs on: with the memory store (the default) neither pg,
 * ioredis nor node:sqlite is loaded, by the app module or by opening the store; the SQLite store
 * loads node:sqlite when it opens. (Together pg and ioredis are about 140 modules of resident
 * memory: bench/memory.bench.ts.) A child process records what it resolves through a resolve hook.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { test } from 'node:test';

const SRC = join(import.meta.dirname, '..', 'src');
const url = (file: string): string => JSON.stringify(pathToFileURL(join(SRC, file)).href);

/** The drivers a child resolved after importing the app module and opening a store with `settings`. */
async function driversLoaded(settings: object): Promise<string[]> {
  const script = `
    import { registerHooks } from 'node:module';
    const seen = new Set();
    registerHooks({ resolve(specifier, context, next) {
      if (/^(pg|ioredis|node:sqlite)$/.test(specifier)) seen.add(specifier);
      return next(specifier, context);
    } });
    await import(${url('app.ts')});
    const { createStore } = await import(${url('store/create-store.ts')});
    const logger = { info() {}, warn() {}, error() {}, debug() {} };
    const store = await createStore(${JSON.stringify(settings)}, { appDir: ${JSON.stringify(join(SRC, '..'))}, logger });
    await store.close();
    console.log(JSON.stringify([...seen].sort()));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: join(SRC, '..') });
  return JSON.parse(stdout) as string[];
}

test('the memory store loads neither pg, ioredis nor node:sqlite', async () => {
  assert.deepEqual(await driversLoaded({ store: 'memory' }), []);
});

test('the SQLite store loads node:sqlite when it opens, and still not pg or ioredis', async () => {
  assert.deepEqual(await driversLoaded({ store: 'sqlite', sqlite_path: ':memory:' }), ['node:sqlite']);
});
