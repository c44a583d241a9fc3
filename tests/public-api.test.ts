/**
 * Keeps fw-core's public API deliberate: each package entry (through the workspace package, so
 * dist and package.json `exports`) offers exactly the runtime names listed here, its declaration
 * file (the `types` of its `exports` condition) exactly the type names listed here, and
 * docs/api.md lists exactly those names under the entry. An accidental export, of a value or of
 * a type, fails this test; a deliberate one is added here and in docs/api.md, within issue 37's
 * budget of runtime names (24 at the root, 45 across the entries).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';

const ENTRIES: Readonly<Record<string, readonly string[]>> = {
  'fw-core': [
    'FwError',
    'checkPluginOptions',
    'bearerAuth',
    'createListener',
    'createStaticHandler',
    'defineApp',
    'defineController',
    'html',
    'httpError',
    'inject',
    'isFwError',
    'json',
    'jsonStream',
    'mountPath',
    'observeExchange',
    'readBody',
    'readinessHandler',
    'redirect',
    'reply',
    'replyJson',
    'route',
    'sendFile',
    'startServer',
    'status',
  ],
  'fw-core/inspect': ['buildRouteTree', 'checkStartup', 'closestKey', 'createRouter', 'loadApplication', 'loadConfig', 'renderRouteTree', 'resolveConfig'],
  'fw-core/otel': ['otelFwPlugin', 'otelStreamHandler', 'setupTelemetry', 'telemetryEnvWarnings', 'withTelemetry'],
};

/** Issue 37, "A small public face": at most this many runtime names at the root, and across the three entries. */
const ROOT_BUDGET = 24;
const TOTAL_BUDGET = 45;

/** The type-only names of each entry: what its .d.ts exports besides the runtime names. */
const TYPES: Readonly<Record<string, readonly string[]>> = {
  'fw-core': [
    'Action', 'AppContext', 'BearerAuthOptions', 'BindingName', 'CompiledRoute', 'CreateListenerOptions', 'Exchange', 'ExchangeEnd',
    'FileResponse', 'FromSchema', 'FwApp', 'FwConfig', 'FwErrorBody', 'FwErrorCode', 'FwErrorCodeWithStatus', 'FwErrorOptions', 'FwListener', 'FwPlugin', 'FwRequest',
    'FwResponse', 'FwServer', 'Handler', 'HandlerResult', 'HandlerRoute', 'HeaderMap', 'HttpErrorOptions', 'HttpMethod',
    'InCodeConfig', 'InjectRequest', 'InjectResponse', 'InjectTarget', 'InlineHandler', 'InvalidRequestHook', 'JsonLib',
    'JsonResponse', 'JsonSchema', 'JsonStreamResponse', 'Listener', 'LoadedConfig', 'LogLevel', 'LogMethod', 'Logger',
    'LookupResult', 'MethodNotAllowed', 'MethodSpec', 'OptionRule', 'Phase', 'PhaseCallback', 'PluginEntry', 'PluginEnv',
    'PartSchema', 'PluginInfo', 'PluginInitContext', 'PluginOptions', 'PluginResult', 'RedirectResponse', 'RequestPart', 'ResponseHeaders', 'ResponseTarget', 'RouteDefinition',
    'RouteEntry', 'RouteFound', 'RouteGroup', 'RouteInfo', 'RouteNotFound', 'RouteOptions', 'RouteSchema', 'Router',
    'RouterModule', 'RoutesContext', 'SchemaCompiler', 'SchemaFailure', 'SchemaIssue', 'SchemaResult', 'SchemaValidator', 'SecurityCallback',
    'SecurityResult', 'SecuritySchemeDeclaration', 'ServerConfiguration', 'StandardSchemaV1', 'StartServerOptions', 'StaticDirectoryRoute',
    'StaticFileRoute', 'StatusResponse', 'StreamHandler', 'TypedHandler', 'TypedJson', 'TypedRequest', 'TypedResponse',
    'TypedRouteDefinition',
    'Lifecycle', 'ReadinessOptions', 'StopOptions',
    'AnswersOf', 'AuthData', 'InjectBody', 'Locals', 'NamedSchemaMap', 'NamedSchemas', 'OwnErrorBody', 'RequestContext', 'TypedRoute',
  ],
  'fw-core/inspect': [
    'CompiledGroup', 'CompiledRoute', 'CompiledRoutes', 'ConfigEntry', 'ConfigKey', 'ConfigReport',
    'HandlerTarget', 'LoadApplicationOptions', 'LoadedApplication', 'PluginChain', 'PluginInstance', 'PluginStep', 'RouteTarget',
    'RouteTree', 'RouteTreeHost', 'RouteTreeNode', 'RouteTreeRoute', 'Router', 'StaticTarget',
  ],
  'fw-core/otel': ['Telemetry', 'TelemetryOptions'],
};

const manifest = JSON.parse(await readFile(new URL('../packages/fw-core/package.json', import.meta.url), 'utf8')) as { exports: Record<string, { types?: string } | string> };
const docs = await readFile(new URL('../docs/api.md', import.meta.url), 'utf8');

/** The `- \`name\`` lines under docs/api.md's `## \`entry\`` heading. */
function documentedNames(entry: string): string[] {
  return [...docsSection(entry).matchAll(/^- `([A-Za-z_]+)`/gm)].map((match) => match[1]!).sort();
}

/** The text of docs/api.md's section for `entry`. */
function docsSection(entry: string): string {
  const section = docs.split(/^## /m).find((part) => part.startsWith(`\`${entry}\`\n`));
  assert.ok(section, `docs/api.md has a section ## \`${entry}\``);
  return section;
}

/** The backquoted names of the section's paragraph that starts with `Types:`. */
function documentedTypes(entry: string): string[] {
  const paragraph = docsSection(entry).split(/\n\n/).find((part) => part.startsWith('Types:'));
  assert.ok(paragraph, `docs/api.md's \`${entry}\` section has a "Types:" paragraph`);
  // Type names are capitalised; a backquoted property such as `kind` is prose, not an export.
  const names = [...paragraph.matchAll(/`([A-Z][A-Za-z0-9]*)`/g)].map((match) => match[1]!);
  return [...new Set(names)].sort();
}

/** The type-only names an entry's declaration file exports (re-export statements only). */
async function declaredTypes(entry: string, runtime: readonly string[]): Promise<string[]> {
  const key = entry === 'fw-core' ? '.' : `./${entry.slice('fw-core/'.length)}`;
  const target = manifest.exports[key];
  assert.ok(typeof target === 'object' && target.types, `package.json exports ${key} names its types`);
  const text = await readFile(new URL(`../packages/fw-core/${target.types}`, import.meta.url), 'utf8');
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  assert.doesNotMatch(code, /export \*/, `${target.types} re-exports by name only, no export *`);
  const statements = [...code.matchAll(/^export (?:type )?\{([^}]*)\} from /gm)];
  const rest = code.replace(/^export (?:type )?\{[^}]*\} from [^;]+;/gm, '');
  assert.doesNotMatch(rest, /^export /m, `${target.types} declares nothing itself, it only re-exports`);
  const names = statements.flatMap((match) => match[1]!.split(',').map((name) => name.trim().replace(/^type /, '')).filter(Boolean));
  return [...new Set(names)].filter((name) => !runtime.includes(name)).sort();
}

describe('public API', () => {
  it('package.json exports exactly these entries', () => {
    const entries = Object.keys(manifest.exports).filter((key) => key !== './package.json').map((key) => (key === '.' ? 'fw-core' : `fw-core/${key.slice(2)}`));
    assert.deepEqual(entries.sort(), Object.keys(ENTRIES).sort());
  });

  it(`has at most ${ROOT_BUDGET} runtime names at the root and ${TOTAL_BUDGET} across the entries (today 24 and 37)`, () => {
    const total = Object.values(ENTRIES).reduce((sum, names) => sum + names.length, 0);
    assert.equal(ENTRIES['fw-core']!.length, 24);
    assert.equal(total, 37);
    assert.ok(ENTRIES['fw-core']!.length <= ROOT_BUDGET, `the root exports ${ENTRIES['fw-core']!.length} runtime names; issue 37 allows ${ROOT_BUDGET}`);
    assert.ok(total <= TOTAL_BUDGET, `the entries export ${total} runtime names; issue 37 allows ${TOTAL_BUDGET}`);
  });

  for (const [entry, names] of Object.entries(ENTRIES)) {
    it(`${entry} exports exactly its listed runtime names`, async () => {
      const module = (await import(entry)) as Record<string, unknown>;
      assert.deepEqual(Object.keys(module).sort(), [...names].sort());
    });

    it(`docs/api.md lists exactly the runtime names of ${entry}`, () => {
      assert.deepEqual(documentedNames(entry), [...names].sort());
    });

    it(`${entry}'s declarations export exactly its listed types`, async () => {
      assert.deepEqual(await declaredTypes(entry, names), [...TYPES[entry]!].sort());
    });

    it(`docs/api.md lists exactly the types of ${entry}`, () => {
      assert.deepEqual(documentedTypes(entry), [...TYPES[entry]!].sort());
    });
  }
});
