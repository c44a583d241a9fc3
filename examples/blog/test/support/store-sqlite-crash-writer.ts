/**
 * Child process for the SQLite durability test: creates posts in the file given as argv[2] without
 * end and prints each id once its create has resolved. The parent kills it with SIGKILL.
 */
import { openSqliteStore } from '../../src/store/sqlite-store.ts';

const store = openSqliteStore({ path: process.argv[2]! });
for (let i = 1; ; i++) {
  const post = await store.create({ title: `crash ${i}`, body: 'x'.repeat(1000), status: 'draft', user_id: null });
  process.stdout.write(`${post.id}\n`);
}
