/**
 * Three HTTP servers that record every request they run and echo it: fw (a catch-all route), node:http (what fw runs
 * on) and Fastify 5, for tests that send the same bytes to each, directly or through a balancer, and compare what each
 * server took for a request. Each answer is JSON `{"seq":"<server>-<n>","url":...}`: `seq` names the request in the
 * record, so a test can tell which connection read the answer to which request. A target ending in `?close` is answered
 * with `Connection: close`, which ends that backend connection. fw also answers `?to=<percent-encoded>` with a
 * redirect to the decoded text, as an app that redirects to what the client sent, and trusts a client's `x-request-id`.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { readBody } from '../../../packages/fw-core/src/http/read-body.ts';
import { json, redirect } from '../../../packages/fw-core/src/http/response.ts';
import { startTestApp } from '../../../packages/fw-core/test/support/test-app.ts';

/** One request a server ran, as it saw it. */
export interface SeenRequest {
  /** `<server>-<n>`, also in its answer. */
  readonly seq: string;
  readonly method: string;
  /** The request target as the server read it (fw: path and query). */
  readonly url: string;
  /** The header lines as received, `name: value`. */
  readonly headers: readonly string[];
  /** The body, latin1. */
  readonly body: string;
  /** The port the request's connection came from: which backend connection carried it. */
  readonly connection: number;
}

/** A running recording server. */
export interface RecordingBackend {
  readonly name: BackendName;
  readonly port: number;
  /** Every request run, in the order the handler ran them (balancers' health checks included). */
  readonly seen: SeenRequest[];
  /** Closes every connection with no request in progress (a balancer's idle ones). */
  closeIdle(): void;
  stop(): Promise<void>;
}

export type BackendName = 'fw' | 'node:http' | 'Fastify';

const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options'] as const;
const MAX_BODY = 1 << 20;

/** The record of `raw`, numbered in `seen`, with `body`. */
function record(name: BackendName, seen: SeenRequest[], raw: IncomingMessage, url: string, body: Buffer): SeenRequest {
  const headers: string[] = [];
  for (let at = 0; at < raw.rawHeaders.length; at += 2) headers.push(`${raw.rawHeaders[at]}: ${raw.rawHeaders[at + 1]}`);
  const request = { seq: `${name}-${seen.length + 1}`, method: raw.method ?? '', url, headers, body: body.toString('latin1'), connection: raw.socket.remotePort ?? 0 };
  seen.push(request);
  return request;
}

/** fw on 127.0.0.1:0, every path and method routed to one recording handler. */
async function startFw(): Promise<RecordingBackend> {
  const seen: SeenRequest[] = [];
  const app = await startTestApp({
    fw: { server_configuration: { request_id_header: 'x-request-id' } },
    groups: [
      {
        prefix: '',
        security: false,
        routes: [
          {
            path: '/[...]',
            options: { methods: [...METHODS] },
            handler: async (req) => {
              const body = await readBody(req.raw, MAX_BODY);
              const { seq } = record('fw', seen, req.raw, `${req.path}${req.query === '' ? '' : `?${req.query}`}`, body);
              if (req.query.startsWith('to=')) return redirect(decodeURIComponent(req.query.slice(3)));
              return json({ seq, url: req.path }, 200, req.query === 'close' ? { connection: 'close' } : undefined);
            },
          },
        ],
      },
    ],
  });
  return { name: 'fw', port: app.server.port, seen, closeIdle: () => app.server.server.closeIdleConnections(), stop: () => app.close() };
}

/** A bare node:http server. */
async function startNode(): Promise<RecordingBackend> {
  const seen: SeenRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      return; // the client went away mid-body: nothing ran
    }
    const { seq, url } = record('node:http', seen, req, req.url ?? '', Buffer.concat(chunks));
    res.setHeader('content-type', 'application/json');
    if (url.endsWith('?close')) res.setHeader('connection', 'close');
    res.end(JSON.stringify({ seq, url }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const stop = async (): Promise<void> => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  };
  return { name: 'node:http', port: (server.address() as AddressInfo).port, seen, closeIdle: () => server.closeIdleConnections(), stop };
}

/** Fastify 5 with every body read as bytes. */
async function startFastify(): Promise<RecordingBackend> {
  const seen: SeenRequest[] = [];
  const fastify = Fastify({ bodyLimit: MAX_BODY });
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  fastify.all('/*', async (req, reply) => {
    const { seq, url } = record('Fastify', seen, req.raw, req.url, (req.body as Buffer | undefined) ?? Buffer.alloc(0));
    if (url.endsWith('?close')) reply.header('connection', 'close');
    return { seq, url };
  });
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  const { server } = fastify;
  return { name: 'Fastify', port: (server.address() as AddressInfo).port, seen, closeIdle: () => server.closeIdleConnections(), stop: () => fastify.close() };
}

/** fw, node:http and Fastify, each recording. */
export async function startRecordingBackends(): Promise<RecordingBackend[]> {
  return Promise.all([startFw(), startNode(), startFastify()]);
}
