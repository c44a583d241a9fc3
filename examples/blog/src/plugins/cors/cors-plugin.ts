/**
 * cors_plugin (pre_request; spec: "Configurable cross-origin plugin"): the spec's options and
 * headers, plus what production CORS needs (WHATWG Fetch §3.2): a list of exact origins, echoed
 * only when the request's Origin is in it, with `Vary: Origin` on every response because the
 * answer depends on that header; no CORS headers for other origins. A preflight (OPTIONS with
 * Origin and Access-Control-Request-Method) is answered 204 with `content-length: 0` and stops,
 * also on routes that declare no OPTIONS method; any other request continues with the headers.
 */
import { reply, type FwPlugin, type FwRequest, type PluginEnv, type PluginInfo, type PluginResult } from 'fw-core';
import { compileCorsOptions, type CompiledCors, type CorsPluginOptions } from './cors-options.ts';

const info: PluginInfo = {
  title: 'blog configurable cross-origin plugin',
  version: '0.1.0',
  url: 'docs/plugins.md#cors_plugin',
  description:
    'Adds access-control-* headers for allowed origins (any, or an exact list with Vary: Origin) and answers preflights with 204',
  authors: ['fw contributors'],
  options: [
    ['allow_origins', '"*" (default), one origin, or a list of exact origins echoed back when they match'],
    ['allow_methods', 'access-control-allow-methods (default "GET, POST, PUT, DELETE, OPTIONS")'],
    ['allow_headers', 'access-control-allow-headers (default "Content-Type, Authorization")'],
    ['max_age', 'access-control-max-age in seconds (default 86400)'],
    ['allow_credentials', 'send access-control-allow-credentials: true (default false; not with "*")'],
    ['expose_headers', 'access-control-expose-headers, e.g. "Retry-After, RateLimit, RateLimit-Policy" (default none)'],
  ],
};

/** The configurable cross-origin plugin; its state is the compiled options. */
export const corsPlugin: FwPlugin<CompiledCors, CorsPluginOptions> = {
  name: 'cors_plugin',
  init: compileCorsOptions,
  pre_request: applyCors,
  plugin_info: () => info,
};

function applyCors(
  req: FwRequest,
  _env: PluginEnv,
  _options: CorsPluginOptions,
  cors: CompiledCors,
): PluginResult<CompiledCors> {
  const out = req.responseHeaders;
  const origin = req.headers.origin;
  let allowed = cors.anyOrigin;
  if (!allowed) {
    const vary = out['vary'];
    out['vary'] = vary === undefined ? 'Origin' : `${String(vary)}, Origin`;
    allowed = origin !== undefined && cors.origins.has(origin);
    if (allowed) out['access-control-allow-origin'] = origin as string;
  }
  if (allowed) {
    const headers = cors.headers;
    for (const name in headers) out[name] = headers[name] as string;
  }
  if (req.method !== 'OPTIONS' || origin === undefined || req.headers['access-control-request-method'] === undefined) {
    return ['ok', req, cors];
  }
  // Safari waits for a body on a 204 preflight without an explicit zero length.
  reply(req, 204, { 'content-length': '0' });
  return ['stop', req, cors];
}
