/**
 * `fw release`: build the app, then assemble a self-contained `_build/<profile>/rel/<app>/`
 * (its code, priv/ with freshly generated OpenAPI files when priv/schemas exists, the production
 * dependencies copied, fw.config.json, package.json, bin/<app>) plus its tarball.
 *
 * Everything is assembled in a staging directory beside the release and moved into place only
 * once complete, so a failure leaves the previous release and tarball as they were; the app's
 * own files are only read (its build writes what its build writes).
 */
import { chmod, cp, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { FwError, isFwError } from 'fw-core';
import type { LoadedApplication } from 'fw-core/inspect';
import { DEFAULT_API_VERSION } from '../cli/command-context.ts';
import { loadCheckedApp } from '../cli/load-app.ts';
import { CliError } from '../errors.ts';
import { SCHEMAS_DIR } from '../openapi/read-schemas.ts';
import { writeOpenapi } from '../openapi/write-openapi.ts';
import { readAppPackage, type AppPackage } from './app-package.ts';
import { buildApp } from './build-app.ts';
import { codeLayout, type CodeLayout } from './code-layout.ts';
import { copyPackages } from './copy-packages.ts';
import { resolveDependencies, type PlacedPackage } from './resolve-dependencies.ts';
import { launcherModule, neededNodeMajor, startScript } from './start-script.ts';
import { writeTarball } from './write-tarball.ts';

/** Inputs of assembleRelease. */
export interface ReleaseOptions {
  readonly appDir: string;
  readonly profile: string;
  readonly env: NodeJS.ProcessEnv;
  /** Called with one line per step done; `path` makes a path printable. */
  readonly report: (line: string) => void;
  readonly path: (absolute: string) => string;
}

/** What a release is assembled from, once the app is loaded and built. */
interface ReleaseInput {
  readonly loaded: LoadedApplication;
  readonly app: string;
  readonly pkg: AppPackage;
  readonly layout: CodeLayout;
  /** The environment npm runs with (not the profile's FW_ENV). */
  readonly env: NodeJS.ProcessEnv;
}

/** Name of the start module fw writes for apps without a main module. */
const LAUNCHER = 'fw-start.mjs';
const BUILD_ONLY_FILES = /\.(map|tsbuildinfo)$|\.d\.[mc]?ts$/;

/** The app checked as its release starts, with FW_ENV=<profile>: an environment the app lacks is named as the --profile the user gave. */
async function loadProfile(appDir: string, profile: string, env: NodeJS.ProcessEnv): Promise<LoadedApplication> {
  try {
    return await loadCheckedApp(appDir, { ...env, FW_ENV: profile });
  } catch (error) {
    if (!isFwError(error, 'FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT')) throw error;
    const { defined, suggestion, file } = error.details as { defined: string[]; suggestion?: string; file: string };
    const hint = suggestion === undefined ? '' : `did you mean --profile ${suggestion}? `;
    throw new FwError(
      'FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT',
      `--profile ${profile} is the environment the release starts in, which ${file} does not define (defined: ${defined.map((name) => `"${name}"`).join(', ')}); ` +
        `${hint}give --profile a defined environment, or add "${profile}" under environments (an empty overlay {} will do)`,
      { cause: error, details: error.details },
    );
  }
}

/** Builds the release of the app in `options.appDir`. */
export async function assembleRelease(options: ReleaseOptions): Promise<void> {
  const { appDir, profile, report, path } = options;
  const loaded = await loadProfile(appDir, profile, options.env);
  const pkg = await readAppPackage(appDir);
  if (!existsSync(join(appDir, SCHEMAS_DIR))) report('No priv/schemas: the OpenAPI files are not regenerated');
  if (pkg.hasBuildScript) {
    await buildApp(appDir, options.env);
    report('Built the app with npm run build');
  } else report('No build script in package.json: the code is released as it is');
  const input: ReleaseInput = {
    loaded,
    app: loaded.config.fw.bootstrap_application,
    pkg,
    layout: await codeLayout(appDir, pkg.appModule),
    env: options.env,
  };
  const relDir = join(appDir, '_build', profile, 'rel');
  const releaseDir = join(relDir, input.app);
  const tarball = join(relDir, `${input.app}-${pkg.version}.tar.gz`);
  const created = await mkdir(relDir, { recursive: true });
  const staging = await mkdtemp(join(relDir, `.${input.app}-staging-`));
  let placed = false;
  try {
    const staged = join(staging, input.app);
    // Report lines name where the files will be once the release is in place.
    const done = await stageRelease(input, staged, options.profile, (file) =>
      path(join(releaseDir, relative(staged, file))),
    );
    const size = await writeTarball(staged, join(staging, 'release.tar.gz'));
    await moveIntoPlace(staging, input.app, releaseDir, tarball);
    placed = true;
    for (const line of done) report(line);
    report(
      `Release ${input.app} ${pkg.version} (profile ${profile}) written to ${path(releaseDir)}; start it with ${path(join(releaseDir, 'bin', input.app))}`,
    );
    report(`Tarball written to ${path(tarball)} (${Math.round(size / 1024)} KiB)`);
  } finally {
    // On failure, also the _build directories this run made: the app is left as it was.
    await rm(!placed && created !== undefined ? created : staging, { recursive: true, force: true });
  }
}

/** Assembles the release in `dir`; resolves to the report lines of what it holds. */
async function stageRelease(
  input: ReleaseInput,
  dir: string,
  profile: string,
  path: (file: string) => string,
): Promise<string[]> {
  const { loaded, app, pkg, layout, env } = input;
  const done: string[] = [];
  await mkdir(join(dir, 'bin'), { recursive: true });
  await copyAppFiles(loaded.appDir, dir, layout);
  done.push(...(await regenerateDocs(loaded, dir, path)));
  const packages = await resolveDependencies(loaded.appDir, pkg.dependencies, pkg.optionalDependencies);
  const built = await copyPackages(packages, dir, env);
  done.push(...built.map((name) => `Built the linked package ${name} with npm run build`));
  done.push(`Copied ${packages.length} production package(s) into ${path(join(dir, 'node_modules'))}`);
  const entry = layout.mainModule ?? (await writeLauncher(app, dir, packages));
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(releaseManifest(pkg, layout), null, 2)}\n`);
  const script = join(dir, 'bin', app);
  await writeFile(script, startScript(app, profile, entry, neededNodeMajor(pkg.engines)));
  await chmod(script, 0o755);
  return done;
}

// The release's own priv/assets gets the documents of the routes it starts with; the app's
// priv/ is left alone (`fw openapi` or `npm start` regenerate it there).
async function regenerateDocs(
  loaded: LoadedApplication,
  dir: string,
  path: (file: string) => string,
): Promise<string[]> {
  if (!existsSync(join(loaded.appDir, SCHEMAS_DIR))) return [];
  const output = join(dir, 'priv', 'assets', 'openapi.json');
  const result = await writeOpenapi({
    loaded,
    output,
    title: loaded.config.fw.bootstrap_application,
    version: DEFAULT_API_VERSION,
    offline: true,
  });
  return result.files.map((file) => `${file.what} written to ${path(file.path)}`);
}

// The old release is moved aside first (into the staging directory, which the caller removes)
// and back if the new one cannot take its place, so there is never a half-replaced release.
async function moveIntoPlace(staging: string, app: string, releaseDir: string, tarball: string): Promise<void> {
  const previous = join(staging, '.previous-release');
  const hadPrevious = existsSync(releaseDir);
  if (hadPrevious) await rename(releaseDir, previous);
  try {
    await rename(join(staging, app), releaseDir);
  } catch (error) {
    if (hadPrevious) await rename(previous, releaseDir);
    throw error;
  }
  await rename(join(staging, 'release.tar.gz'), tarball);
}

async function copyAppFiles(appDir: string, releaseDir: string, layout: CodeLayout): Promise<void> {
  await cp(join(appDir, layout.codePath), join(releaseDir, layout.codePath), {
    recursive: true,
    dereference: true,
    filter: (file) => !BUILD_ONLY_FILES.test(file),
  });
  for (const extra of ['priv', 'fw.config.json']) {
    if (existsSync(join(appDir, extra)))
      await cp(join(appDir, extra), join(releaseDir, extra), { recursive: true, dereference: true });
  }
}

async function writeLauncher(app: string, releaseDir: string, packages: readonly PlacedPackage[]): Promise<string> {
  if (!packages.some((pkg) => pkg.target === join('node_modules', 'fw-core'))) {
    throw new CliError(
      'FW_CLI_ERR_RELEASE_BAD_PACKAGE',
      `the app has no main module beside its app module, and the start module fw writes instead needs fw-core in the app's dependencies`,
    );
  }
  await writeFile(join(releaseDir, LAUNCHER), launcherModule(app));
  return LAUNCHER;
}

function releaseManifest(pkg: AppPackage, layout: CodeLayout): Record<string, unknown> {
  return {
    name: pkg.name,
    version: pkg.version,
    private: true,
    ...(pkg.type !== undefined && { type: pkg.type }),
    ...(pkg.engines !== undefined && { engines: pkg.engines }),
    dependencies: pkg.dependencies,
    ...(Object.keys(pkg.optionalDependencies).length > 0 && { optionalDependencies: pkg.optionalDependencies }),
    fw: { app: `./${layout.appModule.split('\\').join('/')}` },
  };
}
