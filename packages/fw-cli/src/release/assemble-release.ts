/**
 * `fw release`: regenerate the OpenAPI files (when priv/schemas exists), build the app, and
 * assemble a self-contained `_build/<profile>/rel/<app>/` (compiled code, production
 * dependencies copied, priv/, fw.config.json, package.json, bin/<app>) plus its tarball.
 */
import { chmod, cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadApplication, type LoadedApplication } from 'fw-core/inspect';
import { CliError } from '../errors.ts';
import { SCHEMAS_DIR } from '../openapi/read-schemas.ts';
import { writeOpenapi } from '../openapi/write-openapi.ts';
import { readAppPackage, type AppPackage } from './app-package.ts';
import { buildApp } from './build-app.ts';
import { codeLayout, type CodeLayout } from './code-layout.ts';
import { copyPackages } from './copy-packages.ts';
import { resolveDependencies, type PlacedPackage } from './resolve-dependencies.ts';
import { launcherModule, startScript } from './start-script.ts';
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

/** Name of the start module fw writes for apps without a main module. */
const LAUNCHER = 'fw-start.mjs';
const BUILD_ONLY_FILES = /\.(map|tsbuildinfo)$|\.d\.[mc]?ts$/;

/** Builds the release of the app in `options.appDir`. */
export async function assembleRelease(options: ReleaseOptions): Promise<void> {
  const { appDir, profile, report, path } = options;
  const env = { ...options.env, FW_ENV: profile };
  const loaded = await loadApplication({ appDir, env, serveStatic: false });
  const app = loaded.config.fw.bootstrap_application;
  await regenerateDocs(loaded, options);
  const pkg = await readAppPackage(appDir);
  if (pkg.hasBuildScript) {
    await buildApp(appDir, options.env);
    report('Built the app with npm run build');
  } else report('No build script in package.json: the code is released as it is');
  const layout = await codeLayout(appDir, pkg.appModule);
  const relDir = join(appDir, '_build', profile, 'rel');
  const releaseDir = join(relDir, app);
  await rm(releaseDir, { recursive: true, force: true });
  await mkdir(join(releaseDir, 'bin'), { recursive: true });
  await copyAppFiles(appDir, releaseDir, layout);
  const packages = await resolveDependencies(appDir, pkg.dependencies, pkg.optionalDependencies);
  await copyPackages(packages, releaseDir, options.env);
  report(`Copied ${packages.length} production package(s) into ${path(join(releaseDir, 'node_modules'))}`);
  const entry = layout.mainModule ?? (await writeLauncher(app, releaseDir, packages));
  await writeFile(join(releaseDir, 'package.json'), `${JSON.stringify(releaseManifest(pkg, layout), null, 2)}\n`);
  const script = join(releaseDir, 'bin', app);
  await writeFile(script, startScript(app, profile, entry));
  await chmod(script, 0o755);
  report(`Release ${app} ${pkg.version} (profile ${profile}) written to ${path(releaseDir)}; start it with ${path(script)}`);
  const tarball = join(relDir, `${app}-${pkg.version}.tar.gz`);
  const size = await writeTarball(releaseDir, tarball);
  report(`Tarball written to ${path(tarball)} (${Math.round(size / 1024)} KiB)`);
}

async function regenerateDocs(loaded: LoadedApplication, options: ReleaseOptions): Promise<void> {
  if (!existsSync(join(loaded.appDir, SCHEMAS_DIR))) {
    options.report('No priv/schemas: the OpenAPI files are not regenerated');
    return;
  }
  const output = join(loaded.appDir, 'priv', 'assets', 'openapi.json');
  const result = await writeOpenapi({ loaded, output, title: loaded.config.fw.bootstrap_application, version: '0.1.0', offline: true });
  for (const file of result.files) options.report(`${file.what} written to ${options.path(file.path)}`);
}

async function copyAppFiles(appDir: string, releaseDir: string, layout: CodeLayout): Promise<void> {
  await cp(join(appDir, layout.codePath), join(releaseDir, layout.codePath), { recursive: true, dereference: true, filter: (file) => !BUILD_ONLY_FILES.test(file) });
  for (const extra of ['priv', 'fw.config.json']) {
    if (existsSync(join(appDir, extra))) await cp(join(appDir, extra), join(releaseDir, extra), { recursive: true, dereference: true });
  }
}

async function writeLauncher(app: string, releaseDir: string, packages: readonly PlacedPackage[]): Promise<string> {
  if (!packages.some((pkg) => pkg.target === join('node_modules', 'fw-core'))) {
    throw new CliError('FW_CLI_ERR_RELEASE_BAD_PACKAGE', `the app has no main module beside its app module, and the start module fw writes instead needs fw-core in the app's dependencies`);
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
