/**
 * The metrics listener (spec: "Metrics endpoint"): its own node:http server, separate from the
 * API's, answering `GET /metrics` with the Prometheus text format. Anything else is 404 (405
 * for another method on /metrics); a failed collection is 500 with no detail.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FwError } from '../errors.ts';
import { hostForDisplay } from '../server/bound-address.ts';
import type { MetricsListenerSettings } from './metrics-listener-settings.ts';
import { PROMETHEUS_CONTENT_TYPE } from './prometheus-serializer.ts';

/** A running metrics listener. */
export interface MetricsListener {
  /** `http://address:port/metrics` with the address and port actually bound (IPv6 in brackets). */
  readonly url: string;
  close(): Promise<void>;
}

/** Listens as `settings` say (port 0 picks a free port) and serves `scrape()` at /metrics. */
export async function startMetricsListener(settings: MetricsListenerSettings, scrape: () => Promise<string>): Promise<MetricsListener> {
  const { port, host, timeouts } = settings;
  const server = createServer(
    {
      requestTimeout: timeouts.request_timeout_ms,
      headersTimeout: timeouts.headers_timeout_ms,
      keepAliveTimeout: timeouts.keep_alive_timeout_ms,
      // node:http enforces the two timeouts above only when this check runs (default every
      // 30 s); the same interval as the API listener's (server/start-server.ts).
      connectionsCheckingInterval: Math.min(1000, timeouts.headers_timeout_ms),
    },
    (req, res) => answer(req, res, scrape),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${hostForDisplay(host)}:${port}`;
      reject(new FwError('FW_ERR_OTEL_METRICS_LISTEN', `the metrics listener cannot listen on ${where}: ${error.code ?? error.message}; set another port (METRICS_PORT) or host (metricsHost, OTEL_EXPORTER_PROMETHEUS_HOST)`, { cause: error, details: { host, port } }));
    });
    server.listen(port, host, () => resolve());
  });
  // After start, a listener error (EMFILE on accept) must not crash the service it observes.
  server.on('error', () => {});
  // The address bound, not the one asked for: `localhost` resolves, and 0.0.0.0 must show as
  // 0.0.0.0 so that whoever reads the log sees the listener is open to the network.
  const bound = server.address() as AddressInfo;
  return { url: `http://${hostForDisplay(bound.address)}:${bound.port}/metrics`, close: () => close(server) };
}

function answer(req: IncomingMessage, res: ServerResponse, scrape: () => Promise<string>): void {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  if ((q === -1 ? url : url.slice(0, q)) !== '/metrics') return plain(res, 404, 'not found\n');
  if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'method not allowed\n', { allow: 'GET, HEAD' });
  scrape().then(
    (body) => {
      res.writeHead(200, { 'content-type': PROMETHEUS_CONTENT_TYPE, 'content-length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
    () => plain(res, 500, 'metrics collection failed\n'),
  );
}

function plain(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // A scraper keeps its connection alive between scrapes; do not wait for it.
    server.closeAllConnections();
  });
}
