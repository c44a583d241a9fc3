/**
 * A metric reader that only collects when asked (a Prometheus scrape, a test). It keeps the
 * SDK's default cumulative temporality, which the text format requires.
 */
import { MetricReader } from '@opentelemetry/sdk-metrics';

/** Collects on demand; nothing to flush or stop. */
export class PullMetricReader extends MetricReader {
  protected override async onShutdown(): Promise<void> {}
  protected override async onForceFlush(): Promise<void> {}
}
