/**
 * Builds the app the way its developers do: `npm run build` in the app directory, when
 * package.json has a build script (the blog's is `tsc -b`, which also builds the workspace
 * packages it references). copy-packages.ts runs it the same way in a linked package that is
 * not built. The output is shown only when the build fails.
 */
import { CliError } from '../errors.ts';
import { runNpm } from './run-npm.ts';

/** Runs the build in `appDir` (an app or a linked package); throws FW_CLI_ERR_RELEASE_BUILD_FAILED with its output when it fails. */
export async function buildApp(appDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const run = await runNpm(['run', 'build'], appDir, env);
  if (run.error !== undefined) {
    throw new CliError(
      'FW_CLI_ERR_RELEASE_BUILD_FAILED',
      `cannot run npm run build in ${appDir}: ${run.error.message}`,
      { cause: run.error },
    );
  }
  if (run.code !== 0) {
    const output = `${run.stdout}${run.stderr}`.trim();
    const ended = run.code === null ? `was killed by ${run.signal}` : `exited with status ${run.code}`;
    throw new CliError(
      'FW_CLI_ERR_RELEASE_BUILD_FAILED',
      `npm run build in ${appDir} ${ended}`,
      output === '' ? {} : { output },
    );
  }
}
