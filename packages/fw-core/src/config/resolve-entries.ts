/** One environment's effective value of every key, with where it came from. */
import type { ConfigEntry, ConfigKey, ServerConfiguration } from './config.ts';
import { CONFIG_KEYS, configDefaults, REQUIRED_CONFIG_KEYS } from './defaults.ts';
import type { FwSection } from './fw-section.ts';
import type { EnvOverrides } from './read-env-overrides.ts';
import { checkServerConfigurationConsistency } from './validate-server-configuration.ts';

/** The environment in use and whether it is the built-in default. */
export interface SelectedEnvironment {
  readonly name: string;
  readonly isDefault: boolean;
}

type Resolved = readonly [value: unknown, isDefault: boolean];

/** The entries, in print order, for `fw` (base and overlay already merged) and the env-var overrides. */
export function resolveEntries(
  fw: FwSection,
  environment: SelectedEnvironment,
  overrides: EnvOverrides,
): ConfigEntry[] {
  const resolved: Record<ConfigKey, Resolved> = {
    bootstrap_application: [fw.bootstrap_application, false],
    environment: [environment.name, environment.isDefault],
    server_configuration: resolveServer(fw, overrides, environment.name),
    plugins: fileOrDefault(fw, 'plugins'),
    json_lib: fileOrDefault(fw, 'json_lib'),
    use_stacktrace: fileOrDefault(fw, 'use_stacktrace'),
    dispatch_backend: fileOrDefault(fw, 'dispatch_backend'),
    log_level: overrides.log_level === undefined ? fileOrDefault(fw, 'log_level') : [overrides.log_level, false],
  };
  return CONFIG_KEYS.map((key) => {
    const [value, isDefault] = resolved[key];
    return { key, value, isDefault, missing: value === undefined && key in REQUIRED_CONFIG_KEYS };
  });
}

function fileOrDefault(fw: FwSection, key: keyof typeof configDefaults): Resolved {
  const written = fw[key];
  return written === undefined ? [configDefaults[key], true] : [written, false];
}

// The value is always the full map: defaults, then the file's fields, then PORT and HOST.
function resolveServer(fw: FwSection, overrides: EnvOverrides, environment: string): Resolved {
  const written = fw.server_configuration ?? {};
  const server: ServerConfiguration = {
    ...configDefaults.server_configuration,
    ...written,
    ...(overrides.port === undefined ? {} : { port: overrides.port }),
    ...(overrides.host === undefined ? {} : { host: overrides.host }),
  };
  checkServerConfigurationConsistency(server, environment);
  const overridden = overrides.port !== undefined || overrides.host !== undefined;
  return [server, Object.keys(written).length === 0 && !overridden];
}
