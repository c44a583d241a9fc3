/**
 * `fw_cors_plugin` (built in, pre_request): cross-origin headers on every response, 204 for OPTIONS preflights. The
 * origin is the option verbatim, never the request's, so no `Vary: Origin` is needed (Fetch §3.2.5).
 */
import { isHeaderName } from '../http/header-fields.ts';
import { reply } from '../http/write-response.ts';
import { checkPluginOptions, type OptionRule } from './check-plugin-options.ts';
import type { FwPlugin, PluginInfo } from './plugin.ts';

/** `fw_cors_plugin`'s options as written in configuration. */
export type CorsPluginOptions = {
  /** Value of `access-control-allow-origin`: `*` or one origin such as `https://app.example`. */
  readonly allow_origins: string;
  /** Response headers a page may read beyond the CORS-safelisted ones (`Location`, `Retry-After`): `access-control-expose-headers`. */
  readonly expose_headers?: readonly string[];
  /** Request headers a page may send (`Authorization`, which `*` never covers: Fetch): `access-control-allow-headers`, else `*`. */
  readonly allow_headers?: readonly string[];
};

/** The header values, joined once at init. */
type CorsHeaders = { readonly expose: string | undefined; readonly allow: string };

const headerNames = {
  expected: 'a list of header names',
  accepts: (value: unknown) =>
    Array.isArray(value) && value.length > 0 && value.every((name) => typeof name === 'string' && isHeaderName(name)),
};

const optionRules: Readonly<Record<keyof CorsPluginOptions, OptionRule>> = {
  allow_origins: {
    expected:
      '"*" or one origin as browsers send it, scheme://host[:port] in lower case (several origins need a plugin of your own: docs/builtin-plugins.md)',
    example: '"https://app.example"',
    required: true,
    // Browsers compare it with their Origin as text: a list, a path or a trailing slash matches none, so it fails at start, not in each browser.
    accepts: (value) =>
      value === '*' ||
      (typeof value === 'string' &&
        /^[a-z][a-z0-9+.-]*:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/.test(value)),
  },
  expose_headers: { ...headerNames, example: '["Location", "Retry-After"]' },
  allow_headers: { ...headerNames, example: '["Authorization", "Content-Type"]' },
};

const info: PluginInfo = {
  title: 'fw cross-origin plugin',
  version: '0.1.0',
  url: 'docs/builtin-plugins.md#fw_cors_plugin',
  description: 'Adds access-control-allow-* headers to every response and answers OPTIONS preflights with 204',
  authors: ['fw contributors'],
  options: [
    ['allow_origins', 'Value of access-control-allow-origin; "*" allows any origin (required)'],
    ['expose_headers', 'Response headers a page may read, as access-control-expose-headers (optional)'],
    ['allow_headers', 'Request headers a page may send, as access-control-allow-headers (optional; default "*")'],
  ],
};

/** The built-in cross-origin plugin; its state, the access-control-expose-headers and -allow-headers values. */
export const fwCorsPlugin: FwPlugin<CorsHeaders, CorsPluginOptions> = {
  name: 'fw_cors_plugin',
  init(options) {
    checkPluginOptions('fw_cors_plugin', options, optionRules);
    return { expose: options.expose_headers?.join(', '), allow: options.allow_headers?.join(', ') ?? '*' };
  },
  pre_request(req, _env, options, state) {
    req.responseHeaders['access-control-allow-origin'] = options.allow_origins;
    req.responseHeaders['access-control-allow-headers'] = state.allow;
    req.responseHeaders['access-control-allow-methods'] = '*';
    if (state.expose !== undefined) req.responseHeaders['access-control-expose-headers'] = state.expose;
    if (req.method !== 'OPTIONS') return ['ok', req, state];
    // Deliberately against RFC 9110 §8.6 (no content-length on a 204): Safari waits for a body on a 204 preflight without it.
    reply(req, 204, { 'content-length': '0' });
    return ['stop', req, state];
  },
  plugin_info: () => info,
};
