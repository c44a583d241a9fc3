/**
 * A directory route whose path lacks the wildcard (`{path: '/site', directory: 'public'}`, as Hono's serveStatic or
 * express.static are mounted) stopped the start saying only that the path must end in /[...]; the error now gives the
 * path to write, the route's own (the prefix is the group's).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createListener, defineApp, isFwError } from '../src/index.ts';

async function startError(prefix: string, path: string): Promise<unknown> {
  const app = defineApp({ name: 'site', router: { name: 'site_router', routes: () => [{ prefix, security: false, routes: [{ path, directory: '.' }] }] } });
  return createListener({ app, appDir: import.meta.dirname, config: {}, env: {} }).then(async (fw) => void (await fw.close()), (error: unknown) => error);
}

it("names the path to write for a directory route without /[...], the group's prefix left out", async () => {
  const [root, site, under] = await Promise.all([startError('', '/'), startError('', '/site'), startError('/web', '/assets')]);
  for (const error of [root, site, under]) assert.ok(isFwError(error, 'FW_ERR_ROUTE_BAD_HANDLER'), String(error));
  assert.match((root as Error).message, /must end in \/\[\.\.\.\]: write '\/\[\.\.\.\]' \(got \/\)$/);
  assert.match((site as Error).message, /must end in \/\[\.\.\.\]: write '\/site\/\[\.\.\.\]' \(got \/site\)$/);
  assert.match((under as Error).message, /must end in \/\[\.\.\.\]: write '\/assets\/\[\.\.\.\]' \(got \/web\/assets\)$/);
});
