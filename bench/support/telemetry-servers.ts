/**
 * The four servers the telemetry benches compare (bench/telemetry.bench.ts for CPU time,
 * bench/telemetry-instructions.bench.ts for instructions): fw without telemetry, fw with
 * telemetry on the lean path and on the full SDK path, Fastify with instrumentation-http; the
 * three with telemetry export to `<sinkUrl>/<key>` (so the sink counts each one's spans apart:
 * otlp-sink.ts) and see no other OTEL_* variable of the caller.
 */

/** A server to start: its name in reports, its key at the sink, its file under bench/, its environment. */
export interface TelemetryServer {
  readonly name: string;
  /** The sink counts this server's exports under `byKey[key]`. */
  readonly key: string;
  /** Whether it exports spans (one SERVER span per request). */
  readonly traced: boolean;
  readonly file: string;
  readonly env: NodeJS.ProcessEnv;
}

export const OFF = 'fw, telemetry off';
export const LEAN = 'fw, telemetry on (lean path)';
export const FULL = 'fw, telemetry on (full SDK path)';
export const FASTIFY = 'fastify + instrumentation-http';

/** The four servers, in report order; `otel` adds OTEL_* variables for the three with telemetry (e.g. OTEL_EXPORTER_OTLP_PROTOCOL). */
export function telemetryServers(sinkUrl: string, otel: Readonly<Record<string, string>> = {}): readonly TelemetryServer[] {
  const otelEnv = (key: string): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: `${sinkUrl}/${key}` };
    for (const name of Object.keys(env)) if (name.startsWith('OTEL_') && name !== 'OTEL_EXPORTER_OTLP_ENDPOINT') delete env[name];
    return { ...env, ...otel };
  };
  return [
    { name: OFF, key: 'off', traced: false, file: 'servers/fw-server.ts', env: process.env },
    { name: LEAN, key: 'lean', traced: true, file: 'servers/fw-telemetry-server.ts', env: otelEnv('lean') },
    { name: FULL, key: 'full', traced: true, file: 'servers/fw-telemetry-server.ts', env: { ...otelEnv('full'), FW_OTEL_PATH: 'full' } },
    { name: FASTIFY, key: 'fastify', traced: true, file: 'servers/fastify-telemetry-server.ts', env: otelEnv('fastify') },
  ];
}
