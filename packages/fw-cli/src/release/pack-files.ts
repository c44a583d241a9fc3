/**
 * The files `npm pack` would ship for a package (its `files`, package.json, README, LICENSE...),
 * asked from npm itself so the release holds exactly what a registry install would.
 */
import { CliError } from '../errors.ts';
import { runNpm } from './run-npm.ts';

/** Package-relative paths of the files `npm pack` ships from `packageDir`. */
export async function packFiles(packageDir: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const run = await runNpm(['pack', '--dry-run', '--json', '--ignore-scripts'], packageDir, env);
  try {
    if (run.error !== undefined || run.code !== 0)
      throw run.error ?? new Error(run.stderr.trim() || `exit status ${run.code}`);
    const [report] = JSON.parse(run.stdout) as { files: { path: string }[] }[];
    return report!.files.map((file) => file.path);
  } catch (error) {
    throw new CliError(
      'FW_CLI_ERR_RELEASE_PACK_FAILED',
      `npm pack --dry-run in ${packageDir} failed: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
