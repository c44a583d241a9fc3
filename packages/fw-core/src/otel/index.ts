/**
 * fw-core/otel: fw's telemetry entry point (spec: Events). Needs the OpenTelemetry packages
 * listed as optional peer dependencies of fw-core; fw-core's main entry never imports them.
 * This file only re-exports; see docs/telemetry.md.
 */
export { setupTelemetry } from './setup-telemetry.ts';
export type { Telemetry, TelemetryOptions } from './telemetry.ts';
export { otelStreamHandler } from './otel-stream-handler.ts';
export { otelFwPlugin } from './otel-fw-plugin.ts';
