/**
 * The readiness probe, GET /ready, apart from liveness (GET /heartbeat, the spec's: the process
 * serves; failing, restart it). Readiness says "send me traffic": 503 as soon as a stop begins
 * (fw's drain) or while the store does not answer, so a balancer or Kubernetes takes the
 * instance out, and a store outage never turns into a restart loop.
 *
 * It has a group of its own whose plugin list is empty, so no plugin runs for it whatever
 * fw.config.json lists: a balancer probes from one address every second or so, and counted by
 * rate_limit_plugin its probes shared one bucket and were refused with 429 after 100, taking a
 * healthy instance out. `fw openapi` then lists no plugin status (429) it would never give. Like
 * the heartbeat, it writes no per-request log line (`log: false`).
 */
import { readinessHandler, type JsonSchema, type Lifecycle, type RouteGroup } from 'fw-core';
import type { BlogContext } from '../blog-context.ts';
import { PING_TIMEOUT_MS } from '../store/create-store.ts';

/** What /ready answers: `{"status":"ready"}`, `{"status":"draining"}` or `{"status":"unavailable","failed":["store"]}`. */
const READINESS_BODY: JsonSchema = {
  type: 'object',
  required: ['status'],
  properties: {
    status: { type: 'string', enum: ['ready', 'draining', 'unavailable'] },
    failed: { type: 'array', items: { type: 'string' }, description: 'The checks that failed: "store"' },
  },
};

/** The group of GET /ready, for the listener `lifecycle` belongs to. */
export function readinessGroup(context: BlogContext, lifecycle: Lifecycle): RouteGroup {
  const ready = readinessHandler({
    lifecycle,
    checks: { store: () => context.store.ping() },
    timeoutMs: PING_TIMEOUT_MS,
  });
  const options = {
    methods: ['get'],
    log: false,
    extra: {
      summary: 'Readiness: 200 while the instance takes traffic; 503 while it drains or its store does not answer',
    },
    schema: { response: { 200: READINESS_BODY, 503: READINESS_BODY } },
  } as const;
  return { prefix: '', security: false, plugins: [], routes: [{ path: '/ready', handler: ready, options }] };
}
