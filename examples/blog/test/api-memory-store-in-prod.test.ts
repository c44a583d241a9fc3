/**
 * Under FW_ENV=prod the memory store, which forgets every post on restart, is refused unless
 * allowed explicitly (blog.allow_memory_store: true or BLOG_ALLOW_MEMORY_STORE=true): a store
 * setting lost on the way to production must not start an instance that loses writes. The
 * refusal is a start-up error naming the fix; outside prod nothing changes.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startInjectedBlog } from './support/blog-injected.ts';
import { BLOG_DIR, startBlogExpectingFailure } from './support/blog-process.ts';

const TOKEN = 'a-prod-token-of-32-characters-xx';
const REFUSED =
  'BLOG_ERR_MEMORY_STORE_IN_PROD: the memory store loses every post on restart and is refused under FW_ENV=prod; set blog.store (or BLOG_STORE) to "postgres" or "sqlite", ' +
  'or allow it explicitly with blog.allow_memory_store: true or BLOG_ALLOW_MEMORY_STORE=true';

describe('the memory store under FW_ENV=prod', () => {
  let dir: string;
  /** The blog's own configuration with `prod`'s blog overlay replaced by `blog`. */
  const configWith = async (name: string, blog: Record<string, unknown>): Promise<string> => {
    const config = JSON.parse(await readFile(join(BLOG_DIR, 'fw.config.json'), 'utf8'));
    config.environments.prod.blog = blog;
    const path = join(dir, `${name}.json`);
    await writeFile(path, JSON.stringify(config));
    return path;
  };
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'blog-memory-prod-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('BLOG_STORE=memory stops start-up with exit 1 and a message naming the fix', async () => {
    const { code, stderr, logLines } = await startBlogExpectingFailure({ FW_ENV: 'prod', BLOG_STORE: 'memory', BLOG_API_TOKEN: TOKEN });
    assert.equal(code, 1);
    assert.equal(stderr, `blog: cannot start: ${REFUSED}\n`);
    // And for a log pipeline, fw's start_failed line with the coded error.
    const failed = logLines.filter((line) => line.event === 'start_failed');
    assert.deepEqual(failed.map((line) => [line.level, (line.err as { code?: unknown }).code]), [['error', 'BLOG_ERR_MEMORY_STORE_IN_PROD']]);
  });

  test('a prod overlay that names no store (the base section says memory) is refused too', async () => {
    await assert.rejects(startInjectedBlog({ FW_ENV: 'prod', FW_CONFIG: await configWith('no-store', {}), BLOG_API_TOKEN: TOKEN }), { code: 'BLOG_ERR_MEMORY_STORE_IN_PROD', message: REFUSED.slice(REFUSED.indexOf(' ') + 1) });
  });

  test('BLOG_ALLOW_MEMORY_STORE=true allows it', async () => {
    const blog = await startInjectedBlog({ FW_ENV: 'prod', BLOG_STORE: 'memory', BLOG_ALLOW_MEMORY_STORE: 'true', BLOG_API_TOKEN: TOKEN });
    try {
      assert.ok(blog.logLines().some((line) => line.event === 'store_opened' && line.store === 'memory'));
    } finally {
      await blog.stop();
    }
  });

  test('blog.allow_memory_store: true allows it; BLOG_ALLOW_MEMORY_STORE=false overrides it back', async () => {
    const path = await configWith('allowed', { store: 'memory', allow_memory_store: true });
    const blog = await startInjectedBlog({ FW_ENV: 'prod', FW_CONFIG: path, BLOG_API_TOKEN: TOKEN });
    await blog.stop();
    await assert.rejects(startInjectedBlog({ FW_ENV: 'prod', FW_CONFIG: path, BLOG_API_TOKEN: TOKEN, BLOG_ALLOW_MEMORY_STORE: 'false' }), { code: 'BLOG_ERR_MEMORY_STORE_IN_PROD' });
  });

  test('BLOG_ALLOW_MEMORY_STORE other than true or false stops start-up, naming the variable', async () => {
    await assert.rejects(startInjectedBlog({ FW_ENV: 'prod', BLOG_STORE: 'memory', BLOG_ALLOW_MEMORY_STORE: 'yes', BLOG_API_TOKEN: TOKEN }), {
      code: 'FW_ERR_CONFIG_BAD_VALUE',
      message: 'BLOG_ALLOW_MEMORY_STORE must be true or false; found "yes"',
    });
  });

  test('outside prod the memory store needs no permission', async () => {
    const blog = await startInjectedBlog({ BLOG_STORE: 'memory' });
    await blog.stop();
  });
});
