/**
 * The metrics listener (spec: "Metrics endpoint"): its own node:http server, separate from the
 * API's, answering `GET /metrics` with the Prometheus text format. Anything else is 404 (405
 * for another method on /metrics); a failed collection is 500 with no detail.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FwError } from '../errors.ts';
import { PROMETHEUS_CONTENT_TYPE } from './prometheus-serializer.ts';

/** A running metrics listener. */
export interface MetricsListener {
  /** `http://host:port/metrics`. */
  readonly url: string;
  close(): Promise<void>;
}

/** Listens on `host:port` (0 picks a free port) and serves `scrape()` at /metrics. */
export async function startMetricsListener(port: number, host: string, scrape: () => Promise<string>): Promise<MetricsListener> {
  const server = createServer((req, res) => answer(req, res, scrape));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(new FwError('FW_ERR_OTEL_METRICS_LISTEN', `the metrics listener cannot listen on ${host}:${port}: ${error.code ?? error.message}; set another port (METRICS_PORT)`, { cause: error, details: { host, port } }));
    });
    server.listen(port, host, () => resolve());
  });
  // After start, a listener error (EMFILE on accept) must not crash the service it observes.
  server.on('error', () => {});
  const bound = (server.address() as AddressInfo).port;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return { url: `http://${shown}:${bound}/metrics`, close: () => close(server) };
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
