/**
 * Where and how the metrics listener listens, checked and resolved once at setup. It fails
 * closed: /metrics shows route templates, the resource (SDK and runtime versions) and traffic
 * levels to whoever reaches it, so it binds loopback unless a host is given; and it takes the
 * API listener's timeouts, so a client that trickles a request head cannot hold a connection
 * for node:http's defaults (headers 60 s, checked only every 30 s).
 */
import { configDefaults } from '../config/config.ts';
import { FwError } from '../errors.ts';
import type { EnvConfig } from './env-config.ts';
import type { ListenerTimeouts } from './telemetry.ts';

/** The bind address without a host setting: loopback only (the OTel SDK spec's `localhost`, IPv4 so it does not depend on name resolution). */
export const DEFAULT_METRICS_HOST = '127.0.0.1';


/** The setupTelemetry options read here. */
export interface MetricsListenerOptions {
  readonly metricsPort?: number;
  readonly metricsHost?: string;
  readonly serverConfiguration?: Partial<ListenerTimeouts>;
}

/** A resolved metrics listener. */
export interface MetricsListenerSettings {
  readonly port: number;
  readonly host: string;
  readonly timeouts: ListenerTimeouts;
}

const TIMEOUT_KEYS = ['request_timeout_ms', 'headers_timeout_ms', 'keep_alive_timeout_ms'] as const;

/** The largest delay node's timers take (2^31 - 1 ms); fw's configuration has the same bound. */
const MAX_TIMER_MS = 2_147_483_647;

/** Checks the options; throws FW_ERR_OTEL_BAD_OPTION naming the first bad one. */
export function checkMetricsListenerOptions(options: MetricsListenerOptions): void {
  const { metricsPort: port, metricsHost: host, serverConfiguration: server } = options;
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    bad('metricsPort', port, `${String(port)} is not a port; give an integer from 0 to 65535`);
  }
  if (host !== undefined && (typeof host !== 'string' || host.trim() === '')) {
    bad('metricsHost', host, `${JSON.stringify(host)} is not a host; give an address such as '127.0.0.1', '::1' or '0.0.0.0'`);
  }
  if (server === undefined) return;
  if (typeof server !== 'object' || server === null) bad('serverConfiguration', server, 'give app.config.fw.server_configuration or an object with its timeout keys');
  for (const key of TIMEOUT_KEYS) {
    const value = server[key];
    if (value !== undefined && (!Number.isInteger(value) || value < 1 || value > MAX_TIMER_MS)) {
      bad(`serverConfiguration.${key}`, value, `${String(value)} is not a timeout; give an integer number of milliseconds from 1 to ${MAX_TIMER_MS}`);
    }
  }
  const { request_timeout_ms: request, headers_timeout_ms: headers } = timeoutsOf(server);
  // node:http refuses a headers timeout longer than the request timeout (ERR_OUT_OF_RANGE).
  if (headers > request) bad('serverConfiguration.headers_timeout_ms', headers, `${headers} is longer than request_timeout_ms (${request}); make it at most that`);
}

/** The listener to start, or undefined without a metrics port. Call after checkMetricsListenerOptions. */
export function metricsListenerSettings(options: MetricsListenerOptions, config: EnvConfig): MetricsListenerSettings | undefined {
  if (options.metricsPort === undefined) return undefined;
  // The deployment's variable wins over the code's option, as OTEL_SERVICE_NAME does over serviceName.
  const host = config.prometheusHost ?? options.metricsHost?.trim() ?? DEFAULT_METRICS_HOST;
  return { port: options.metricsPort, host, timeouts: timeoutsOf(options.serverConfiguration ?? {}) };
}

/** The given timeouts over fw's defaults (config/config.ts), so both listeners agree. */
function timeoutsOf(server: Partial<ListenerTimeouts>): ListenerTimeouts {
  const defaults = configDefaults.server_configuration;
  return {
    request_timeout_ms: server.request_timeout_ms ?? defaults.request_timeout_ms,
    headers_timeout_ms: server.headers_timeout_ms ?? defaults.headers_timeout_ms,
    keep_alive_timeout_ms: server.keep_alive_timeout_ms ?? defaults.keep_alive_timeout_ms,
  };
}

function bad(option: string, value: unknown, problem: string): never {
  throw new FwError('FW_ERR_OTEL_BAD_OPTION', `setupTelemetry: ${option} ${problem}`, { details: { option, value } });
}
