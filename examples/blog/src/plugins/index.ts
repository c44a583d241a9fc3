/**
 * The plugins the blog app provides (FwApp.plugins), referred to by name in fw.config.json:
 * the configurable CORS plugin and the rate-limit plugin (docs/plugins.md).
 */
import type { FwPlugin } from 'fw-core';
import { corsPlugin } from './cors/cors-plugin.ts';
import { rateLimitPlugin } from './rate-limit/rate-limit-plugin.ts';

/** `cors_plugin` and `rate_limit_plugin`. */
export const blogPlugins: readonly FwPlugin<any, any>[] = [corsPlugin, rateLimitPlugin];
