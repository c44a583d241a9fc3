/**
 * Keeps fw-core's public API deliberate: each package entry (through the workspace package, so
 * dist and package.json `exports`) offers exactly the runtime names listed here, and docs/api.md
 * lists exactly those names under the entry. An accidental export fails this test; a deliberate
 * one is added here and in docs/api.md.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';

const ENTRIES: Readonly<Record<string, readonly string[]>> = {
  'fw-core': [
    'FwError',
    'HTTP_METHODS',
    'booleanOption',
    'checkPluginOptions',
    'createListener',
    'createRouter',
    'createStaticHandler',
    'defineApp',
    'defineController',
    'errorCodes',
    'exchangeOf',
    'fwCorsPlugin',
    'fwRequestPlugin',
    'html',
    'httpError',
    'inject',
    'isFwError',
    'json',
    'jsonStream',
    'loadConfig',
    'observeExchange',
    'readBody',
    'redirect',
    'reply',
    'replyJson',
    'route',
    'sendFile',
    'startServer',
    'status',
  ],
  'fw-core/inspect': [
    'CONFIG_FILE_NAME',
    'CONFIG_KEYS',
    'buildRouteTree',
    'configDefaults',
    'groupsWithoutBodyDecoding',
    'loadApplication',
    'renderRouteTree',
    'resolveConfig',
  ],
  'fw-core/otel': [
    'BODY_SIZE_BUCKETS',
    'DEFAULT_TRACES_ENDPOINT',
    'DURATION_BUCKETS',
    'EXPORT_INTERVAL_MS',
    'OTEL_PLUGIN_NAME',
    'OTEL_STREAM_HANDLER_NAME',
    'PROMETHEUS_CONTENT_TYPE',
    'createHttpServerMetrics',
    'labelName',
    'metricName',
    'otelFwPlugin',
    'otelStreamHandler',
    'readEnvConfig',
    'serializePrometheus',
    'setupTelemetry',
    'unitSuffix',
  ],
};

const manifest = JSON.parse(await readFile(new URL('../packages/fw-core/package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
const docs = await readFile(new URL('../docs/api.md', import.meta.url), 'utf8');

/** The `- \`name\`` lines under docs/api.md's `## \`entry\`` heading. */
function documentedNames(entry: string): string[] {
  const section = docs.split(/^## /m).find((part) => part.startsWith(`\`${entry}\`\n`));
  assert.ok(section, `docs/api.md has a section ## \`${entry}\``);
  return [...section.matchAll(/^- `([A-Za-z_]+)`/gm)].map((match) => match[1]!).sort();
}

describe('public API', () => {
  it('package.json exports exactly these entries', () => {
    const entries = Object.keys(manifest.exports).filter((key) => key !== './package.json').map((key) => (key === '.' ? 'fw-core' : `fw-core/${key.slice(2)}`));
    assert.deepEqual(entries.sort(), Object.keys(ENTRIES).sort());
  });

  for (const [entry, names] of Object.entries(ENTRIES)) {
    it(`${entry} exports exactly its listed runtime names`, async () => {
      const module = (await import(entry)) as Record<string, unknown>;
      assert.deepEqual(Object.keys(module).sort(), [...names].sort());
    });

    it(`docs/api.md lists exactly the runtime names of ${entry}`, () => {
      assert.deepEqual(documentedNames(entry), [...names].sort());
    });
  }
});
