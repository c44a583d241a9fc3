/**
 * The two halves of `npm test`: `npm run test:unit` and `npm run test:e2e` (README.md, "Tests").
 *
 * The rule: a unit test opens no socket and starts no process; it drives fw through `inject` or
 * calls functions (router, pipeline, plugins, schemas, configuration, telemetry encoding). Such a
 * file is listed in UNIT below. Every other file `npm test` runs is an e2e test: a real server on
 * port 0, a subprocess, a database, a browser. A new test file is e2e until it is listed here.
 * test:unit preloads scripts/forbid-sockets.ts, so a listed file that opens a socket fails there.
 * tests/test-suites.test.ts checks that the two suites are disjoint, that together they are what
 * `npm test`'s globs find, and that every name below is a test file.
 *
 * `node scripts/test-suites.ts unit|e2e [node --test options]` runs one suite.
 */
import { spawnSync } from 'node:child_process';
import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

/** The unit test files, by path from the repository root. */
export const UNIT: readonly string[] = [
  ...[
    'app-author-mistakes',
    'app-started-env',
    'bad-answer-names-who-returned-it',
    'check-startup-matches-server',
    'config-app-section-over-file',
    'config-application-sections',
    'config-base-environment-near-miss',
    'config-defaults-and-overrides',
    'config-environment-overlays',
    'config-errors',
    'config-file-not-fw-config',
    'config-listen-host-values',
    'config-misplaced-keys',
    'config-missing-required',
    'config-server-lifecycle-keys',
    'config-unknown-environment',
    'cors-plugin-options',
    'exchange-one-duration',
    'handler-returns-after-answering',
    'handler-returns-malformed-answers',
    'hook-returns-security-results',
    'inject-abort-signal',
    'inject-fetch',
    'json-stream-dropped-disposes-items',
    'load-application-bad-package-json',
    'log-instance-id-matches-resource',
    'log-json-lines',
    'log-stalled-reader',
    'node-internals-one-module',
    'otel-doc-export-interval-variable-wins',
    'otel-doc-unread-variable-reasons',
    'otel-env-walk',
    'otel-export-json-differential',
    'otel-export-problem-log',
    'otel-lean-answer-reader',
    'otel-lean-attribute-blocks',
    'otel-lean-batcher',
    'otel-lean-encoder',
    'otel-lean-encoder-fuzz',
    'otel-lean-sampler-attributes',
    'otel-lean-sampling-decision',
    'otel-lean-sdk-seam',
    'otel-lean-sdk-span-encoding',
    'otel-lean-span',
    'otel-lean-span-ids',
    'otel-lean-traceparent',
    'otel-propagation-differential-b3-jaeger',
    'otel-propagation-differential-w3c',
    'otel-propagation-missing-package',
    'otel-span-api-sdk-parity',
    'otel-span-child-clock',
    'otel-span-in-context',
    'otel-stream-handler-not-set-up',
    'otel-with-telemetry',
    'pipeline-handler-channel',
    'pipeline-synchronous-lane',
    'redirect-headers',
    'redirect-location-encoding',
    'request-plugin-bad-json-bodies',
    'request-plugin-json-content-types',
    'request-plugin-options',
    'request-plugin-urlencoded',
    'route-schemas-ajv-options',
    'route-schemas-choice-and-ref-projection',
    'route-schemas-compiled-serializer',
    'route-schemas-custom-compiler',
    'route-schemas-decimal-coercion',
    'route-schemas-invalid-hook',
    'route-schemas-issue-caps',
    'route-schemas-issues-of-what-was-sent',
    'route-schemas-named',
    'route-schemas-request-parts',
    'route-schemas-response-containers',
    'route-schemas-response-projection',
    'route-schemas-standard-schema',
    'route-schemas-standard-without-ajv',
    'route-schemas-startup-errors',
    'route-schemas-stream-projection',
    'route-schemas-tuple-and-scalar-projection',
    'route-schemas-typebox',
    'route-schemas-unsupported-media-type',
    'router-definition-errors',
    'router-differential-fuzz',
    'router-hosts',
    'router-matching',
    'router-methods-404-405',
    'router-options-preflight',
    'router-precedence-backtracking',
    'router-print-tree',
    'router-random-tables',
    'router-wildcards',
    'schema-ajv-module-shapes',
    'schema-checks-and-answers-differential',
    'schema-meta-validator-vendored',
    'schema-response-mixed-types',
    'security-bearer-auth',
    'send-file-conditional-methods',
    'server-body-schema-without-decoding-warning',
    'server-error-responses',
    'server-http-errors',
    'server-miss-group-as-router',
    'server-misses-without-plugins-warning',
    'server-options-requests',
    'server-pipeline-error-codes',
    'server-plugin-pipeline',
    'server-readiness',
    'server-request-ids',
    'server-request-log-fields',
    'server-response-path',
    'server-security',
    'startup-error-fix-hints',
    'static-conditional-requests',
    'static-directory-requests',
    'static-file-responses',
    'static-mime-types',
    'static-startup-errors',
    'typed-routes-runtime',
    'wall-clock-anchor',
  ].map((name) => `packages/fw-core/test/${name}.test.ts`),
  ...['cli-error-codes', 'openapi-bodyless-statuses', 'openapi-validator-vendored', 'release-npm-on-windows', 'release-start-script', 'swagger-ui-release'].map(
    (name) => `packages/fw-cli/test/${name}.test.ts`,
  ),
  'examples/blog/test/store-settings.test.ts',
  'tests/app-doc-body-schema-bodiless-methods.test.ts',
  'tests/app-doc-declared-samples.test.ts',
  'tests/app-doc-error-codes.test.ts',
  'tests/app-doc-inject-headers.test.ts',
  'tests/app-doc-read-body.test.ts',
  'tests/app-doc-route-schemas-sample.test.ts',
  'tests/app-doc-samples.test.ts',
  'tests/bench-contenders-router.test.ts',
  'tests/config-doc-examples.test.ts',
  'tests/docs-performance-current.test.ts',
  'tests/docs-telemetry-one-app-per-process.test.ts',
  'tests/docs-upload-sample.test.ts',
  'tests/fw-core-comments.test.ts',
  'tests/openapi-conformance-checks.test.ts',
  'tests/plugins-doc-samples.test.ts',
  'tests/router-doc-tables.test.ts',
  'tests/sources-formatted.test.ts',
  'tests/test-suites.test.ts',
  'tests/tests-wait-on-events.test.ts',
];

/** The globs of every test file `npm test` runs. */
export const TEST_GLOBS: readonly string[] = ['packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts', 'tests/**/*.test.ts'];

/**
 * The `node --test` options every run shares. Two files at a time: most tests wait on sockets,
 * subprocesses and timers, and Node's default on a 2-CPU machine is one (the suite took 11.4 min
 * one file at a time, 6.5 min two at a time).
 */
export const NODE_TEST_OPTIONS: readonly string[] = ['--test', '--test-timeout=120000', `--test-concurrency=${Math.max(2, availableParallelism() - 1)}`];

/**
 * The environment of a run: Node's compile cache in node_modules/.cache, so each of the suite's
 * processes (test files, the blog, the CLI) loads the TypeScript modules an earlier one stripped
 * and compiled; left off under coverage (NODE_V8_COVERAGE), which it blurs.
 */
export function testEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (env.NODE_V8_COVERAGE !== undefined || env.NODE_COMPILE_CACHE !== undefined) return env;
  return { ...env, NODE_COMPILE_CACHE: join(ROOT, 'node_modules', '.cache', 'fw-tests') };
}

/** Every file `npm test` runs, sorted, by path from the repository root. */
export function allTestFiles(): string[] {
  const files = TEST_GLOBS.flatMap((glob) => globSync(glob, { cwd: ROOT }));
  return [...new Set(files.map((file) => file.split('\\').join('/')))].sort();
}

/** The files of one suite, sorted. */
export function suiteFiles(suite: 'unit' | 'e2e'): string[] {
  const unit = new Set(UNIT);
  return allTestFiles().filter((file) => unit.has(file) === (suite === 'unit'));
}

function main(): void {
  const [suite, ...options] = process.argv.slice(2);
  if (suite !== 'unit' && suite !== 'e2e' && suite !== 'all') {
    process.stderr.write('usage: node scripts/test-suites.ts unit|e2e|all [node --test options]\n');
    process.exit(2);
  }
  const preload = suite === 'unit' ? ['--import', './scripts/forbid-sockets.ts'] : [];
  const files = suite === 'all' ? allTestFiles() : suiteFiles(suite);
  const run = spawnSync(process.execPath, [...preload, ...NODE_TEST_OPTIONS, ...options, ...files], { cwd: ROOT, stdio: 'inherit', env: testEnv() });
  process.exit(run.status ?? 1);
}

if (import.meta.main) main();
