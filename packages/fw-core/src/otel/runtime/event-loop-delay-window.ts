/**
 * The event-loop delay statistics of the runtime metrics, from one perf_hooks.monitorEventLoopDelay
 * per setupTelemetry shared by its readers (its timer wakes an idle process every 10 ms). Each read
 * takes the statistics since the previous read by any reader and starts a new window, as
 * instrumentation-runtime-node does; a read with no new sample repeats the last statistics.
 */
import { monitorEventLoopDelay, type ELDHistogram } from 'node:perf_hooks';

/** The monitor's sampling interval, node's default and instrumentation-runtime-node's. */
const RESOLUTION_MS = 10;

/** The statistics of one window, in seconds, and when it began (epoch ms). */
export interface EventLoopDelayStats {
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  readonly stddev: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly sinceMs: number;
}

/** One monitor, read by every reader of a setupTelemetry. */
export class EventLoopDelayWindow {
  readonly #histogram: ELDHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  #since = Date.now();
  #last: EventLoopDelayStats | undefined;

  constructor() {
    // Its timer is unref'd by node: it never keeps the process alive.
    this.#histogram.enable();
  }

  /** The statistics since the last read, then a new window; the last ones when nothing was sampled since; undefined before the first sample. */
  read(): EventLoopDelayStats | undefined {
    const histogram = this.#histogram;
    if (histogram.count === 0) return this.#last;
    const seconds = (ns: number): number => ns / 1e9;
    const now = Date.now();
    this.#last = {
      min: seconds(histogram.min),
      max: seconds(histogram.max),
      mean: seconds(histogram.mean),
      stddev: seconds(histogram.stddev),
      p50: seconds(histogram.percentile(50)),
      p90: seconds(histogram.percentile(90)),
      p99: seconds(histogram.percentile(99)),
      sinceMs: this.#since,
    };
    histogram.reset();
    this.#since = now;
    return this.#last;
  }

  /** Ends the monitor (telemetry's shutdown). */
  stop(): void {
    this.#histogram.disable();
  }
}
