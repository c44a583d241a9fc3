/** The `blog` section of fw.config.json is checked at start, with errors that name the key. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isFwError, type FwErrorCode } from 'fw-core';
import { readStoreSettings } from '../src/config/store-settings.ts';
import { checkStoreSettings, createStore, databaseUrl, sqlitePath } from '../src/store/create-store.ts';
import { integerSetting } from '../src/store/store-settings.ts';
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
      'Unknown configuration key blog.stroe; the keys allowed in blog are store, sqlite_path, sqlite_busy_timeout_ms, database_url, log, ' +
        'postgres_pool_size, postgres_connect_timeout_ms, postgres_query_timeout_ms, postgres_statement_timeout_ms, postgres_prepared_statements, idempotency_key_ttl_ms, allow_memory_store, postgres_ready_url',
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

  it('the pool, timeout and key lifetime settings come back as given, and default when absent', () => {
    const section = {
      store: 'postgres', postgres_pool_size: 25, postgres_connect_timeout_ms: 1500, postgres_query_timeout_ms: 9000,
      postgres_statement_timeout_ms: 8000, postgres_prepared_statements: false, idempotency_key_ttl_ms: 3_600_000, allow_memory_store: false,
    };
    const settings = checkStoreSettings(section);
    assert.deepEqual(settings, section);
    const defaults = checkStoreSettings({});
    assert.deepEqual(
      (['postgres_pool_size', 'postgres_connect_timeout_ms', 'postgres_query_timeout_ms', 'postgres_statement_timeout_ms', 'idempotency_key_ttl_ms', 'sqlite_busy_timeout_ms'] as const).map((key) => integerSetting(defaults, key)),
      [10, 2000, 6000, 5000, 86_400_000, 5000],
    );
  });

  it('a pool, timeout or key lifetime setting out of its bounds names the key and the bounds', () => {
    rejectsWith({ postgres_pool_size: 0 }, 'FW_ERR_CONFIG_BAD_VALUE', 'blog.postgres_pool_size must be an integer number of connections from 1 to 1000; found number 0');
    rejectsWith({ postgres_pool_size: '10' }, 'FW_ERR_CONFIG_BAD_VALUE', 'blog.postgres_pool_size must be an integer number of connections from 1 to 1000; found "10"');
    rejectsWith({ postgres_connect_timeout_ms: 60_001 }, 'FW_ERR_CONFIG_BAD_VALUE', 'blog.postgres_connect_timeout_ms must be an integer number of milliseconds from 1 to 60000; found number 60001');
    rejectsWith({ postgres_query_timeout_ms: 0.5 }, 'FW_ERR_CONFIG_BAD_VALUE', 'blog.postgres_query_timeout_ms must be an integer number of milliseconds from 1 to 300000; found number 0.5');
    rejectsWith({ postgres_statement_timeout_ms: 0 }, 'FW_ERR_CONFIG_BAD_VALUE', 'blog.postgres_statement_timeout_ms must be an integer number of milliseconds from 1 to 300000; found number 0');
    rejectsWith({ idempotency_key_ttl_ms: 999 }, 'FW_ERR_CONFIG_BAD_VALUE', 'blog.idempotency_key_ttl_ms must be an integer number of milliseconds from 1000 to 2592000000; found number 999');
    rejectsWith({ allow_memory_store: 'true' }, 'FW_ERR_CONFIG_BAD_VALUE', 'blog.allow_memory_store must be true or false; found "true"');
    rejectsWith({ postgres_prepared_statements: 0 }, 'FW_ERR_CONFIG_BAD_VALUE', 'blog.postgres_prepared_statements must be true or false; found number 0');
  });

  it('a statement timeout above the query timeout is refused: the blog would give up before the server cancels, so a slow write would be a 504', () => {
    const message = (statement: number, query: number) =>
      'blog.postgres_statement_timeout_ms (BLOG_POSTGRES_STATEMENT_TIMEOUT_MS) must be at most ' +
      `blog.postgres_query_timeout_ms (BLOG_POSTGRES_QUERY_TIMEOUT_MS), ${query}; found number ${statement}: ` +
      'the blog would stop waiting before PostgreSQL cancels a slow statement, ' +
      'and a write cut off so has an unknown outcome (504) where the cancel is a plain 503; ' +
      'raise the query timeout above it (docs/blog-stores.md, "PostgreSQL pool and timeouts")';
    rejectsWith({ postgres_statement_timeout_ms: 6001 }, 'FW_ERR_CONFIG_BAD_VALUE', message(6001, 6000));
    rejectsWith({ postgres_query_timeout_ms: 4999 }, 'FW_ERR_CONFIG_BAD_VALUE', message(5000, 4999));
    const raisedAlone = { BLOG_POSTGRES_STATEMENT_TIMEOUT_MS: '30000' };
    assert.throws(() => readStoreSettings({ store: 'postgres' }, raisedAlone), { code: 'FW_ERR_CONFIG_BAD_VALUE', message: message(30_000, 6000) });
    // Equal is taken: tests and slow-request setups raise both together, so that only the client's leaving cancels.
    assert.equal(checkStoreSettings({ postgres_statement_timeout_ms: 60_000, postgres_query_timeout_ms: 60_000 }).postgres_statement_timeout_ms, 60_000);
  });

  it('the environment variables override the section, and a bad one is named', () => {
    const env = { BLOG_POSTGRES_POOL_SIZE: '20', BLOG_POSTGRES_CONNECT_TIMEOUT_MS: '500', BLOG_POSTGRES_QUERY_TIMEOUT_MS: '7000', BLOG_POSTGRES_STATEMENT_TIMEOUT_MS: '6500', BLOG_IDEMPOTENCY_KEY_TTL_MS: '60000', BLOG_SQLITE_BUSY_TIMEOUT_MS: '100', BLOG_ALLOW_MEMORY_STORE: 'true', BLOG_POSTGRES_PREPARED_STATEMENTS: 'false' };
    assert.deepEqual(readStoreSettings({ store: 'postgres', postgres_pool_size: 5 }, env), {
      store: 'postgres', postgres_pool_size: 20, postgres_connect_timeout_ms: 500, postgres_query_timeout_ms: 7000,
      postgres_statement_timeout_ms: 6500, idempotency_key_ttl_ms: 60000, sqlite_busy_timeout_ms: 100, allow_memory_store: true, postgres_prepared_statements: false,
    });
    assert.deepEqual(readStoreSettings({ store: 'postgres', postgres_pool_size: 5 }, { BLOG_POSTGRES_POOL_SIZE: '' }), { store: 'postgres', postgres_pool_size: 5 });
    for (const [value, found] of [['ten', '"ten"'], ['0', 'number 0'], ['-1', '"-1"'], ['1e3', '"1e3"']] as const) {
      assert.throws(() => readStoreSettings({}, { BLOG_POSTGRES_POOL_SIZE: value }), {
        code: 'FW_ERR_CONFIG_BAD_VALUE',
        message: `BLOG_POSTGRES_POOL_SIZE must be an integer number of connections from 1 to 1000; found ${found}`,
      });
    }
  });

  it('a bad database URL is reported without repeating it (it may hold a password)', () => {
    rejectsWith(
      { database_url: 'mysql://user:s3cret@db/blog' },
      'FW_ERR_CONFIG_BAD_VALUE',
      'blog.database_url must be a postgres:// or postgresql:// URL; found a string that is not such a URL',
    );
  });

  it('a database URL that sets statement_timeout or query_timeout is refused: pg would let it win over the blog settings', () => {
    for (const name of ['statement_timeout', 'query_timeout'] as const) {
      const setting = name === 'statement_timeout' ? 'postgres_statement_timeout_ms' : 'postgres_query_timeout_ms';
      rejectsWith({ database_url: `postgres://u:s3cret@db/blog?${name}=1234` }, 'FW_ERR_CONFIG_BAD_VALUE', `blog.database_url must be a URL without ${name}, which blog.${setting} sets; found a URL that sets ${name}`);
      assert.throws(() => databaseUrl({ store: 'postgres' }, { DATABASE_URL: `postgres://u@db/blog?sslmode=disable&${name}=1` }), { message: `DATABASE_URL must be a URL without ${name}, which blog.${setting} sets; found a URL that sets ${name}` });
    }
    assert.equal(checkStoreSettings({ database_url: 'postgres://u@db/blog?options=-c%20search_path%3Dx' }).database_url, 'postgres://u@db/blog?options=-c%20search_path%3Dx');
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
