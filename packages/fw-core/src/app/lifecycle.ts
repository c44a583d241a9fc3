/**
 * The draining state of one fw listener, shared with the app (RoutesContext, AppContext) so a
 * readiness route can fail as soon as a stop begins, while the server still answers everything
 * else: a balancer then takes the instance out before it stops listening (docs/pipeline.md,
 * "Shutdown").
 */

/** What an app sees of its listener's life: `draining` turns true when a stop begins and never back. */
export interface Lifecycle {
  readonly draining: boolean;
}

/** The listener's own, writable view of its Lifecycle. */
export interface ListenerLifecycle extends Lifecycle {
  draining: boolean;
}

/** A new Lifecycle, not draining. */
export function createLifecycle(): ListenerLifecycle {
  return { draining: false };
}
