/**
 * rate_limit_plugin's `exempt_paths` option: route paths the limiter never counts, such as the
 * liveness probe, which must answer while the store is down (`on_store_error: "deny"` would
 * otherwise turn a Redis outage into a restart loop). Entries are matched against the matched
 * route's template (`req.route.template`, prefix included), compiled once into a Set, so a
 * request costs one lookup and a client cannot dodge the limit by spelling a path differently.
 */
import { BlogError } from '../../errors.ts';

// What a route template can look like: absolute, no query or fragment, no empty segment, no
// trailing slash (fw's group prefixes and route paths never produce one), no spaces.
const ROUTE_TEMPLATE = /^\/(?:[^/?#\s]+(?:\/[^/?#\s]+)*)?$/;

/** The set of `entries`; throws BLOG_ERR_PLUGIN_OPTION for one that cannot be a route template. */
export function compileExemptPaths(entries: readonly string[]): ReadonlySet<string> {
  for (const entry of entries) {
    if (!ROUTE_TEMPLATE.test(entry)) {
      throw new BlogError(
        'BLOG_ERR_PLUGIN_OPTION',
        `rate_limit_plugin option exempt_paths: ${JSON.stringify(entry)} is not a route path; write each path as the router registers it, group prefix included, e.g. ["/heartbeat", "/api/posts/:id"]`,
      );
    }
  }
  return new Set(entries);
}
