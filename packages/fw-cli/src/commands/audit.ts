/**
 * `fw audit`: routes whose group has no security callback, routes whose bodies their group's
 * own plugin list never decodes, and every warning the server logs at start; `--strict` fails on warnings.
 */
import { EXIT, printModel, type InspectArgs } from '../cli/command-context.ts';
import { withJson, type FwCommand } from '../cli/fw-command.ts';

/** Flags of `fw audit`. */
export interface AuditArgs extends InspectArgs {
  readonly strict: boolean;
  /** `METHOD /path` of routes public on purpose: their missing security is info, not a warning. */
  readonly public: readonly string[];
}

/** The audit command. */
export const auditCommand: FwCommand<AuditArgs> = {
  command: 'audit',
  describe:
    "List routes without security (writes and wildcard methods as warnings, reads as info) and the server's start-up warnings",
  builder: (yargs) =>
    withJson(yargs)
      .option('strict', {
        type: 'boolean',
        default: false,
        describe: `Exit with status ${EXIT.auditWarnings} when there is at least one warning (for CI)`,
      })
      .option('public', {
        type: 'string',
        array: true,
        requiresArg: true,
        default: [],
        describe:
          "A route public on purpose, as the audit lists it ('POST /links'): its missing security is info, not a warning; repeatable",
      }),
  async run(args, context) {
    // Loaded here, not at the top: `fw --help` and the other commands need none of it.
    const [{ loadApp }, { buildAuditModel, renderAudit }] = await Promise.all([
      import('../cli/load-app.ts'),
      import('../inspect/audit-view.ts'),
    ]);
    const loaded = await loadApp(context, args);
    // An app that traces runs setupTelemetry at start, whose warnings about OTEL_* variables (telemetry_bad_env) are start-up warnings too.
    const traced = loaded.config.fw.server_configuration.stream_handlers.includes('otel_fw_stream_h');
    const envWarnings = traced
      ? (await import('fw-core/otel'))
          .telemetryEnvWarnings(context.env)
          .map((message) => ({ fields: { event: 'telemetry_bad_env' }, message }))
      : [];
    const model = buildAuditModel(
      loaded.router.routes(),
      [...loaded.startupWarnings, ...envWarnings],
      new Set(args.public),
    );
    printModel(context, args.json, model, renderAudit);
    if (args.strict && model.summary.warnings > 0) context.setExitCode(EXIT.auditWarnings);
  },
};
