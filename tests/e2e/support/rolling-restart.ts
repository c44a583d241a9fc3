/**
 * A rolling restart as an operator runs one (docs/operations.md, "Rolling restart"): one
 * instance at a time, SIGTERM, wait for its exit, start it again, and wait until the load
 * balancer sends it traffic again before touching the next one. How the balancer is asked
 * differs (HAProxy's stats socket, nginx's first request to the instance), so the caller
 * passes it in. Every step is put on a timeline, to explain a failed request by what the
 * deployment was doing at that moment.
 */
import type { BlogInstance } from './blog-instances.ts';

/** What happened when, relative to the start of the restarts. */
export interface TimelineEvent {
  /** Date.now() of the event. */
  readonly at: number;
  readonly instance: string;
  readonly what: string;
}

/** One instance's restart. */
export interface RestartRecord {
  readonly instance: string;
  readonly round: number;
  /** The stopped process's exit code (0 when its graceful stop went well). */
  readonly exitCode: number | null;
  /** ms from SIGTERM to the exit. */
  readonly stopMs: number;
  /** What the balancer reported while the instance stopped (e.g. that it took it out first). */
  readonly balancerNote: string | undefined;
}

/** How the deployment's balancer is asked about an instance. */
export interface BalancerProbe {
  /** Called right before SIGTERM; the returned function is called after the exit and says what the balancer did meanwhile. */
  watchStop?(instance: string): () => Promise<string>;
  /** Resolves once the balancer sends the restarted instance traffic again (bounded: rejects with why not). */
  waitUntilServing(instance: string, restarted: BlogInstance): Promise<void>;
}

/** Restarts each instance in turn, `rounds` times over. */
export async function rollingRestart(instances: ReadonlyMap<string, BlogInstance>, rounds: number, balancer: BalancerProbe): Promise<{ restarts: RestartRecord[]; timeline: TimelineEvent[] }> {
  const restarts: RestartRecord[] = [];
  const timeline: TimelineEvent[] = [];
  const note = (instance: string, what: string): void => void timeline.push({ at: Date.now(), instance, what });
  for (let round = 1; round <= rounds; round += 1) {
    for (const [name, instance] of instances) {
      const watched = balancer.watchStop?.(name);
      note(name, 'SIGTERM');
      const stopped = await instance.stop();
      note(name, `exited ${stopped.exitCode}`);
      const balancerNote = watched === undefined ? undefined : await watched();
      await instance.start();
      note(name, 'listening');
      await balancer.waitUntilServing(name, instance);
      note(name, 'serving through the balancer');
      restarts.push({ instance: name, round, exitCode: stopped.exitCode, stopMs: stopped.ms, balancerNote });
    }
  }
  return { restarts, timeline };
}

/** The timeline as lines `+<ms> <instance> <what>`, relative to `start`. */
export function describeTimeline(timeline: readonly TimelineEvent[], start: number): string {
  return timeline.map((event) => `+${event.at - start} ms ${event.instance} ${event.what}`).join('\n');
}
