/**
 * Test harness for request plugins: a real node:http server on port 0 (or inject, injectPlugin) that builds a minimal
 * FwRequest, runs one plugin's pre_request (and, for fw_request_plugin, the body stage its options configure) and answers `200 {"body", "params"}` when the plugin
 * lets the request through, so a test sees exactly what was decoded. Also a raw TCP client for
 * requests fetch refuses to send (lying Content-Length, GET with a body, aborted uploads).
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { once } from 'node:events';
import { isFwError, type FwError } from '../../src/errors.ts';
import { readBody } from '../../src/http/read-body.ts';
import { replyJson } from '../../src/http/write-response.ts';
import { injectFetch } from '../../src/inject/inject.ts';
import type { FwRequest } from '../../src/http/request.ts';
import { silentLogger } from '../../src/log/logger.ts';
import { bodyDecodingOf, bodyToDecode, decodeBody, fwRequestPlugin } from '../../src/plugins/request-plugin.ts';
import type { FwPlugin, PluginEnv, PluginInitContext } from '../../src/plugins/plugin.ts';
import { makeTestRequest } from './make-test-request.ts';

/** A running test server. */
export interface TestServer {
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  close(): Promise<void>;
}

/** What the plugin's pre_request did with one request. */
export interface Outcome {
  readonly kind: 'ok' | 'break' | 'stop' | 'error' | 'threw';
  readonly reason?: unknown;
}

/** A test server running one plugin. */
export interface PluginServer extends TestServer {
  /** Resolves when the next request reaches the listener (before the plugin runs). */
  nextRequest(): Promise<void>;
  /** Resolves with the plugin's result for the next request, in arrival order. */
  nextOutcome(): Promise<Outcome>;
}

const noop = (): void => {};

/** Starts a node:http server on 127.0.0.1, port 0, with `listener`. */
export async function startServer(listener: RequestListener): Promise<TestServer> {
  const server = createServer(listener);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Builds the FwRequest the pipeline would hand a plugin (id `test-id`, app `test`). */
export const makeRequest = (raw: IncomingMessage, res: ServerResponse): FwRequest => makeTestRequest(raw, res);

/** The context a plugin's init gets in these tests: app and environment `test`, an empty env. */
export const testInitContext: PluginInitContext = { app: 'test', environment: 'test', env: {}, logger: silentLogger };

/** Runs `plugin.init(options)`, then serves every request through its pre_request. */
export async function startPluginServer<S, O>(plugin: FwPlugin<S, O>, options: O): Promise<PluginServer> {
  const { listener, nextRequest, nextOutcome } = await pluginListener(plugin, options);
  return { ...(await startServer(listener)), nextRequest, nextOutcome };
}

/** A plugin run as startPluginServer runs it, without a socket: `fetch` (a path, fetch's options) answers through inject. */
export interface InjectedPlugin {
  fetch(path: string, init?: RequestInit): Promise<Response>;
  nextRequest(): Promise<void>;
  nextOutcome(): Promise<Outcome>;
}

/** Runs `plugin.init(options)`, then answers every request `fetch` sends through its pre_request, in process. */
export async function injectPlugin<S, O>(plugin: FwPlugin<S, O>, options: O): Promise<InjectedPlugin> {
  const { listener, nextRequest, nextOutcome } = await pluginListener(plugin, options);
  return { fetch: injectFetch(listener), nextRequest, nextOutcome };
}

/** The listener both run, and the queues of what reached it and what the plugin did. */
async function pluginListener<S, O>(plugin: FwPlugin<S, O>, options: O): Promise<{ listener: RequestListener; nextRequest(): Promise<void>; nextOutcome(): Promise<Outcome> }> {
  const preRequest = plugin.pre_request;
  if (preRequest === undefined) throw new Error(`${plugin.name} has no pre_request`);
  const state = (await plugin.init?.(options, testInitContext)) as S;
  const env: PluginEnv = { app: 'test', environment: 'test', phase: 'pre_request', logger: silentLogger };
  const arrivals = queue<void>();
  const outcomes = queue<Outcome>();
  const listener: RequestListener = async (raw, res) => {
    arrivals.push();
    const req = makeRequest(raw, res);
    let outcome: Outcome;
    try {
      const result = await preRequest(req, env, options, state);
      outcome = result[0] === 'error' ? { kind: 'error', reason: result[1] } : { kind: result[0] };
      // As fw's pipeline does once security allowed the request: the body stage fw_request_plugin configures.
      const decoding = plugin === (fwRequestPlugin as unknown) ? bodyDecodingOf(options as never) : undefined;
      const contentType = decoding === undefined || (outcome.kind !== 'ok' && outcome.kind !== 'break') ? undefined : bodyToDecode(req, decoding);
      if (contentType !== undefined) {
        try {
          if (!(await decodeBody(req, contentType, decoding!))) outcome = { kind: 'stop' };
        } catch (reason) {
          outcome = { kind: 'error', reason };
        }
      }
    } catch (reason) {
      outcome = { kind: 'threw', reason };
    }
    if (outcome.kind === 'ok' || outcome.kind === 'break') {
      replyJson(req, 200, { body: req.body, params: req.params });
    } else {
      // A stopping plugin has replied already, so this writes nothing unless it forgot.
      replyJson(req, 500, { error: `plugin result ${outcome.kind}` });
    }
    outcomes.push(outcome);
  };
  return { listener, nextRequest: arrivals.next, nextOutcome: outcomes.next };
}

/** How one `readBody` call settled, with the request it read. */
export type ReadOutcome =
  | { readonly raw: IncomingMessage; readonly bytes: Buffer }
  | { readonly raw: IncomingMessage; readonly error: FwError };

/** A test server whose listener only calls `readBody`. */
export interface ReadBodyServer extends TestServer {
  nextRequest(): Promise<void>;
  nextRead(): Promise<ReadOutcome>;
}

/**
 * Serves every request with `readBody(req, limit)` after `prepare(req)` (a test's chance to
 * consume or read first). Answers 200 `{"length"}` or the error's status with `{"code"}`.
 */
export async function startReadBodyServer(
  limit: number,
  prepare?: (raw: IncomingMessage) => unknown,
): Promise<ReadBodyServer> {
  const arrivals = queue<void>();
  const reads = queue<ReadOutcome>();
  const server = await startServer(async (raw, res) => {
    arrivals.push();
    await prepare?.(raw);
    try {
      const bytes = await readBody(raw, limit);
      reads.push({ raw, bytes });
      res.end(JSON.stringify({ length: bytes.length }));
    } catch (error) {
      if (!isFwError(error)) throw error;
      reads.push({ raw, error });
      const text = JSON.stringify({ code: error.code });
      res.writeHead(error.status ?? 500, { connection: 'close', 'content-length': text.length }).end(text);
    }
  });
  return { ...server, nextRequest: arrivals.next, nextRead: reads.next };
}

/** A first-in-first-out queue whose `next` waits for a value. */
function queue<T>(): { push(value: T): void; next(): Promise<T> } {
  const values: T[] = [];
  const waiting: ((value: T) => void)[] = [];
  return {
    push(value) {
      const waiter = waiting.shift();
      if (waiter === undefined) values.push(value);
      else waiter(value);
    },
    next() {
      if (values.length > 0) return Promise.resolve(values.shift() as T);
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}

/** The first HTTP response in some received bytes. */
export interface RawResponse {
  readonly status: number;
  /** Lowercased names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** A raw TCP connection to a test server. */
export interface RawConnection {
  readonly socket: Socket;
  /** Writes and waits until the bytes are handed to the OS (errors ignored: the server may close). */
  write(data: string | Uint8Array): Promise<void>;
  /** True once a complete response has arrived. */
  answered(): boolean;
  /** Resolves with the first complete response, or what there is when the socket closes. */
  response(): Promise<RawResponse | undefined>;
  /** Resolves when the socket is closed, with everything received. */
  closed(): Promise<string>;
}

/** Opens a raw connection to 127.0.0.1:`port`. */
export async function connectRaw(port: number): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', noop); // resets after an early answer are expected
  await once(socket, 'connect');
  let received = '';
  let isClosed = false;
  let wake = noop;
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    received += chunk;
    wake();
  });
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => {
      isClosed = true;
      wake();
      resolve(received);
    });
  });
  const complete = (): RawResponse | undefined => parseRawResponse(received, false);
  return {
    socket,
    write: (data) =>
      new Promise((resolve) => {
        if (socket.destroyed || !socket.writable) resolve();
        else socket.write(data, () => resolve());
      }),
    answered: () => complete() !== undefined,
    response: async () => {
      while (complete() === undefined && !isClosed) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      return parseRawResponse(received, true);
    },
    closed: () => closed,
  };
}

/** Sends `text` on a new connection, half-closes it and returns the first response. */
export async function rawRequest(port: number, text: string | Uint8Array): Promise<RawResponse | undefined> {
  const connection = await connectRaw(port);
  await connection.write(text);
  connection.socket.end();
  await connection.closed();
  return connection.response();
}

/** Parses the first response in `text`; `atEnd` accepts a body cut short by the socket closing. */
export function parseRawResponse(text: string, atEnd: boolean): RawResponse | undefined {
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd === -1) return undefined;
  const [statusLine = '', ...lines] = text.slice(0, headEnd).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(statusLine.split(' ')[1]);
  const rest = text.slice(headEnd + 4);
  const length = headers['content-length'];
  const noBody = status === 204 || status === 304;
  if (noBody) return { status, headers, body: '' };
  if (length !== undefined && rest.length >= Number(length)) {
    return { status, headers, body: rest.slice(0, Number(length)) };
  }
  return atEnd ? { status, headers, body: rest } : undefined;
}
