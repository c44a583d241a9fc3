/**
 * The environment variables that override the file: `FW_ENV` (environment), `PORT`
 * (server_configuration.port), `HOST` (server_configuration.host) and `LOG_LEVEL` (log_level).
 * An empty variable counts as unset, as `PORT=${PORT}` in a compose file or a shell script
 * yields one when the value is absent.
 */
import { LOG_LEVELS, type LogLevel } from '../log/logger.ts';
import { badValue } from './config-errors.ts';
import { expectOneOf, MAX_PORT } from './value-checks.ts';

/** The overrides found; a key is absent when its variable is unset or empty. */
export interface EnvOverrides {
  readonly environment?: string;
  readonly port?: number;
  readonly host?: string;
  readonly log_level?: LogLevel;
}

/** Reads and checks the override variables in `env`. */
export function readEnvOverrides(env: NodeJS.ProcessEnv): EnvOverrides {
  const overrides: { environment?: string; port?: number; host?: string; log_level?: LogLevel } = {};
  if (isSet(env['FW_ENV'])) overrides.environment = env['FW_ENV'];
  if (isSet(env['PORT'])) overrides.port = parsePort(env['PORT']);
  if (isSet(env['HOST'])) overrides.host = env['HOST'];
  if (isSet(env['LOG_LEVEL'])) overrides.log_level = expectOneOf(env['LOG_LEVEL'], 'LOG_LEVEL', LOG_LEVELS);
  return overrides;
}

function isSet(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

function parsePort(text: string): number {
  const port = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(port <= MAX_PORT)) throw badValue('PORT', `an integer from 0 to ${MAX_PORT}`, text);
  return port;
}
