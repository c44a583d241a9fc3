/**
 * createStaticHandler: resolves and checks a static route's directory or file once, at start-up
 * (a missing path stops the server, it does not 404 forever), and returns the per-request handler.
 */
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { stat } from 'node:fs/promises';
import { FwError } from '../errors.ts';
import type { FwRequest } from '../http/request.ts';
import { serveFromDirectory } from './serve-directory.ts';
import { resolveStaticOptions, type ResolvedStaticOptions } from './static-options.ts';
import { serveFile } from './static-responses.ts';
import type { StaticHandler, StaticSpec } from './static-spec.ts';
import { guardStaticRequest } from './guard-static-request.ts';

/**
 * A handler serving `spec.directory` (by `req.pathinfo`) or always `spec.file`. Relative paths
 * resolve against `baseDir`. Throws FW_ERR_STATIC_NOT_FOUND / FW_ERR_STATIC_WRONG_KIND when the
 * path is missing or of the wrong kind, FW_ERR_ROUTE_BAD_OPTIONS for bad options.
 */
export function createStaticHandler(spec: StaticSpec, baseDir: string = process.cwd()): StaticHandler {
  const where = spec.route === undefined ? 'static route' : `static route ${spec.route}`;
  const options = resolveStaticOptions(spec.options, where);
  if ('directory' in spec && typeof spec.directory === 'string' && spec.directory !== '') {
    const root = checkSource(spec.directory, 'directory', baseDir, where);
    return guardStaticRequest(where, (req) => serveFromDirectory(req, root, options));
  }
  if ('file' in spec && typeof spec.file === 'string' && spec.file !== '') {
    const file = checkSource(spec.file, 'file', baseDir, where);
    return guardStaticRequest(where, (req) => serveOneFile(req, file, options));
  }
  throw new FwError('FW_ERR_ROUTE_BAD_HANDLER', `${where} needs a non-empty directory or file to serve`);
}

/** The absolute path of the source (the real path for a directory: the containment root). */
function checkSource(path: string, kind: 'directory' | 'file', baseDir: string, where: string): string {
  const absolute = resolve(baseDir, path);
  const details = { route: where, path, absolute };
  let isKind: boolean;
  try {
    const stats = statSync(absolute);
    isKind = kind === 'directory' ? stats.isDirectory() : stats.isFile();
  } catch (cause) {
    throw new FwError('FW_ERR_STATIC_NOT_FOUND', `${where}: ${kind} ${path} (${absolute}) does not exist or cannot be read; create it or fix the path (relative paths resolve against ${baseDir})`, { cause, details });
  }
  if (!isKind) {
    throw new FwError('FW_ERR_STATIC_WRONG_KIND', `${where}: ${path} (${absolute}) is not a ${kind === 'directory' ? 'directory; use file: for a single file' : 'regular file; use directory: with a /[...] route for a directory'}`, { details });
  }
  return kind === 'directory' ? realpathSync(absolute) : absolute;
}

async function serveOneFile(req: FwRequest, file: string, options: ResolvedStaticOptions): Promise<void> {
  return serveFile(req, file, await stat(file), options);
}
