/**
 * What a release needs from the app's package.json: name, version, module type, production
 * dependencies, build script and app module (`fw.app`, else `main`).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError } from '../errors.ts';

/** The parts of an app's package.json a release uses. */
export interface AppPackage {
  readonly name: string;
  readonly version: string;
  readonly type: string | undefined;
  readonly engines: Readonly<Record<string, string>> | undefined;
  readonly dependencies: Readonly<Record<string, string>>;
  readonly optionalDependencies: Readonly<Record<string, string>>;
  readonly hasBuildScript: boolean;
  /** The app module as written, e.g. `./src/app.ts`. */
  readonly appModule: string;
}

/** Reads `<appDir>/package.json`. */
export async function readAppPackage(appDir: string): Promise<AppPackage> {
  const file = join(appDir, 'package.json');
  const pkg = await readJsonObject(file);
  const fw = pkg.fw as { app?: unknown } | undefined;
  const appModule = fw?.app ?? pkg.main;
  if (typeof appModule !== 'string' || appModule === '')
    throw bad(`${file} names no app module: set "fw": {"app": "./src/app.ts"}`);
  if (typeof pkg.version !== 'string' || pkg.version === '')
    throw bad(`${file} has no version; the release tarball is named after it`);
  const scripts = (pkg.scripts ?? {}) as Record<string, unknown>;
  return {
    name: typeof pkg.name === 'string' ? pkg.name : 'app',
    version: pkg.version,
    type: typeof pkg.type === 'string' ? pkg.type : undefined,
    engines: pkg.engines as Record<string, string> | undefined,
    dependencies: (pkg.dependencies ?? {}) as Record<string, string>,
    optionalDependencies: (pkg.optionalDependencies ?? {}) as Record<string, string>,
    hasBuildScript: typeof scripts.build === 'string',
    appModule,
  };
}

/** Reads a JSON object file (a leading BOM is ignored). */
export async function readJsonObject(file: string): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = JSON.parse((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''));
  } catch (error) {
    throw bad(`cannot read ${file}: ${(error as Error).message}`, error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad(`${file} must hold a JSON object`);
  return value as Record<string, unknown>;
}

function bad(message: string, cause?: unknown): CliError {
  return new CliError('FW_CLI_ERR_RELEASE_BAD_PACKAGE', message, { cause });
}
