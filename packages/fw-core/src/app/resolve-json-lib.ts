/**
 * Resolves `json_lib`: `JSON` is the built-in; any other value is a module specifier, resolved
 * from the app directory, whose exports (or default export) have stringify and parse.
 */
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FwError } from '../errors.ts';
import type { JsonLib } from '../http/request.ts';

/** The JsonLib named by `specifier`. */
export async function resolveJsonLib(specifier: string, appDir: string): Promise<JsonLib> {
  if (specifier === 'JSON') return JSON;
  let loaded: Record<string, unknown>;
  try {
    const path = createRequire(resolve(appDir, 'package.json')).resolve(specifier);
    loaded = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    throw new FwError('FW_ERR_CONFIG_BAD_VALUE', `json_lib ${specifier} cannot be loaded from ${appDir}`, { cause: error });
  }
  const lib = (typeof loaded.stringify === 'function' ? loaded : loaded.default) as Partial<JsonLib> | undefined;
  if (typeof lib?.stringify !== 'function' || typeof lib.parse !== 'function') {
    throw new FwError('FW_ERR_CONFIG_BAD_VALUE', `json_lib ${specifier} must export stringify and parse`);
  }
  return lib as JsonLib;
}
