/**
 * At start the PostgreSQL store warns when the server answers commits before they are on disk (synchronous_commit or
 * fsync off: store/commit-durability-check.ts), since a database crash would then lose posts answered 201. The test
 * turns synchronous_commit off for the store's own connections only, with a startup option in its connection string.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStore } from '../src/store/create-store.ts';
import { recordingLogger } from './support/store-logger.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';

describe('the PostgreSQL store at start, on a server that answers commits before they are on disk', () => {
  let schema: TestSchema;
  before(async () => {
    schema = await createTestSchema();
  });
  after(() => schema?.drop());

  const warningsOn = async (url: string) => {
    const logged = recordingLogger();
    const store = await createStore({ store: 'postgres', database_url: url }, { appDir: '.', env: {}, logger: logged.logger });
    await store.close();
    return logged.lines.filter((line) => line.level === 'warn');
  };

  it('warns with synchronous_commit off, naming the setting and what it loses', async () => {
    const url = new URL(schema.url);
    url.searchParams.set('options', `${url.searchParams.get('options')} -c synchronous_commit=off`);
    const warnings = await warningsOn(url.href);
    assert.deepEqual(warnings.map((line) => line.fields), [{ event: 'store_commits_not_durable', store: 'postgres', synchronous_commit: 'off', fsync: 'on' }]);
    assert.equal(warnings[0]!.msg, "PostgreSQL answers commits before they are on disk (synchronous_commit off, fsync on): a database crash can lose posts the blog answered 201. Set synchronous_commit and fsync back to on for the blog's role and database (docs/operations.md)");
  });

  it('says nothing with the defaults (synchronous_commit on, fsync on)', async () => {
    assert.deepEqual(await warningsOn(schema.url), []);
  });
});
