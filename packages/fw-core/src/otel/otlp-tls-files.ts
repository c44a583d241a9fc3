/**
 * The PEM files an OTLP exporter's https agent uses (OTEL_EXPORTER_OTLP_[TRACES_|METRICS_]
 * CERTIFICATE, CLIENT_CERTIFICATE, CLIENT_KEY): read once, at start, so a path that cannot be read
 * is a start-up error naming its variable rather than exports failing later. An http:// endpoint
 * reads none of them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FwError } from '../errors.ts';
import type { TlsFiles } from './env-config.ts';

/** The agent options: trusted roots, client certificate chain, client key. */
export interface TlsAgentOptions {
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
}

/** The files of `files` for an exporter sending to `endpoint`; none for http://. */
export function readTlsFiles(endpoint: string, files: TlsFiles): TlsAgentOptions {
  const options: TlsAgentOptions = {};
  if (!endpoint.startsWith('https:')) return options;
  for (const part of ['ca', 'cert', 'key'] as const) {
    const file = files[part];
    if (file === undefined) continue;
    try {
      options[part] = readFileSync(resolve(file.path));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new FwError('FW_ERR_OTEL_BAD_ENV', `${file.variable}=${JSON.stringify(file.path)} cannot be read (${code}): give the path of a PEM file`, { cause: error, details: { name: file.variable, value: file.path } });
    }
  }
  return options;
}
