/**
 * cors_plugin's options (spec: "Configurable cross-origin plugin"), checked and compiled once in
 * init: the origin set, and the header values every allowed response gets, so a request only
 * looks up its Origin and copies prepared strings.
 */
import { checkPluginOptions, type OptionRule } from 'fw-core';
import { BlogError } from '../../errors.ts';
import { headerList, isHeaderList } from './header-list.ts';

/** cors_plugin's options as written in configuration. */
export interface CorsPluginOptions {
  /** `*`, one origin, or a list of exact origins (`https://app.example`). Default `*`. */
  readonly allow_origins?: string | readonly string[];
  /** Methods for `access-control-allow-methods`, a comma-separated string or a list. */
  readonly allow_methods?: string | readonly string[];
  /** Headers for `access-control-allow-headers`, a comma-separated string or a list. */
  readonly allow_headers?: string | readonly string[];
  /** Seconds for `access-control-max-age`, a number or digits. Default 86400. */
  readonly max_age?: number | string;
  /** Send `access-control-allow-credentials: true`. Default false. */
  readonly allow_credentials?: boolean;
  /** Response headers a page may read beyond the safelisted ones (`Retry-After`, `RateLimit`): `access-control-expose-headers`. Default none. */
  readonly expose_headers?: string | readonly string[];
}

/** What init makes of the options. */
export interface CompiledCors {
  /** True when any origin is allowed (`*`): the headers never depend on the request. */
  readonly anyOrigin: boolean;
  /** The allowed origins when not `anyOrigin`, exactly as browsers serialize them. */
  readonly origins: ReadonlySet<string>;
  /** Headers for an allowed request, `access-control-allow-origin` included only for `*`. */
  readonly headers: Readonly<Record<string, string>>;
}

/** The spec's defaults. */
const CORS_DEFAULTS = {
  allow_origins: '*',
  allow_methods: 'GET, POST, PUT, DELETE, OPTIONS',
  allow_headers: 'Content-Type, Authorization',
  max_age: '86400',
  allow_credentials: false,
} as const;

const PLUGIN = 'cors_plugin';

const rules: Readonly<Record<keyof CorsPluginOptions, OptionRule>> = {
  allow_origins: {
    expected: '"*", an origin, or a list of origins',
    example: '["https://app.example", "https://admin.example"]',
    accepts: (v) =>
      typeof v === 'string' || (Array.isArray(v) && v.length > 0 && v.every((o) => typeof o === 'string')),
  },
  allow_methods: {
    expected: 'a comma-separated string or a list of method names',
    example: '"GET, POST"',
    accepts: isHeaderList,
  },
  allow_headers: {
    expected: 'a comma-separated string or a list of header names',
    example: '"Content-Type, Authorization"',
    accepts: isHeaderList,
  },
  max_age: {
    expected: 'a whole number of seconds, 0 or more',
    example: '7200',
    accepts: (v) => (Number.isSafeInteger(v) && (v as number) >= 0) || (typeof v === 'string' && /^\d{1,10}$/.test(v)),
  },
  allow_credentials: { expected: 'true or false', example: 'true', accepts: (v) => typeof v === 'boolean' },
  expose_headers: {
    expected: 'a comma-separated string or a list of header names',
    example: '["Retry-After", "RateLimit", "RateLimit-Policy"]',
    accepts: isHeaderList,
  },
};

/** Checks `options` and compiles them; throws FW_ERR_PLUGIN_BAD_OPTIONS or a BlogError naming the option. */
export function compileCorsOptions(options: CorsPluginOptions | undefined): CompiledCors {
  checkPluginOptions(PLUGIN, options, rules);
  const given = {
    allow_origins: options?.allow_origins ?? CORS_DEFAULTS.allow_origins,
    allow_methods: options?.allow_methods ?? CORS_DEFAULTS.allow_methods,
    allow_headers: options?.allow_headers ?? CORS_DEFAULTS.allow_headers,
    max_age: options?.max_age ?? CORS_DEFAULTS.max_age,
    allow_credentials: options?.allow_credentials ?? CORS_DEFAULTS.allow_credentials,
  };
  const origins = typeof given.allow_origins === 'string' ? [given.allow_origins] : given.allow_origins;
  const anyOrigin = origins.length === 1 && origins[0] === '*';
  const methods = headerList(PLUGIN, 'allow_methods', given.allow_methods);
  const allowHeaders = headerList(PLUGIN, 'allow_headers', given.allow_headers);
  const expose = headerList(PLUGIN, 'expose_headers', options?.expose_headers ?? []);
  if (given.allow_credentials) refuseWildcards(anyOrigin, methods, allowHeaders, expose);
  // `*` never covers Authorization (Fetch §3.2.5): a page's `Authorization: Bearer` would fail its preflight.
  if (allowHeaders.includes('*') && !allowHeaders.some((name) => name.toLowerCase() === 'authorization'))
    allowHeaders.push('Authorization');
  const headers: Record<string, string> = {};
  if (anyOrigin) headers['access-control-allow-origin'] = '*';
  if (given.allow_credentials) headers['access-control-allow-credentials'] = 'true';
  if (methods.length > 0) headers['access-control-allow-methods'] = methods.join(', ');
  if (allowHeaders.length > 0) headers['access-control-allow-headers'] = allowHeaders.join(', ');
  if (expose.length > 0) headers['access-control-expose-headers'] = expose.join(', ');
  headers['access-control-max-age'] = String(Number(given.max_age));
  return { anyOrigin, origins: new Set(anyOrigin ? [] : origins.map(checkOrigin)), headers };
}

/** With credentials, browsers read `*` as a literal (Fetch §3.2.5): refuse it at start. */
function refuseWildcards(
  anyOrigin: boolean,
  methods: readonly string[],
  allowHeaders: readonly string[],
  expose: readonly string[],
): void {
  const where = anyOrigin
    ? 'allow_origins'
    : methods.includes('*')
      ? 'allow_methods'
      : allowHeaders.includes('*')
        ? 'allow_headers'
        : expose.includes('*')
          ? 'expose_headers'
          : undefined;
  if (where === undefined) return;
  throw new BlogError(
    'BLOG_ERR_CORS_CREDENTIALS_WILDCARD',
    `${PLUGIN}: allow_credentials is true but ${where} is "*"; browsers refuse "*" on credentialed requests, so list the exact ${where === 'allow_origins' ? 'origins, e.g. ["https://app.example"]' : 'names'} or set allow_credentials to false`,
  );
}

/** An origin as browsers send it in `Origin`: `scheme://host[:port]`, lowercase, no default port. */
function checkOrigin(origin: string): string {
  let canonical: string | undefined;
  try {
    canonical = new URL(origin).origin;
  } catch {
    canonical = undefined;
  }
  if (canonical === origin) return origin;
  const fix =
    canonical !== undefined && canonical !== 'null'
      ? `write it as "${canonical}"`
      : 'write scheme://host[:port], e.g. "https://app.example"';
  throw new BlogError(
    'BLOG_ERR_PLUGIN_OPTION',
    `${PLUGIN} option allow_origins: ${JSON.stringify(origin)} is not an origin${origin === '*' ? ' ("*" must stand alone)' : ''}; ${fix}`,
  );
}
