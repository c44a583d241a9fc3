/** The `fw` section: fw's own keys (service-spec.md, "Global configuration keys"). */
import { LOG_LEVELS } from '../log/logger.ts';
import type { ConfigKey } from './config.ts';
import { badValue } from './config-errors.ts';
import { CONFIG_KEYS } from './defaults.ts';
import type { FwSection } from './fw-section.ts';
import { childPath } from './key-path.ts';
import { validatePluginEntries } from './validate-plugin-entries.ts';
import { validateServerConfiguration } from './validate-server-configuration.ts';
import { expectBoolean, expectNonEmptyString, expectObject, expectOneOf, rejectUnknownKeys } from './value-checks.ts';

// An application name is an Erlang-style atom: it names the app's own section and its module.
const APPLICATION_NAME = /^[a-z][a-z0-9_]*$/;

// persistent_term is the only backend: the route table is compiled once into an immutable tree.
const DISPATCH_BACKENDS = ['persistent_term'] as const;

type KeyCheck = (value: unknown, key: string) => unknown;

const keyChecks: Record<ConfigKey, KeyCheck> = {
  bootstrap_application: expectApplicationName,
  environment: expectNonEmptyString,
  server_configuration: validateServerConfiguration,
  plugins: validatePluginEntries,
  json_lib: expectNonEmptyString,
  use_stacktrace: expectBoolean,
  dispatch_backend: (value, key) => expectOneOf(value, key, DISPATCH_BACKENDS),
  log_level: (value, key) => expectOneOf(value, key, LOG_LEVELS),
};

/** Checks an `fw` section found at `key` (`fw` or `environments.<env>.fw`); every key is optional. */
export function validateFwSection(value: unknown, key: string): FwSection {
  const section = expectObject(value, key);
  rejectUnknownKeys(section, key, CONFIG_KEYS);
  for (const name of CONFIG_KEYS) {
    if (section[name] !== undefined) keyChecks[name](section[name], childPath(key, name));
  }
  return section as FwSection;
}

function expectApplicationName(value: unknown, key: string): string {
  if (typeof value !== 'string' || !APPLICATION_NAME.test(value)) {
    throw badValue(key, 'an application name: a-z first, then a-z, 0-9 or _ (e.g. "blog")', value);
  }
  return value;
}
