/**
 * The metrics listener (spec: "Metrics endpoint"): its own node:http server, separate from the
 * API's, answering `GET /metrics` with the Prometheus text format. Anything else is 404 (405
 * for another method on /metrics); a failed collection is 500 with no detail.
 */
import { once } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configDefaults, type ListenerTimeouts, nodeServerTimeouts } from '../config/config.ts';
import { MAX_TIMER_MS } from '../config/validate-config.ts';
import { FwError } from '../errors.ts';
import { hostForDisplay } from '../server/bound-address.ts';
import type { EnvConfig } from './env-config.ts';
import { PROMETHEUS_CONTENT_TYPE } from './prometheus-serializer.ts';
import type { TelemetryOptions } from './telemetry.ts';

/** A running metrics listener. */
export interface MetricsListener {
  /** `http://address:port/metrics` with the address and port actually bound (IPv6 in brackets). */
  readonly url: string;
  close(): Promise<void>;
}

/** Listens on the metrics port (0 picks a free one; none without one) and serves `scrape()` at /metrics; call after checkMetricsListenerOptions. */
export async function startMetricsListener(
  options: MetricsListenerOptions,
  config: EnvConfig,
  scrape: () => Promise<string>,
): Promise<MetricsListener | undefined> {
  const port = options.metricsPort;
  if (port === undefined) return undefined;
  // The deployment's variable wins over the code's option, as OTEL_SERVICE_NAME does over serviceName.
  const host = config.prometheusHost ?? options.metricsHost?.trim() ?? DEFAULT_METRICS_HOST;
  const timeouts = timeoutsOf(options.serverConfiguration ?? {});
  // Not an import of node:http: it loads undici, and setupTelemetry imports this file (server/start-server.ts).
  const server = process
    .getBuiltinModule('node:http')
    .createServer(nodeServerTimeouts(timeouts), (req, res) => answer(req, res, scrape));
  server.listen(port, host);
  await once(server, 'listening').catch((error: NodeJS.ErrnoException) => {
    throw new FwError(
      'FW_ERR_OTEL_METRICS_LISTEN',
      `the metrics listener cannot listen on ${hostForDisplay(host)}:${port}: ${error.code ?? error.message}; give setupTelemetry another metricsPort (0 picks a free one) or host (metricsHost, OTEL_EXPORTER_PROMETHEUS_HOST)`,
      { cause: error, details: { host, port } },
    );
  });
  // After start, a listener error (EMFILE on accept) must not crash the service it observes.
  server.on('error', () => {});
  // The address bound, not the one asked for: 0.0.0.0 must show, so the log tells it is open to the network.
  const bound = server.address() as AddressInfo;
  return { url: `http://${hostForDisplay(bound.address)}:${bound.port}/metrics`, close: () => close(server) };
}

function answer(req: IncomingMessage, res: ServerResponse, scrape: () => Promise<string>): void {
  if ((req.url ?? '/').split('?')[0] !== '/metrics') return plain(res, 404, 'not found\n');
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return plain(res, 405, 'method not allowed\n', { allow: 'GET, HEAD' });
  scrape().then(
    (body) => {
      res.writeHead(200, { 'content-type': PROMETHEUS_CONTENT_TYPE, 'content-length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
    () => plain(res, 500, 'metrics collection failed\n'),
  );
}

function plain(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // A scraper keeps its connection alive between scrapes; do not wait for it.
    server.closeAllConnections();
  });
}

/** The bind address without a host setting: loopback only (the OTel SDK spec's `localhost`, IPv4 so it does not depend on name resolution). */
const DEFAULT_METRICS_HOST = '127.0.0.1';

/** The setupTelemetry options read here. */
type MetricsListenerOptions = Pick<TelemetryOptions, 'metricsPort' | 'metricsHost' | 'serverConfiguration'>;

const TIMEOUT_KEYS = ['request_timeout_ms', 'headers_timeout_ms', 'keep_alive_timeout_ms'] as const;

/** Checks the options; throws FW_ERR_OTEL_BAD_OPTION naming the first bad one. */
export function checkMetricsListenerOptions(options: MetricsListenerOptions): void {
  const { metricsPort: port, metricsHost: host, serverConfiguration: server } = options;
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535))
    badOption('metricsPort', port, `${String(port)} is not a port; give an integer from 0 to 65535`);
  if (host !== undefined && (typeof host !== 'string' || host.trim() === ''))
    badOption(
      'metricsHost',
      host,
      `${JSON.stringify(host)} is not a host; give an address such as '127.0.0.1', '::1' or '0.0.0.0'`,
    );
  if (server === undefined) return;
  if (typeof server !== 'object' || server === null)
    badOption(
      'serverConfiguration',
      server,
      'give app.config.fw.server_configuration or an object with its timeout keys',
    );
  for (const key of TIMEOUT_KEYS) checkMilliseconds(`serverConfiguration.${key}`, server[key], 'a timeout');
  const { request_timeout_ms: request, headers_timeout_ms: headers } = timeoutsOf(server);
  // node:http refuses a headers timeout longer than the request timeout (ERR_OUT_OF_RANGE).
  if (headers > request)
    badOption(
      'serverConfiguration.headers_timeout_ms',
      headers,
      `${headers} is longer than request_timeout_ms (${request}); make it at most that`,
    );
}

/** The given timeouts over fw's defaults (config/config.ts), so both listeners agree. */
function timeoutsOf(server: Partial<ListenerTimeouts>): ListenerTimeouts {
  const given = TIMEOUT_KEYS.map((key) => [key, server[key] ?? configDefaults.server_configuration[key]]);
  return Object.fromEntries(given) as ListenerTimeouts;
}

/** Throws FW_ERR_OTEL_BAD_OPTION: setupTelemetry's `option` has `problem`. */
export function badOption(option: string, value: unknown, problem: string): never {
  throw new FwError('FW_ERR_OTEL_BAD_OPTION', `setupTelemetry: ${option} ${problem}`, { details: { option, value } });
}

/** Throws FW_ERR_OTEL_BAD_OPTION unless `value` is undefined or whole milliseconds from `min` to a timer's limit (past it, node fires after 1 ms). */
export function checkMilliseconds(option: string, value: unknown, what: string, min = 1): void {
  const whole = Number.isInteger(value) && (value as number) >= min && (value as number) <= MAX_TIMER_MS;
  if (value !== undefined && !whole)
    badOption(
      option,
      value,
      `${String(value)} is not ${what}; give an integer number of milliseconds from ${min} to ${MAX_TIMER_MS}`,
    );
}
