/**
 * The four servers the telemetry benches compare (bench/telemetry.bench.ts for CPU time,
 * bench/telemetry-instructions.bench.ts for instructions): fw without telemetry, fw with
 * telemetry on the lean path and on the full SDK path, Fastify with instrumentation-http; the
 * three with telemetry export to `sinkUrl` and see no other OTEL_* variable of the caller.
 */

/** A server to start: its name in reports, its file under bench/, its environment. */
export interface TelemetryServer {
  readonly name: string;
  readonly file: string;
  readonly env: NodeJS.ProcessEnv;
}

export const OFF = 'fw, telemetry off';
export const LEAN = 'fw, telemetry on (lean path)';
export const FULL = 'fw, telemetry on (full SDK path)';
export const FASTIFY = 'fastify + instrumentation-http';

/** The four servers, in report order. */
export function telemetryServers(sinkUrl: string): readonly TelemetryServer[] {
  const otelEnv: NodeJS.ProcessEnv = { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl };
  for (const name of Object.keys(otelEnv)) if (name.startsWith('OTEL_') && name !== 'OTEL_EXPORTER_OTLP_ENDPOINT') delete otelEnv[name];
  return [
    { name: OFF, file: 'servers/fw-server.ts', env: process.env },
    { name: LEAN, file: 'servers/fw-telemetry-server.ts', env: otelEnv },
    { name: FULL, file: 'servers/fw-telemetry-server.ts', env: { ...otelEnv, FW_OTEL_PATH: 'full' } },
    { name: FASTIFY, file: 'servers/fastify-telemetry-server.ts', env: otelEnv },
  ];
}
