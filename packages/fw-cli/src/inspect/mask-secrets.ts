/**
 * What `fw config` and `fw middleware` print goes to terminals and CI logs, so the secrets a
 * configuration holds are masked as `***` unless `--show-secrets` is given (docs/cli.md, "Secrets"):
 * the value of a key naming a secret (token, secret, password, api_key, credentials, ...) unless it
 * is a number, a boolean, null or the empty string, which show whether it is set and hold no secret;
 * and in any string, a URL's password (`postgres://user:***@host/db`), a user without a password
 * (`https://***@github.com/...`, where tokens go) and the value of a query parameter naming a
 * secret (`?password=***`).
 */

/** What a masked value prints as. */
export const MASK = '***';

// Matched in a key lower-cased with '-' and '_' removed: `api_key`, `apiKey` and `API-KEY` alike.
const SECRET_KEY = /token|secret|passw(?:or)?d|passphrase|apikey|credential|privatekey|accesskey|authorization/;
// A URL's scheme and user, then its password up to the authority's last '@'; anywhere in a string.
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/?#:@]*):[^\s/?#]+@/gi;
// A URL whose userinfo is a user alone, which may be a token (`https://<token>@github.com/...`).
const URL_USER = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#:@]+@/gi;
// A query parameter whose name names a secret, and its value.
const QUERY_SECRET = /([?&;][^\s=&#;]*=)([^\s&#;]*)/g;

/** True when an object key names a secret. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key.toLowerCase().replace(/[-_]/g, ''));
}

/** `value` with its secrets masked; `value` itself is not changed. */
export function maskSecrets(value: unknown): unknown {
  if (typeof value === 'string') return maskString(value);
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      isSecretKey(key) && holdsSecret(inner) ? MASK : maskSecrets(inner),
    ]),
  );
}

/** `model` as a command prints it: as it is with `--show-secrets` (`show`), else with its secrets masked. */
export function shownSecrets<T>(model: T, show: boolean): T {
  return show ? model : (maskSecrets(model) as T);
}

function holdsSecret(value: unknown): boolean {
  return value !== null && value !== '' && typeof value !== 'number' && typeof value !== 'boolean';
}

function maskString(text: string): string {
  if (!text.includes('://')) return text;
  return text
    .replace(URL_PASSWORD, `$1:${MASK}@`)
    .replace(URL_USER, `$1${MASK}@`)
    .replace(QUERY_SECRET, (whole, name: string, secret: string) =>
      secret !== '' && isSecretKey(name.slice(1, -1)) ? `${name}${MASK}` : whole,
    );
}
