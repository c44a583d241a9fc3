/**
 * Swagger UI in the browser tests: a page that records every URL it requests, the operations
 * Swagger UI lists, and "Try it out" → Execute on one of them.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium } from './chromium.ts';

/** Chromium and a 1280×900 page; every URL the page requests is pushed onto `requested`. */
export async function recordingPage(requested: string[]): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.on('request', (request) => requested.push(request.url()));
  return { browser, page: await context.newPage() };
}

/** Every operation the page lists, as `METHOD /path` (the path as the document spells it). */
export async function listedOperations(page: Page): Promise<string[]> {
  await page.locator('.opblock').first().waitFor({ timeout: 15_000 });
  return page.locator('.opblock').evaluateAll((blocks) =>
    blocks.map((block) => {
      const method = block.querySelector('.opblock-summary-method')?.textContent ?? '';
      const pathElement = block.querySelector('.opblock-summary-path');
      const path = pathElement?.getAttribute('data-path') ?? pathElement?.textContent ?? '';
      return `${method} ${path.replace(/\u200b/g, '')}`;
    }),
  );
}

/** Expands an operation, clicks Try it out, fills the body, executes; the status and body shown. */
export async function tryItOut(page: Page, method: string, path: string, body?: string): Promise<{ status: string; body: string }> {
  const block = page.locator(`.opblock-${method}`).filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
  await expanded(block);
  await block.locator('button.try-out__btn').click();
  if (body !== undefined) await block.locator('textarea.body-param__text').fill(body);
  await block.locator('button.execute').click();
  const row = block.locator('.live-responses-table tbody tr.response').first();
  await row.waitFor({ timeout: 15_000 });
  const status = (await row.locator('.response-col_status').textContent())?.trim() ?? '';
  const shownBody = (await row.locator('.response-col_description pre').first().textContent()) ?? '';
  return { status, body: shownBody };
}

async function expanded(block: Locator): Promise<void> {
  if ((await block.locator('.opblock-body').count()) === 0) await block.locator('.opblock-summary').first().click();
  await block.locator('.opblock-body').waitFor();
}
