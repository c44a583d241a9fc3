/**
 * `fw audit` reports every warning the server logs at start (issue 38, item 15), so a CI gate on
 * `fw audit --strict` fails where the server would warn. startup-warnings-app starts with one
 * warning of each kind fw-core has but two: telemetry_plugin_missing_in_group, which
 * telemetry-group-warning-app shows, and telemetry_env_without_setup, which untraced-app shows
 * under OTEL_EXPORTER_OTLP_ENDPOINT; the audit's start-up warnings are exactly the server's lines.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createListener, type Logger } from 'fw-core';
import { setupTelemetry } from 'fw-core/otel';
import { FIXTURES, lines, REPO, runFw } from './support/run-fw.ts';

const APP = join(FIXTURES, 'startup-warnings-app');
/** The one kind startup-warnings-app cannot show: it needs the stream handler that app leaves out. */
const GROUP_APP = join(FIXTURES, 'telemetry-group-warning-app');
/** An app that sets up no telemetry, for the kind the environment causes. */
const ENV_APP = join(FIXTURES, 'untraced-app');

/** The kinds of start-up warning startup-warnings-app logs, in the order fw-core lists them; then GROUP_APP's. */
const EVENTS = ['body_schema_without_decoding', 'misses_without_plugins', 'security_refuses_every_request', 'telemetry_without_stream_handler'];
const GROUP_EVENT = 'telemetry_plugin_missing_in_group';
const ENV_EVENT = 'telemetry_env_without_setup';
const WARNINGS_SOURCE = join(REPO, 'packages', 'fw-core', 'src', 'app', 'startup-warnings.ts');

const BODY_SCHEMA =
  "route POST /notes (group '') declares a body schema but its group decodes no bodies: fw will not decode its JSON body, so the schema sees no body " +
  '(a request answers 400 invalid body) unless a plugin of the group sets req.body; to fix, list fw_request_plugin with decode_json_body: true ' +
  'in the global plugins, which the group inherits';
const MISSES =
  "router misses (404, 405) under '' run the plugins of the first group there, none, not the later group's (fw_cors_plugin): " +
  'list the group with plugins: [] after the other (docs/pipeline.md, "Router misses")';
const SECURITY =
  "the security of group '/admin' (bearerAuth) refuses every request: it says refusesEveryRequest, as bearerAuth does when given no token (unset, '' or []); " +
  'give it what it checks, e.g. the token in the variable its routes function reads from env';
const TELEMETRY =
  'otel_fw_plugin is listed in the global plugins but server_configuration.stream_handlers (["fw_stream_h"]) does not list otel_fw_stream_h, so fw makes no server span: ' +
  'no request is traced (0 spans exported) and the HTTP metrics stay empty; to fix, list it first, "stream_handlers": ["otel_fw_stream_h", "fw_stream_h"], ' +
  'and give otelStreamHandler (fw-core/otel) to defineApp({streamHandlers: [otelStreamHandler]})';

const GROUP =
  "group '/links' lists plugins of its own without otel_fw_plugin, which the global plugins list: its requests are traced, but their spans keep the name HTTP <method> " +
  'and carry no http.route or fw.controller; to fix, add {"phase": "pre_request", "module": "otel_fw_plugin"} to its plugins';

const AUDIT = lines(
  '=== Security Audit ===',
  'WARNINGS:',
  `  start-up warning body_schema_without_decoding: ${BODY_SCHEMA}`,
  `  start-up warning misses_without_plugins: ${MISSES}`,
  `  start-up warning security_refuses_every_request: ${SECURITY}`,
  `  start-up warning telemetry_without_stream_handler: ${TELEMETRY}`,
  'INFO:',
  '  (none)',
  'Summary: 4 warning(s), 0 info(s)',
);

/** The warn lines the server logs while it starts the app in `appDir`, as `fw audit --json` shows them. */
async function serverWarnings(appDir: string, env: Record<string, string> = {}): Promise<unknown[]> {
  const warnings: unknown[] = [];
  const ignore = (): void => {};
  const logger: Logger = { trace: ignore, debug: ignore, info: ignore, error: ignore, fatal: ignore, warn: (fields, message) => warnings.push({ issue: 'startup_warning', fields, message }) };
  const fw = await createListener({ appDir, env, logger });
  await fw.close();
  return warnings;
}

describe('fw audit and the server start-up warnings', { concurrency: true }, () => {
  it('covers every kind of warning fw-core has: a new kind needs a case in startup-warnings-app', async () => {
    const source = await readFile(WARNINGS_SOURCE, 'utf8');
    assert.deepEqual([...source.matchAll(/event: '([a-z_]+)'/g)].map((match) => match[1]), [...EVENTS.slice(0, 3), ENV_EVENT, EVENTS[3], GROUP_EVENT]);
  });

  it('reports a group that leaves out the otel_fw_plugin the global plugins list, as the server logs it', async () => {
    const [run, strict, logged] = await Promise.all([runFw(['audit', '--app', GROUP_APP]), runFw(['audit', '--strict', '--json', '--app', GROUP_APP]), serverWarnings(GROUP_APP)]);
    const expected = lines('=== Security Audit ===', 'WARNINGS:', `  start-up warning ${GROUP_EVENT}: ${GROUP}`, 'INFO:', '  (none)', 'Summary: 1 warning(s), 0 info(s)');
    assert.deepEqual(run, { code: 0, stdout: expected, stderr: '' });
    assert.equal(strict.code, 2);
    assert.deepEqual(JSON.parse(strict.stdout).warnings, logged);
    assert.deepEqual(logged, [{ issue: 'startup_warning', fields: { event: GROUP_EVENT, prefix: '/links', host: '_' }, message: GROUP }]);
  });

  it('reports a collector the environment names for an app that sets up no telemetry, as the server logs it', async () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    const [strict, logged, quiet] = await Promise.all([runFw(['audit', '--strict', '--json', '--app', ENV_APP], { env }), serverWarnings(ENV_APP, env), serverWarnings(ENV_APP)]);
    assert.equal(strict.code, 2);
    assert.deepEqual(JSON.parse(strict.stdout).warnings.filter((finding: { issue?: string }) => finding.issue === 'startup_warning'), logged);
    const message =
      'OTEL_EXPORTER_OTLP_ENDPOINT is set but the app sets up no telemetry (otel_fw_stream_h is not in stream_handlers): no request is traced and nothing is exported; ' +
      'to fix, wrap the app in withTelemetry from fw-core/otel (docs/telemetry.md, "In one call")';
    assert.deepEqual(logged, [{ issue: 'startup_warning', fields: { event: ENV_EVENT, variable: 'OTEL_EXPORTER_OTLP_ENDPOINT' }, message }]);
    assert.deepEqual(quiet, [], 'without the variable, nothing to say');
  });

  it("reports, for an app that traces, what setupTelemetry warns at its start about the OTEL_* variables, in its words", async () => {
    const env = { OTEL_SDK_DISABLED: 'yes', OTEL_EXPORTER_OTLP_ENDPIONT: 'http://collector:4318' };
    const said: string[] = [];
    const ignore = (): void => {};
    await setupTelemetry({ env: { ...env, OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'none' }, logger: { warn: (fields: { event?: string }, message: string) => void (fields.event === 'telemetry_bad_env' && said.push(message)), info: ignore } as never }).then((telemetry) => telemetry.shutdown());
    assert.deepEqual(said, [
      'OTEL_EXPORTER_OTLP_ENDPIONT is set but fw does not read it (did you mean OTEL_EXPORTER_OTLP_ENDPOINT?): it has no effect',
      'OTEL_SDK_DISABLED="yes" is neither true nor false: read as false (write true or false)',
    ]);
    const [strict, untraced] = await Promise.all([runFw(['audit', '--strict', '--json', '--app', GROUP_APP], { env }), runFw(['audit', '--strict', '--json', '--app', ENV_APP], { env })]);
    assert.equal(strict.code, 2);
    const reported = (JSON.parse(strict.stdout).warnings as { issue?: string; fields: { event: string }; message: string }[]).filter((finding) => finding.fields?.event === 'telemetry_bad_env');
    assert.deepEqual(reported.map((finding) => finding.message), said);
    assert.equal(untraced.code, 0, 'an app that does not trace runs no setupTelemetry: nothing of the kind to say');
  });

  it('prints each start-up warning as a warning, as the server words it, and --strict exits 2 on them', async () => {
    const [plain, strict] = await Promise.all([runFw(['audit', '--app', APP]), runFw(['audit', '--strict', '--app', APP])]);
    assert.deepEqual(plain, { code: 0, stdout: AUDIT, stderr: '' });
    assert.deepEqual(strict, { code: 2, stdout: AUDIT, stderr: '' });
  });

  it('--json reports exactly the lines the server logs at start, one of each kind fw-core has', async () => {
    const [run, logged] = await Promise.all([runFw(['audit', '--json', '--app', APP]), serverWarnings(APP)]);
    assert.equal(run.code, 0);
    const audit = JSON.parse(run.stdout) as { warnings: { issue?: string; fields: { event: string } }[] };
    const reported = audit.warnings.filter((finding) => finding.issue === 'startup_warning');
    assert.deepEqual(reported, logged);
    assert.deepEqual(reported.map((finding) => finding.fields.event), EVENTS);
    assert.deepEqual(reported[2], { issue: 'startup_warning', fields: { event: 'security_refuses_every_request', prefix: '/admin', host: '_', security: 'bearerAuth' }, message: SECURITY });
    assert.deepEqual(reported[3], {
      issue: 'startup_warning',
      fields: { event: 'telemetry_without_stream_handler', listed_in: ['the global plugins'], stream_handlers: ['fw_stream_h'] },
      message: TELEMETRY,
    });
  });
});
