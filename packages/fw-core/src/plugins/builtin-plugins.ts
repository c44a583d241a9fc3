/**
 * The plugins fw ships, by the names configuration uses.
 */
import { fwCorsPlugin } from './cors-plugin.ts';
import type { FwPlugin } from './plugin.ts';
import { fwRequestPlugin } from './request-plugin.ts';

/** `fw_request_plugin` and `fw_cors_plugin`. */
export const builtinPlugins: readonly FwPlugin<any, any>[] = [fwRequestPlugin, fwCorsPlugin];
