/**
 * fw-core/otel, fw's telemetry entry (spec: Events; docs/telemetry.md): needs the OpenTelemetry
 * packages that are fw-core's optional peer dependencies, which its main entry never imports.
 */
export { setupTelemetry, telemetryEnvWarnings, withTelemetry } from './setup-telemetry.ts';
export type { Telemetry, TelemetryOptions } from './telemetry.ts';
export { otelStreamHandler } from './otel-stream-handler.ts';
export { otelFwPlugin } from './server-telemetry.ts';
