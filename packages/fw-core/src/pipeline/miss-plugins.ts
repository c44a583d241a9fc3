/**
 * Which plugins a router miss runs (docs/pipeline.md, "Router misses"). A 404 or 405 from the
 * router has no route, so no group of its own: it runs the pre_request plugins of the group
 * whose host and prefix match the request best, else the global list, as Fastify runs its
 * onRequest hooks before its not-found handler. So CORS headers land on the answer and a rate
 * limiter counts it. Built once at start; looked up on misses only.
 */
import type { CompiledGroup, CompiledRoutes } from '../app/compile-routes.ts';
import type { PluginStep } from '../plugins/plugin-registry.ts';
import { ANY_HOST, requestHostKey, wildcardSuffix } from '../router/radix-router.ts';

/** One group as a miss candidate, with its lane. */
interface Candidate<Lane> {
  readonly host: string;
  readonly suffix: string | undefined;
  readonly prefix: string;
  readonly lane: Lane;
}

/**
 * The lookup of `routes`, returning the lane `laneOf` made of the winner's pre_request steps (the
 * global list's when no group matches): groups are tried in the router's host precedence (an
 * exact host, then `*.suffix` hosts, longest suffix first, then any host), and within a host by
 * longest prefix, then definition order; the first whose host and prefix match wins.
 */
export function compileMissLanes<Lane>(routes: CompiledRoutes, laneOf: (steps: readonly PluginStep[]) => Lane): (host: string | undefined, path: string) => Lane {
  const candidates = [...routes.groups].sort(byPrecedence).map((group): Candidate<Lane> => {
    return { host: group.host, suffix: wildcardSuffix(group.host), prefix: group.prefix, lane: laneOf(routedOnlyRemoved(group.plugins.pre)) };
  });
  const global = laneOf(routedOnlyRemoved(routes.global.pre));
  return (host, path) => {
    const key = host === undefined ? undefined : requestHostKey(host);
    for (const candidate of candidates) {
      if (hostMatches(candidate, key) && prefixMatches(candidate.prefix, path)) return candidate.lane;
    }
    return global;
  };
}

function routedOnlyRemoved(steps: readonly PluginStep[]): readonly PluginStep[] {
  return steps.filter((step) => step.instance.plugin.matchedRoutesOnly !== true);
}

function hostRank(host: string): number {
  if (host === ANY_HOST) return 2;
  return wildcardSuffix(host) === undefined ? 0 : 1;
}

function byPrecedence(a: CompiledGroup, b: CompiledGroup): number {
  return hostRank(a.host) - hostRank(b.host) || b.host.length - a.host.length || b.prefix.length - a.prefix.length || a.index - b.index;
}

function hostMatches(candidate: Candidate<unknown>, key: string | undefined): boolean {
  if (candidate.host === ANY_HOST) return true;
  if (key === undefined) return false;
  if (candidate.suffix === undefined) return key === candidate.host;
  return key.length > candidate.suffix.length && key.endsWith(candidate.suffix);
}

/** `''` matches every path; `/api` matches `/api` and `/api/...`, not `/apix`. */
function prefixMatches(prefix: string, path: string): boolean {
  if (prefix === '') return true;
  return path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 47 /* '/' */);
}
