/** `fw config`: every configuration key with the value the server runs with, ` (default)`, a missing mark, or what the app added. */
import { appDirOf } from '../cli/app-dir.ts';
import { EXIT, printModel, type SecretArgs } from '../cli/command-context.ts';
import { withJsonAndSecrets, type FwCommand } from '../cli/fw-command.ts';
import { errorText } from '../cli/report-error.ts';

/**
 * The config command. Reads fw.config.json, then loads the app as the server does (starting nothing), since the app may add
 * to it at start (withTelemetry lists otel_fw_stream_h and otel_fw_plugin); an app that cannot be loaded (not written yet,
 * or refused) leaves the file's values, and a note on stderr says so.
 */
export const configCommand: FwCommand<SecretArgs> = {
  command: 'config',
  describe: 'Show every configuration key with the value the server runs with; (default) marks built-in defaults',
  builder: withJsonAndSecrets,
  async run(args, context) {
    // Loaded here, not at the top: `fw --help` and the other commands need none of it.
    const [
      { loadApplication, resolveConfig },
      { buildConfigModel, hasMissingKey, renderConfig, runConfigOf },
      { shownSecrets },
    ] = await Promise.all([
      import('fw-core/inspect'),
      import('../inspect/config-view.ts'),
      import('../inspect/mask-secrets.ts'),
    ]);
    const appDir = await appDirOf(context, args);
    const report = await resolveConfig(appDir, context.env);
    // A missing key is marked and exits 1: the app cannot load without it.
    const missing = hasMissingKey(report);
    const runs = missing
      ? { reason: 'a required key is missing' }
      : await loadApplication({ appDir, env: context.env }).then(runConfigOf, (error: unknown) => ({
          reason: errorText(error),
        }));
    if (!missing && 'reason' in runs)
      context.note(
        `the app was not loaded, so the values are fw.config.json's, without what the app adds at start: ${shownSecrets(runs.reason, args.showSecrets)}`,
      );
    printModel(context, args.json, shownSecrets(buildConfigModel(report, runs), args.showSecrets), renderConfig);
    if (missing) context.setExitCode(EXIT.error);
  },
};
