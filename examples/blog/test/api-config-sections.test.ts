// Needs the real process: the finding was a blog that started (on its memory store) when it should have refused.
/**
 * A misspelt `blog` section under FW_ENV=prod stops the blog at start, naming the key and the
 * section meant, instead of starting on the memory store as if the section were absent.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startBlogExpectingFailure } from './support/blog-process.ts';

const FW = { bootstrap_application: 'blog', server_configuration: { port: 8080 } };

describe('the blog with a misspelt application section', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'blog-sections-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  async function configFile(name: string, config: unknown): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, JSON.stringify(config));
    return path;
  }

  test('in environments.prod: FW_ENV=prod refuses to start and names environments.prod.blog', async () => {
    const path = await configFile('overlay.json', { fw: FW, blog: { store: 'memory' }, environments: { prod: { blgo: { store: 'postgres' } } } });
    const { code, stderr } = await startBlogExpectingFailure({ FW_CONFIG: path, FW_ENV: 'prod', BLOG_API_TOKEN: 'a'.repeat(32) });
    assert.equal(code, 1);
    assert.equal(
      stderr,
      'blog: cannot start: FW_ERR_CONFIG_UNKNOWN_KEY: Unknown configuration key environments.prod.blgo; the only application ' +
        'section is environments.prod.blog, named by fw.bootstrap_application; did you mean environments.prod.blog?\n',
    );
  });

  test('at the top level: refuses to start and names blog', async () => {
    const path = await configFile('top.json', { fw: FW, blgo: { store: 'sqlite' } });
    const { code, stderr } = await startBlogExpectingFailure({ FW_CONFIG: path });
    assert.equal(code, 1);
    assert.equal(
      stderr,
      'blog: cannot start: FW_ERR_CONFIG_UNKNOWN_KEY: Unknown configuration key blgo; the only application section is blog, ' +
        'named by fw.bootstrap_application; did you mean blog?\n',
    );
  });
});
