/**
 * docs/telemetry.md's app sample carries, in the sample itself, the fw.config.json lines it needs
 * (issue 38, item 14): an app copied from it without `otel_fw_stream_h` in `stream_handlers`
 * traced nothing. The lines in its comment are the `fw` section's JSON, and with them the app the
 * sample defines starts without a `telemetry_without_stream_handler` warning; without them it warns.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createListener, defineApp, type Logger } from 'fw-core';
import { otelFwPlugin, otelStreamHandler } from 'fw-core/otel';
import { fencedBlocks } from './support/markdown-fences.ts';

const DOC = 'docs/telemetry.md';
const ROOT = join(import.meta.dirname, '..');

/** The ts sample that defines the app with otelFwPlugin, and the `fw` section its comment shows. */
async function appSample(): Promise<{ code: string; fw: Record<string, unknown> }> {
  const text = await readFile(join(ROOT, DOC), 'utf8');
  const block = fencedBlocks(DOC, text).find((b) => b.info[0] === 'ts' && b.code.includes('defineApp({') && b.code.includes('plugins: [otelFwPlugin]'));
  assert.ok(block, `${DOC} has the app sample`);
  const shown = block.code.split('\n').filter((line) => line.startsWith('//   ')).map((line) => line.slice(5));
  return { code: block.code, fw: JSON.parse(`{${shown.join('\n')}}`) as Record<string, unknown> };
}

/** The events of the warnings fw logs while it starts the sample's app with `config`. */
async function startWarnings(config: Record<string, unknown>): Promise<unknown[]> {
  const events: unknown[] = [];
  const ignore = (): void => {};
  const logger: Logger = { trace: ignore, debug: ignore, info: ignore, error: ignore, fatal: ignore, warn: (fields) => events.push(fields.event) };
  const app = defineApp({
    name: 'blog',
    router: { name: 'blog_router', routes: () => [] },
    plugins: [otelFwPlugin],
    streamHandlers: [otelStreamHandler],
  });
  const fw = await createListener({ app, config, env: {}, logger });
  await fw.close();
  return events;
}

describe("docs/telemetry.md's app sample", () => {
  it('shows the stream handler and the plugin lines of fw.config.json in the sample', async () => {
    const { code, fw } = await appSample();
    assert.deepEqual(fw, {
      server_configuration: { stream_handlers: ['otel_fw_stream_h', 'fw_stream_h'] },
      plugins: [{ phase: 'pre_request', module: 'otel_fw_plugin', options: {} }],
    });
    assert.match(code, /streamHandlers: \[otelStreamHandler\]/);
  });

  it('starts without the telemetry warning with those lines, and warns without them', async () => {
    const { fw } = await appSample();
    assert.deepEqual(await startWarnings(fw), []);
    assert.deepEqual(await startWarnings({ plugins: fw.plugins }), ['telemetry_without_stream_handler']);
  });
});
