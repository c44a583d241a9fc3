/**
 * Headless Chromium against Swagger UI served at run time by fw-cli/swagger-ui (issue 38, item
 * 12): the fixture tasks app (packages/fw-cli/test/fixtures/swagger-ui-app) on a real server on
 * port 0; the browser opens /docs, follows the redirect to /docs/, and the page renders every
 * operation of the document the app builds, runs "Try it out" → Execute on POST and GET
 * /api/tasks, and loads nothing from outside the server.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startServer, type FwServer } from 'fw-core';
import type { Browser, Page } from 'playwright-core';
import { SKIP_REASON } from './support/chromium.ts';
import { listedOperations, recordingPage, tryItOut } from './support/swagger-ui-page.ts';

const TASKS = join(import.meta.dirname, '..', '..', 'packages', 'fw-cli', 'test', 'fixtures', 'swagger-ui-app');

describe('Swagger UI served by the app, in Chromium', { skip: SKIP_REASON }, () => {
  let server: FwServer;
  let browser: Browser;
  let page: Page;
  const requested: string[] = [];

  before(async () => {
    server = await startServer({ appDir: TASKS, env: { PORT: '0', LOG_LEVEL: 'error' } });
    ({ browser, page } = await recordingPage(requested));
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('/docs leads to the page, which lists every operation of the app', async () => {
    const response = await page.goto(`${server.url}/docs`);
    assert.equal(response?.status(), 200);
    assert.equal(page.url(), `${server.url}/docs/`);
    assert.deepEqual(await listedOperations(page), ['GET /api/tasks', 'POST /api/tasks', 'GET /api/tasks/{id}']);
    assert.equal(await page.title(), 'tasks API reference');
  });

  test('Try it out → Execute runs POST and GET /api/tasks against the app', async () => {
    const created = await tryItOut(page, 'post', '/api/tasks', JSON.stringify({ title: 'From Chromium' }));
    assert.deepEqual([created.status, JSON.parse(created.body)], ['201', { id: 2, title: 'From Chromium' }]);
    const listed = await tryItOut(page, 'get', '/api/tasks');
    assert.deepEqual([listed.status, JSON.parse(listed.body)], ['200', { tasks: [{ id: 1, title: 'Write the docs' }, { id: 2, title: 'From Chromium' }] }]);
  });

  test('every request stayed on the server: the page, the document and the assets', () => {
    const paths = requested.filter((url) => url.startsWith(`${server.url}/`)).map((url) => new URL(url).pathname);
    for (const path of ['/docs', '/docs/', '/docs/openapi.json', '/docs/swagger-ui.css', '/docs/swagger-ui-bundle.js']) assert.ok(paths.includes(path), `${path} was not requested`);
    assert.deepEqual(requested.filter((url) => !url.startsWith(`${server.url}/`) && !url.startsWith('data:')), []);
  });
});
