/**
 * Reading a Swagger UI page in the browser tests: the operations it lists, and "Try it out" →
 * Execute on one of them.
 */
import type { Locator, Page } from 'playwright-core';

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
