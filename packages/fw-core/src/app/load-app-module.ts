/**
 * Finds and imports an app's module: `fw.app` in the app directory's package.json, else its
 * `main`. The module's default export is the FwApp.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FwError } from '../errors.ts';
import type { FwApp } from './app.ts';

/** Imports the FwApp of the app in `appDir`. */
export async function loadAppModule(appDir: string): Promise<FwApp> {
  const manifest = resolve(appDir, 'package.json');
  let pkg: { fw?: { app?: unknown }; main?: unknown };
  try {
    pkg = JSON.parse(await readFile(manifest, 'utf8')) as typeof pkg;
  } catch (error) {
    throw new FwError('FW_ERR_APP_NOT_FOUND', `cannot read ${manifest}: an fw app directory needs a package.json`, { cause: error });
  }
  const entry = pkg.fw?.app ?? pkg.main;
  if (typeof entry !== 'string' || entry === '') {
    throw new FwError('FW_ERR_APP_NOT_FOUND', `${manifest} names no app module: set "fw": {"app": "./src/app.ts"} (or "main")`);
  }
  const file = resolve(appDir, entry);
  let loaded: { default?: unknown };
  try {
    loaded = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (error) {
    throw new FwError('FW_ERR_APP_NOT_FOUND', `cannot import the app module ${file}: ${(error as Error).message}`, { cause: error });
  }
  return checkApp(loaded.default, file);
}

/** Checks that `value` has the FwApp shape. */
export function checkApp(value: unknown, where: string): FwApp {
  const app = value as Partial<FwApp> | undefined;
  const ok =
    typeof app === 'object' &&
    app !== null &&
    typeof app.name === 'string' &&
    typeof app.router === 'object' &&
    app.router !== null &&
    typeof app.router.name === 'string' &&
    typeof app.router.routes === 'function';
  if (!ok) {
    throw new FwError('FW_ERR_APP_BAD_MODULE', `${where} must default-export defineApp({name, router: {name, routes(env)}})`);
  }
  return app as FwApp;
}
