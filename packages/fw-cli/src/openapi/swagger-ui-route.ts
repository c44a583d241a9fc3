/**
 * Swagger UI served by the running app (fw-cli/swagger-ui; issue 38, item 12), as
 * @fastify/swagger-ui and @hono/swagger-ui serve it, beside the files `fw openapi` writes. One
 * route, `<prefix>/[...]`, that an app lists in a group: `<prefix>` redirects to `<prefix>/`,
 * which answers the page `fw openapi --offline` writes; `openapi.json` is the document
 * `fw openapi` writes, byte for byte (below a mount path, its servers under it: mounted-document.ts),
 * built on its first request and kept; the two Swagger UI
 * assets come from fw-cli's vendored copy. Nothing is loaded from the network.
 *
 * The document needs the app compiled, which the route is part of, so the first request loads
 * the app again as `fw openapi` does (loadApplication, starting nothing) with the configuration
 * and env its routes() was given. `extra.hide` keeps the route itself out of the document.
 */
import { createHash } from 'node:crypto';
import { basename, dirname, isAbsolute, join } from 'node:path';
import {
  httpError,
  mountPath,
  redirect,
  sendFile,
  status,
  type FwApp,
  type FwRequest,
  type FwResponse,
  type HandlerRoute,
  type RoutesContext,
} from 'fw-core';
import { loadApplication } from 'fw-core/inspect';
import { DEFAULT_API_VERSION } from '../cli/command-context.ts';
import { CliError } from '../errors.ts';
import { SWAGGER_VENDOR_DIR } from './swagger-assets.ts';
import { swaggerPage } from './swagger-page.ts';
import { SWAGGER_UI_INTEGRITY } from './swagger-ui-release.ts';

/** Options of swaggerUi. */
export interface SwaggerUiOptions {
  /** What the router module's `routes()` received: the document is built with its configuration and env. */
  readonly context: RoutesContext;
  /** Where the UI answers, below the group's prefix; default `/docs` (the page is `/docs/`). */
  readonly prefix?: string;
  /** `info.title` and the page's title; default the application name, as `fw openapi --title`. */
  readonly title?: string;
  /** `info.version`; default `0.1.0`, as `fw openapi --api-version`. */
  readonly version?: string;
  /** The app, when fw was given it in code and package.json names no app module; default the module package.json names. */
  readonly app?: () => FwApp;
  /** The app directory (package.json, priv/schemas); default the directory of fw.config.json, else the current one. */
  readonly appDir?: string;
}

// Plain segments only: no binding, wildcard, empty segment or trailing slash.
const PREFIX = /^(\/[A-Za-z0-9._~-]+)+$/;
const PREFIX_RULE = 'a path like /docs (segments of letters, digits, . _ ~ -; no trailing slash)';
const CONTEXT_RULE = 'what routes() received: routes: (environment, context) => [..., swaggerUi({ context })]';
// The asset names are not versioned, so a day, then revalidation (sendFile's ETag) after an upgrade.
const ASSET_CACHE_CONTROL = 'public, max-age=86400';

/** The route serving Swagger UI at `prefix` (default `/docs`) below its group's prefix. */
export function swaggerUi(options: SwaggerUiOptions): HandlerRoute {
  if (typeof options?.context?.config?.fw !== 'object') throw badOption('context', CONTEXT_RULE, options?.context);
  const prefix = options.prefix ?? '/docs';
  if (typeof prefix !== 'string' || !PREFIX.test(prefix)) throw badOption('prefix', PREFIX_RULE, prefix);
  const title = text(options.title ?? options.context.config.fw.bootstrap_application, 'title');
  const version = text(options.version ?? DEFAULT_API_VERSION, 'version');
  const page = cachedText('text/html; charset=utf-8', swaggerPage({ specUrl: 'openapi.json', title, offline: true }));
  // Relative, so the redirect holds wherever the app is mounted (RFC 9110 section 10.2.2).
  const withSlash = `./${basename(prefix)}/`;
  let spec: Promise<(mount: string) => string> | undefined;
  // The text for the last mount path asked for (one, unless the app is mounted twice): made once, not per request.
  let served: { mount: string; text: CachedText } | undefined;
  const documentFor = async (req: FwRequest): Promise<CachedText> => {
    const textAt = await (spec ??= documentOf(options, title, version));
    const mount = mountPath(req);
    if (served?.mount !== mount) served = { mount, text: cachedText('application/json; charset=utf-8', textAt(mount)) };
    return served.text;
  };
  const handler = async (req: FwRequest): Promise<FwResponse> => {
    const [name, ...below] = req.pathinfo ?? [];
    if (name === undefined) return redirect(withSlash, 301);
    if (below.length > 0) throw httpError(404, 'not found');
    if (name === '') return page(req);
    if (name === 'openapi.json') return (await documentFor(req))(req);
    if (Object.hasOwn(SWAGGER_UI_INTEGRITY, name))
      return sendFile(join(SWAGGER_VENDOR_DIR, name), { 'cache-control': ASSET_CACHE_CONTROL });
    throw httpError(404, 'not found');
  };
  return { path: `${prefix}/[...]`, handler, options: { methods: ['get'], extra: { hide: true } } };
}

/** An answer computed once, revalidated by the browser on each use (`no-cache` and an ETag). */
type CachedText = (req: FwRequest) => FwResponse;

function cachedText(contentType: string, body: string): CachedText {
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  const validators = { 'cache-control': 'no-cache', etag };
  const headers = { 'content-type': contentType, ...validators };
  return (req) =>
    matchesEtag(req.headers['if-none-match'], etag) ? status(304, validators) : status(200, headers, body);
}

// If-None-Match compares weakly: `W/"x"` matches `"x"`, `*` matches any (RFC 9110 section 13.1.2).
function matchesEtag(header: string | undefined, etag: string): boolean {
  return header !== undefined && header.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));
}

/** The app's document, from the app loaded again as `fw openapi` loads it, as its text below a mount path. */
async function documentOf(
  options: SwaggerUiOptions,
  title: string,
  version: string,
): Promise<(mount: string) => string> {
  const { config, env } = options.context;
  const appDir = options.appDir ?? configDir(options.context);
  const loaded = await loadApplication({ appDir, app: options.app?.(), env, config: config.fw, appConfig: config.app });
  // The document builder and its validator load on the first request for the document, not with the app.
  const [{ appDocument, documentText }, { mountedDocument }] = await Promise.all([
    import('./app-document.ts'),
    import('./mounted-document.ts'),
  ]);
  const { document } = await appDocument({ loaded, title, version });
  return (mount) => documentText(mountedDocument(document, mount));
}

// fw.config.json is read from the app directory unless FW_CONFIG names another file or the configuration is in code.
function configDir({ config, env }: RoutesContext): string {
  return isAbsolute(config.file) && !env.FW_CONFIG ? dirname(config.file) : process.cwd();
}

function text(value: unknown, key: string): string {
  if (typeof value === 'string' && value.trim() !== '') return value;
  throw badOption(key, 'a non-empty string', value);
}

function badOption(key: string, expected: string, found: unknown): CliError {
  return new CliError(
    'FW_CLI_ERR_SWAGGER_UI_BAD_OPTIONS',
    `swaggerUi's ${key} must be ${expected}; found ${JSON.stringify(found)}`,
  );
}
