/** The `blog` section of fw.config.json is checked at start, with errors that name the key. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isFwError, type FwErrorCode } from 'fw-core';
import { checkStoreSettings, createStore, databaseUrl, sqlitePath } from '../src/store/create-store.ts';
import { recordingLogger } from './support/store-logger.ts';

function rejectsWith(value: unknown, code: FwErrorCode, message: string): void {
  assert.throws(() => checkStoreSettings(value), (error: unknown) => {
    assert.ok(isFwError(error, code), String(error));
    assert.equal(error.message, message);
    return true;
  });
}

describe('blog store settings', () => {
  it('an absent section means the memory store', () => {
    assert.deepEqual(checkStoreSettings(undefined), { store: 'memory' });
    assert.deepEqual(checkStoreSettings({}), { store: 'memory' });
  });

  it('a complete section comes back as given', () => {
    const section = { store: 'postgres', sqlite_path: 'var/blog.db', sqlite_busy_timeout_ms: 1000, database_url: 'postgresql://u@db:5432/blog', log: './src/log.ts#logQuery' };
    assert.deepEqual(checkStoreSettings(section), section);
    assert.deepEqual(checkStoreSettings({ store: 'sqlite', log: true }), { store: 'sqlite', log: true });
  });

  it('an unknown key is named, with the keys allowed', () => {
    rejectsWith(
      { stroe: 'sqlite' },
      'FW_ERR_CONFIG_UNKNOWN_KEY',
      'Unknown configuration key blog.stroe; the keys allowed in blog are store, sqlite_path, sqlite_busy_timeout_ms, database_url, log',
    );
  });

  it('a wrong type or value names the key, what it must be and what was found', () => {
    rejectsWith([], 'FW_ERR_CONFIG_BAD_VALUE', 'blog must be an object; found an array');
    rejectsWith(null, 'FW_ERR_CONFIG_BAD_VALUE', 'blog must be an object; found null');
    rejectsWith({ store: 'mysql' }, 'FW_ERR_CONFIG_BAD_VALUE', 'blog.store must be one of "memory", "sqlite", "postgres"; found "mysql"');
    rejectsWith({ sqlite_path: 42 }, 'FW_ERR_CONFIG_BAD_VALUE', 'blog.sqlite_path must be a non-empty file path (relative to the app directory); found number 42');
    rejectsWith({ sqlite_path: '' }, 'FW_ERR_CONFIG_BAD_VALUE', 'blog.sqlite_path must be a non-empty file path (relative to the app directory); found ""');
    for (const [value, found] of [[-1, 'number -1'], [1.5, 'number 1.5'], [60_001, 'number 60001'], ['1000', '"1000"']] as const) {
      rejectsWith({ sqlite_busy_timeout_ms: value }, 'FW_ERR_CONFIG_BAD_VALUE', `blog.sqlite_busy_timeout_ms must be an integer number of milliseconds from 0 to 60000; found ${found}`);
    }
    rejectsWith({ log: 'yes' }, 'FW_ERR_CONFIG_BAD_VALUE', 'blog.log must be true, false or "<./module path>#<export name>"; found "yes"');
    rejectsWith({ log: 'some-package#log' }, 'FW_ERR_CONFIG_BAD_VALUE', 'blog.log must be true, false or "<./module path>#<export name>"; found "some-package#log"');
    rejectsWith({ database_url: 7 }, 'FW_ERR_CONFIG_BAD_VALUE', 'blog.database_url must be a postgres:// or postgresql:// URL; found number 7');
  });

  it('a bad database URL is reported without repeating it (it may hold a password)', () => {
    rejectsWith(
      { database_url: 'mysql://user:s3cret@db/blog' },
      'FW_ERR_CONFIG_BAD_VALUE',
      'blog.database_url must be a postgres:// or postgresql:// URL; found a string that is not such a URL',
    );
  });

  it('DATABASE_URL wins over blog.database_url, which wins over the default', () => {
    const settings = checkStoreSettings({ store: 'postgres', database_url: 'postgres://a@h1/db' });
    assert.equal(databaseUrl(settings, { DATABASE_URL: 'postgres://b@h2/db' }), 'postgres://b@h2/db');
    assert.equal(databaseUrl(settings, { DATABASE_URL: '' }), 'postgres://a@h1/db');
    assert.equal(databaseUrl({ store: 'postgres' }, {}), 'postgres://postgres@127.0.0.1:5432/test');
    assert.throws(() => databaseUrl(settings, { DATABASE_URL: 'nonsense' }), /^FwError: DATABASE_URL must be a postgres/);
  });

  it('sqlite_path is relative to the app directory, data/blog.sqlite3 by default', () => {
    assert.equal(sqlitePath({ store: 'sqlite' }, '/srv/app'), '/srv/app/data/blog.sqlite3');
    assert.equal(sqlitePath({ store: 'sqlite', sqlite_path: '../db/x.sqlite3' }, '/srv/app'), '/srv/db/x.sqlite3');
    assert.equal(sqlitePath({ store: 'sqlite', sqlite_path: '/var/x.sqlite3' }, '/srv/app'), '/var/x.sqlite3');
  });

  it('createStore fails on a bad DATABASE_URL before connecting', async () => {
    await assert.rejects(
      createStore({ store: 'postgres' }, { appDir: '.', env: { DATABASE_URL: 'http://example.com' }, logger: recordingLogger().logger }),
      (error: unknown) => isFwError(error, 'FW_ERR_CONFIG_BAD_VALUE') && error.details.key === 'DATABASE_URL',
    );
  });
});
