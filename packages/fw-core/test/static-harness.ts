/**
 * Test support for the static handler: a listener that builds a minimal FwRequest the way fw's
 * router would (pathinfo split after a fixed prefix, each segment percent-decoded once), driven
 * by inject (the request target reaches it as written, so `..` and `%2e` arrive as sent) or, where
 * the socket matters, served on a real node:http server on port 0 and sent raw over net.connect;
 * and a fixture tree in a temp dir.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FwRequest } from '../src/http/request.ts';
import { splitPathAndQuery } from '../src/stream/exchange.ts';
import { inject } from '../src/index.ts';
import { makeTestRequest } from './support/make-test-request.ts';
import type { HeaderMap } from '../src/http/response.ts';

/** What the test listener hands each request to. */
export type TestHandler = (req: FwRequest) => Promise<void>;

/** The static handler behind a listener, without a socket: send it requests with rawRequest. */
export interface StaticTestTarget {
  readonly listener: (raw: IncomingMessage, res: ServerResponse) => void;
  /** Rejections of the handler, in order (a static handler rejects only on server faults). */
  readonly failures: unknown[];
  /** Promises of every handler call so far, to wait for them to settle. */
  readonly calls: Promise<void>[];
  close(): Promise<void>;
}

/** The same listener on a real server, for tests where the socket matters. */
export interface StaticTestServer extends StaticTestTarget {
  readonly port: number;
}

/** Listener options: the route prefix (`/docs` for `/docs/[...]`), or no pathinfo for a file route. */
export interface StaticTestServerOptions {
  readonly prefix?: string;
  readonly wildcard?: boolean;
  readonly responseHeaders?: HeaderMap;
}

/** A listener that routes every request under `prefix` to `handler`. */
export function staticTarget(handler: TestHandler, options: StaticTestServerOptions = {}): StaticTestTarget {
  const prefix = options.prefix ?? '/docs';
  const failures: unknown[] = [];
  const calls: Promise<void>[] = [];
  const listener = (raw: IncomingMessage, res: ServerResponse) => {
    const req = buildRequest(raw, res, prefix, options.wildcard ?? true, options.responseHeaders ?? {});
    if (req === undefined) {
      res.statusCode = 418; // the test router found no route: never what a test expects
      res.end();
      return;
    }
    const call = handler(req).catch((error: unknown) => {
      failures.push(error);
    });
    calls.push(call);
  };
  return { listener, failures, calls, close: async () => {} };
}

/** Starts staticTarget's listener on 127.0.0.1:0. */
export async function startStaticServer(handler: TestHandler, options: StaticTestServerOptions = {}): Promise<StaticTestServer> {
  const target = staticTarget(handler, options);
  const server: Server = createServer(target.listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...target,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function buildRequest(raw: IncomingMessage, res: ServerResponse, prefix: string, wildcard: boolean, responseHeaders: HeaderMap): FwRequest | undefined {
  const { path } = splitPathAndQuery(raw.url ?? '/');
  let pathinfo: string[] | undefined;
  if (!wildcard) {
    if (path !== prefix) return undefined;
  } else if (path === prefix) {
    pathinfo = [];
  } else if (path.startsWith(`${prefix}/`)) {
    try {
      pathinfo = path.slice(prefix.length + 1).split('/').map(decodeURIComponent);
    } catch {
      return undefined;
    }
  } else {
    return undefined;
  }
  const template = wildcard ? `${prefix}/[...]` : prefix;
  return makeTestRequest(raw, res, {
    pathinfo,
    route: { app: 'test_app', template, module: undefined, function: undefined, extra: {} },
    responseHeaders: { ...responseHeaders },
  });
}

/** A parsed raw HTTP response. */
export interface RawResponse {
  readonly status: number;
  /** Lowercase names; repeated headers joined with ', '. */
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * Sends `method target` exactly as written (no URL normalisation): through inject to a target, or
 * over a socket to a port, reading until the server closes.
 */
export async function rawRequest(
  to: number | StaticTestTarget,
  method: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  if (typeof to !== 'number') {
    const answer = await inject(to.listener, { method, url: target, headers: { host: '127.0.0.1', ...headers } });
    const joined = Object.entries(answer.headers).map(([name, value]) => [name, typeof value === 'string' ? value : value.join(', ')]);
    return { status: answer.status, headers: Object.fromEntries(joined), body: answer.body };
  }
  const lines = [`${method} ${target} HTTP/1.1`, 'host: 127.0.0.1', 'connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve(parseResponse(Buffer.concat(chunks).toString('latin1'))));
  });
}

function parseResponse(text: string): RawResponse {
  const split = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: Buffer.from(text.slice(split + 4), 'latin1').toString('utf8') };
}

/** Headers every response carries whatever fw adds: dropped before exact comparisons. */
export function withoutTransportHeaders(headers: Record<string, string>): Record<string, string> {
  const { date: _date, connection: _connection, ...rest } = headers;
  return rest;
}

/** The fixed mtime of fixture files: Tue, 02 Jan 2024 03:04:05 GMT. */
export const FIXTURE_MTIME = new Date('2024-01-02T03:04:05Z');

/** The fixture tree: `<dir>/root` is served; `<dir>/secret.txt` lies outside it. */
export interface Fixture {
  readonly dir: string;
  readonly root: string;
  /** Whether `root/fifo` was made (asked for, and mkfifo exists). */
  readonly hasFifo: boolean;
  cleanup(): Promise<void>;
}

/** Text of the files in the tree, by path relative to `root` (`../secret.txt` is outside). */
export const FIXTURE_FILES: Readonly<Record<string, string>> = {
  '../secret.txt': 'TOP SECRET outside the root\n',
  'index.html': '<!doctype html><title>home</title>\n',
  'hello.txt': 'hello, static world\n',
  '.env': 'PASSWORD=hunter2\n',
  'css/app.css': 'body { color: red; }\n',
  'sub/index.html': '<p>sub index</p>\n',
  'nested/deeper/page.html': '<p>deep page</p>\n',
  'empty/.hidden': 'hidden\n',
  'data.custom': 'custom data\n',
  'noext': 'no extension\n',
  'C:notes.txt': 'drive-looking name\n',
};

/** Builds the fixture tree and symlinks (`link-out`, `link-out-dir`, `link-in`, `link-dot`); with `fifo`, a FIFO (mkfifo, a process). */
export async function createFixture(options: { readonly fifo?: boolean } = {}): Promise<Fixture> {
  const dir = await mkdtemp(join(tmpdir(), 'fw-static-'));
  const root = join(dir, 'root');
  for (const [relative, text] of Object.entries(FIXTURE_FILES)) {
    const path = join(root, relative);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, text);
    await utimes(path, FIXTURE_MTIME, FIXTURE_MTIME);
  }
  await symlink(join(dir, 'secret.txt'), join(root, 'link-out'));
  await symlink(dir, join(root, 'link-out-dir'));
  await symlink('hello.txt', join(root, 'link-in'));
  await symlink('.env', join(root, 'link-dot'));
  let hasFifo = false;
  if (options.fifo === true) {
    try {
      execFileSync('mkfifo', [join(root, 'fifo')], { stdio: 'ignore' });
      hasFifo = true;
    } catch {
      // hasFifo stays false: the tests that need it skip, saying so.
    }
  }
  return { dir, root, hasFifo, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The weak ETag the handler derives from a fixture file's size and FIXTURE_MTIME. */
export function fixtureEtag(text: string): string {
  return `W/"${Buffer.byteLength(text).toString(16)}-${FIXTURE_MTIME.getTime().toString(16)}"`;
}
