/**
 * fw's own OTLP HTTP/1.1 client against scripted collectors: raw node:net and node:tls servers on
 * loopback that read each request and write exact answer bytes. The request head byte for byte,
 * every framing of the answer (also one byte at a time), connection reuse and when a new
 * connection is opened, a stale kept-alive connection, oversized and garbage answers, the
 * per-post time limit, close() during a post, https with a generated CA, IPv6 literals, and a
 * process left with an idle connection exiting by itself without loading node's http modules.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setImmediate as immediate } from 'node:timers/promises';
import { createServer as createTlsServer, type TlsOptions } from 'node:tls';
import { pathToFileURL } from 'node:url';
import { ANSWER_TIMEOUT_ERROR, CLIENT_CLOSED_ERROR, OtlpSocketClient, type PostAnswer, type SocketClientOptions } from '../src/otel/lean/otlp-socket-client.ts';
import { closedPort } from './support/closed-port.ts';
import { until, within } from './support/until.ts';

/** One request as the collector read it. */
interface Received {
  readonly head: string;
  readonly body: Buffer;
  /** 1 for the collector's first connection, 2 for its second, … */
  readonly connection: number;
  readonly socket: Socket;
}

/** What the collector does with each request: write answer bytes, close, or nothing at all. */
type Script = (request: Received) => void | Promise<void>;

interface Collector {
  readonly url: string;
  readonly received: Received[];
  /** Connections accepted (for TLS: handshakes completed). */
  connections(): number;
  /** Connections still open. */
  open(): number;
  close(): Promise<void>;
}

/** A collector on `host` port 0 answering each request with `script`; `tls` makes it https. */
async function collector(script: Script, { tls, host = '127.0.0.1', path = '/v1/traces' }: { tls?: TlsOptions; host?: string; path?: string } = {}): Promise<Collector> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const accept = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket)).on('error', () => {});
    socket.setNoDelay(true);
    readRequests(socket, ++count, (request) => {
      received.push(request);
      void script(request);
    });
  };
  let count = 0;
  const server: Server = tls === undefined ? createNetServer(accept) : createTlsServer(tls, accept).on('tlsClientError', () => {});
  server.listen(0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls === undefined ? 'http' : 'https'}://${host.includes(':') ? `[${host}]` : host}:${port}${path}`,
    received,
    connections: () => count,
    open: () => sockets.size,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Splits what `socket` receives into requests (head, then a Content-Length body), in order. */
function readRequests(socket: Socket, connection: number, onRequest: (request: Received) => void): void {
  let buffered = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      const end = buffered.indexOf('\r\n\r\n');
      if (end === -1) return;
      const head = buffered.subarray(0, end + 4).toString('latin1');
      const length = Number(/\r\ncontent-length: (\d+)\r\n/i.exec(head)?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      const body = buffered.subarray(end + 4, end + 4 + length);
      buffered = buffered.subarray(end + 4 + length);
      onRequest({ head, body, connection, socket });
    }
  });
}

/** Writes `text` one byte per turn of the event loop, so the client reads it in as many pieces. */
async function trickle(socket: Socket, text: string): Promise<void> {
  for (const byte of Buffer.from(text, 'latin1')) {
    if (socket.destroyed) return;
    socket.write(Buffer.of(byte));
    await immediate();
  }
}

const OK = 'HTTP/1.1 200 OK\r\ncontent-type: application/x-protobuf\r\ncontent-length: 0\r\n\r\n';
const PAYLOAD = Uint8Array.from([10, 3, 1, 2, 3]);
const NO_HEADERS = {};

/** Posts with a client made for the test, closing it after. */
async function withClient<T>(url: string, use: (client: OtlpSocketClient) => Promise<T>, tls?: SocketClientOptions['tls']): Promise<T> {
  const client = new OtlpSocketClient({ url, tls });
  try {
    return await use(client);
  } finally {
    client.close();
  }
}

describe("fw's OTLP socket client", () => {
  it('writes the request head byte for byte and posts again on the same connection', async () => {
    const c = await collector(({ socket }) => void socket.write(OK));
    const client = new OtlpSocketClient({ url: c.url.replace('/v1/traces', '/v1/traces?tenant=a%20b'), contentEncoding: 'gzip' });
    try {
      // The client's own framing headers win over the caller's; the caller's others follow in order.
      const headers = { authorization: 'Bearer t0ken', 'Content-Type': 'text/plain', 'x-tenant': 'ä' };
      for (let i = 0; i < 3; i += 1) assert.deepEqual(await client.post(headers, PAYLOAD, 5000), { status: 200, retryAfter: undefined, error: '' });
      const port = new URL(c.url).port;
      assert.equal(c.received[0]!.head, `POST /v1/traces?tenant=a%20b HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nuser-agent: OTel-OTLP-Exporter-fw/0.1.0\r\ncontent-type: application/x-protobuf\r\ncontent-length: 5\r\ncontent-encoding: gzip\r\nauthorization: Bearer t0ken\r\nx-tenant: \xe4\r\n\r\n`);
      assert.deepEqual([...c.received[2]!.body], [...PAYLOAD]);
      assert.equal(c.connections(), 1);
    } finally {
      client.close();
      await c.close();
    }
  });

  it('reads a Content-Length answer with a body and its Retry-After', async () => {
    const c = await collector(({ socket }) => void socket.write('HTTP/1.1 503 Service Unavailable\r\nRetry-After: 3\r\nContent-Length: 11\r\n\r\ntry later\r\n'));
    try {
      await withClient(c.url, async (client) => {
        // The body comes with the answer (a 2xx one may hold an OTLP partial success).
        assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { status: 503, retryAfter: '3', body: Buffer.from('try later\r\n'), error: '' });
        assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { status: 503, retryAfter: '3', body: Buffer.from('try later\r\n'), error: '' });
      });
      assert.equal(c.connections(), 1);
    } finally {
      await c.close();
    }
  });

  it('reads a chunked answer with extensions and trailers written one byte at a time, then reuses the connection', async () => {
    const chunked = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;a=b\r\n\n\x00\x01\x02\r\n3 ; q="x;y"\r\nabc\r\n0\r\nx-checksum: 1\r\n\r\n';
    const c = await collector(({ socket }) => trickle(socket, chunked));
    try {
      await withClient(c.url, async (client) => {
        for (let i = 0; i < 2; i += 1) assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 10_000), { status: 200, retryAfter: undefined, body: Buffer.from('\n\x00\x01\x02abc', 'latin1'), error: '' });
      });
      assert.equal(c.connections(), 1);
    } finally {
      await c.close();
    }
  });

  it('reads an answer delimited by the close of its connection, and opens a new one for the next post', async () => {
    const c = await collector(async ({ socket }) => {
      await trickle(socket, 'HTTP/1.1 202 Accepted\r\ncontent-type: text/plain\r\n\r\naccepted, ');
      socket.end('and closed');
    });
    try {
      await withClient(c.url, async (client) => {
        for (let i = 0; i < 2; i += 1) assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { status: 202, retryAfter: undefined, body: Buffer.from('accepted, and closed'), error: '' });
      });
      assert.equal(c.connections(), 2);
    } finally {
      await c.close();
    }
  });

  it('skips 100 Continue before the final answer', async () => {
    const c = await collector(async ({ socket }) => {
      socket.write('HTTP/1.1 100 Continue\r\n\r\n');
      await immediate();
      socket.write(OK);
    });
    try {
      await withClient(c.url, async (client) => assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { status: 200, retryAfter: undefined, error: '' }));
    } finally {
      await c.close();
    }
  });

  it('opens a new connection for the post after an answer saying Connection: close', async () => {
    const c = await collector(({ socket }) => void socket.write('HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 0\r\n\r\n'));
    try {
      await withClient(c.url, async (client) => {
        for (let i = 0; i < 3; i += 1) assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { status: 200, retryAfter: undefined, error: '' });
      });
      assert.deepEqual(c.received.map((request) => request.connection), [1, 2, 3]);
    } finally {
      await c.close();
    }
  });

  it('posts on a new connection when the collector has closed the idle one', async () => {
    const c = await collector(({ socket }) => void socket.end(OK));
    try {
      await withClient(c.url, async (client) => {
        assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { status: 200, retryAfter: undefined, error: '' });
        // At once: the close may reach the client before this post or while it is written.
        assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { status: 200, retryAfter: undefined, error: '' });
        // And once the idle connection is gone on both sides.
        await until('the client to close its side of the idle connection', () => c.open() === 0);
        assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { status: 200, retryAfter: undefined, error: '' });
      });
      assert.equal(new Set(c.received.map((request) => request.connection)).size, 3, 'each post answered on a connection of its own');
    } finally {
      await c.close();
    }
  });

  it('posts once more on a new connection when a kept-alive one is closed or reset instead of answered', async () => {
    for (const drop of [(socket: Socket) => socket.end(), (socket: Socket) => socket.resetAndDestroy()]) {
      // The first post is answered; the collector drops the connection on the second, as at its keep-alive timeout.
      const c = await collector(({ socket, connection }) => void (c.received.length === 2 && connection === 1 ? drop(socket) : socket.write(OK)));
      try {
        await withClient(c.url, async (client) => {
          assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { status: 200, retryAfter: undefined, error: '' });
          assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { status: 200, retryAfter: undefined, error: '' });
        });
        assert.deepEqual(c.received.map((request) => request.connection), [1, 1, 2]);
      } finally {
        await c.close();
      }
    }
  });

  it('does not post again when a new connection closes without answering', async () => {
    const c = await collector(({ socket }) => void socket.end());
    try {
      await withClient(c.url, async (client) => assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { error: 'the collector closed the connection without answering' }));
      assert.equal(c.received.length, 1);
    } finally {
      await c.close();
    }
  });

  it('fails on a head over 16 KiB at once, and posts the next request on a new connection', async () => {
    const c = await collector(({ socket }) => void socket.write(c.received.length === 1 ? `HTTP/1.1 200 OK\r\nx-big: ${'b'.repeat(20_000)}\r\n\r\n` : OK));
    try {
      await withClient(c.url, async (client) => {
        assert.deepEqual(await within('the oversized answer to fail', client.post(NO_HEADERS, PAYLOAD, 60_000), 5000), { error: "the answer's head is over 16384 bytes", final: true });
        assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { status: 200, retryAfter: undefined, error: '' });
      });
      assert.deepEqual(c.received.map((request) => request.connection), [1, 2]);
    } finally {
      await c.close();
    }
  });

  it('fails on a garbage status line', async () => {
    const c = await collector(({ socket }) => void socket.write('220 smtp.example ESMTP ready\r\n\r\n'));
    try {
      await withClient(c.url, async (client) => {
        assert.deepEqual(await within('the garbage answer to fail', client.post(NO_HEADERS, PAYLOAD, 60_000), 5000), { error: 'the answer does not begin with an HTTP/1.x status line: "220 smtp.example ESMTP ready"', final: true });
      });
    } finally {
      await c.close();
    }
  });

  it('fails with a timeout error when the collector accepts and never answers', async () => {
    const c = await collector(() => {});
    try {
      await withClient(c.url, async (client) => {
        const started = performance.now();
        assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 200), { error: ANSWER_TIMEOUT_ERROR });
        const took = performance.now() - started;
        assert.ok(took >= 190 && took < 1500, `took ${took.toFixed(0)} ms`);
      });
    } finally {
      await c.close();
    }
  });

  it('ends a post in flight at once on close(), and refuses posts after it', async () => {
    const c = await collector(() => {});
    try {
      const client = new OtlpSocketClient({ url: c.url });
      const pending = client.post(NO_HEADERS, PAYLOAD, 60_000);
      await until('the collector to hold the post', () => c.received.length === 1);
      const started = performance.now();
      client.close();
      assert.deepEqual(await pending, { error: CLIENT_CLOSED_ERROR });
      assert.ok(performance.now() - started < 100);
      assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { error: CLIENT_CLOSED_ERROR });
      await once(c.received[0]!.socket, 'close');
    } finally {
      await c.close();
    }
  });

  it('reports a refused connection with its error', async () => {
    const port = await closedPort();
    await withClient(`http://127.0.0.1:${port}/v1/traces`, async (client) => {
      assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { error: `connect ECONNREFUSED 127.0.0.1:${port}` });
    });
  });

  it('refuses a header that would split the request, sending nothing', async () => {
    const c = await collector(({ socket }) => void socket.write(OK));
    try {
      await withClient(c.url, async (client) => {
        assert.deepEqual(await client.post({ 'x-a': 'b\r\nx-injected: 1' }, PAYLOAD, 5000), { error: 'the header "x-a" cannot be sent: its name is not a token or its value holds a control character', final: true });
      });
      assert.equal(c.connections(), 0);
    } finally {
      await c.close();
    }
  });

  it('posts to an IPv6 literal with the bracketed host and port in Host', async () => {
    const c = await collector(({ socket }) => void socket.write(OK), { host: '::1' });
    try {
      await withClient(c.url, async (client) => assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { status: 200, retryAfter: undefined, error: '' }));
      assert.match(c.received[0]!.head, new RegExp(`^POST /v1/traces HTTP/1\\.1\\r\\nhost: \\[::1\\]:${new URL(c.url).port}\\r\\n`));
    } finally {
      await c.close();
    }
  });
});

describe("fw's OTLP socket client over https", () => {
  let dir: string;
  let pem: Record<'ca' | 'serverCert' | 'serverKey' | 'clientCert' | 'clientKey', Buffer>;

  before(() => {
    assert.match(execFileSync('openssl', ['version'], { encoding: 'utf8' }), /^OpenSSL 3\./);
    dir = mkdtempSync(join(tmpdir(), 'fw-otlp-tls-'));
    const openssl = (...args: string[]): void => void execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    openssl('req', '-x509', ...key, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=fw test CA');
    const sign = (name: string, extensions: string): void => {
      writeFileSync(join(dir, `${name}.ext`), extensions);
      openssl('req', ...key, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
      openssl('x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.pem`, '-days', '2', '-extfile', `${name}.ext`);
    };
    sign('server', 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
    sign('client', 'extendedKeyUsage=clientAuth\n');
    const read = (file: string): Buffer => readFileSync(join(dir, file));
    pem = { ca: read('ca.pem'), serverCert: read('server.pem'), serverKey: read('server.key'), clientCert: read('client.pem'), clientKey: read('client.key') };
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('posts over TLS to 127.0.0.1 with the CA given, and fails the certificate check without it', async () => {
    const c = await collector(({ socket }) => void socket.write(OK), { tls: { cert: pem.serverCert, key: pem.serverKey } });
    try {
      await withClient(c.url, async (client) => {
        for (let i = 0; i < 2; i += 1) assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { status: 200, retryAfter: undefined, error: '' });
      }, { ca: pem.ca });
      assert.equal(c.connections(), 1);
      await withClient(c.url, async (client) => {
        assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { error: 'unable to verify the first certificate; if the root CA is installed locally, try running Node.js with --use-system-ca', final: true });
      });
      assert.equal(c.received.length, 2, 'nothing is sent over an unverified connection');
    } finally {
      await c.close();
    }
  });

  it('sends the host name as SNI and the client certificate when given (mutual TLS)', async () => {
    const names: (string | false)[] = [];
    const c = await collector(({ socket }) => {
      names.push((socket as Socket & { servername: string | false }).servername);
      socket.write(OK);
    }, { host: 'localhost', tls: { cert: pem.serverCert, key: pem.serverKey, ca: pem.ca, requestCert: true, rejectUnauthorized: true } });
    try {
      await withClient(c.url, async (client) => {
        assert.deepEqual(await client.post(NO_HEADERS, PAYLOAD, 5000), { status: 200, retryAfter: undefined, error: '' });
      }, { ca: pem.ca, cert: pem.clientCert, key: pem.clientKey });
      assert.deepEqual(names, ['localhost']);
      await withClient(c.url, async (client) => {
        const answer: PostAnswer = await client.post(NO_HEADERS, PAYLOAD, 5000);
        assert.equal(answer.status, undefined, 'no answer without the client certificate');
        assert.match(answer.error, /tlsv13 alert certificate required/);
      }, { ca: pem.ca });
      assert.equal(c.received.length, 1);
    } finally {
      await c.close();
    }
  });
});

describe('a process with an idle OTLP connection', () => {
  it('exits by itself after a post, without stop(), and never loads node\'s http modules', async () => {
    const c = await collector(({ socket }) => void socket.write(OK));
    try {
      const sender = pathToFileURL(join(import.meta.dirname, '..', 'src', 'otel', 'lean', 'otlp-socket-client.ts')).href;
      const script = `
        const { OtlpHttpSender } = await import(${JSON.stringify(sender)});
        const sender = new OtlpHttpSender({ url: ${JSON.stringify(c.url)}, timeoutMs: 5000 });
        const result = await sender.send(Uint8Array.of(1, 2, 3));
        const http = process.moduleLoadList.filter((name) => /http|undici/.test(name));
        console.log(JSON.stringify({ result, http }));
        process.on('exit', () => console.log('exit ' + Math.round(performance.now() - globalThis.posted)));
        globalThis.posted = performance.now();
      `;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const [code] = (await once(child, 'exit')) as [number | null];
      clearTimeout(killer);
      const [report, exit] = stdout.trim().split('\n');
      assert.equal(code, 0, stdout);
      assert.deepEqual(JSON.parse(report!), { result: { ok: true }, http: [] });
      assert.match(exit!, /^exit \d+$/);
      assert.ok(Number(exit!.slice(5)) < 2000, `the child lived ${exit!.slice(5)} ms after its post`);
      assert.equal(c.connections(), 1);
    } finally {
      await c.close();
    }
  });
});
