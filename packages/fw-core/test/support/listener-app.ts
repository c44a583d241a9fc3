/**
 * The app the embedding and inject tests mount: an echo of what fw saw (path, query, body,
 * route), a stamping plugin with init and stop, JSON, a streamed list, 204, a thrown error, a
 * file and a static directory, a handler that looks at its socket after a turn, a list that
 * fails midway, all configured in code.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineApp, type FwApp } from '../../src/app/app.ts';
import { defineController } from '../../src/app/controller.ts';
import type { InCodeConfig } from '../../src/config/resolve-config.ts';
import { FwError } from '../../src/errors.ts';
import type { FwRequest } from '../../src/http/request.ts';
import { json, jsonStream, sendFile, status } from '../../src/http/response.ts';
import type { Logger } from '../../src/log/logger.ts';
import type { FwPlugin } from '../../src/plugins/plugin.ts';
import { createListener, type FwListener } from '../../src/server/create-listener.ts';
import { captureLogger } from './test-app.ts';

/** What the stamp plugin's init and stop did, in order. */
export interface Lifecycle {
  readonly events: string[];
}

/** A pre_request plugin that adds `x-stamp: <options.stamp>` and answers 418 itself for `?teapot`. */
export function stampPlugin(lifecycle: Lifecycle): FwPlugin<{ stamp: string }, { stamp: string }> {
  return {
    name: 'stamp_plugin',
    init: (options) => {
      lifecycle.events.push(`init ${options.stamp}`);
      return { stamp: options.stamp };
    },
    stop: (state) => {
      lifecycle.events.push(`stop ${state.stamp}`);
    },
    pre_request: (req, _options, state) => {
      if (req.query.includes('teapot')) {
        req.res.writeHead(418, { 'content-type': 'text/plain; charset=utf-8' }).end('short and stout');
        return ['stop', req, state];
      }
      req.responseHeaders['x-stamp'] = state.stamp;
      return ['ok', req, state];
    },
  };
}

const echo = defineController('echo_controller', {
  show: (req) => json({ path: req.path, query: req.query, body: req.body ?? null, route: req.route.template, id: req.id }),
});

/** A temporary app directory holding hello.txt; the caller removes it. */
export async function listenerAppDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fw-listener-'));
  await writeFile(join(dir, 'hello.txt'), 'hello from disk\n');
  return dir;
}

/** The app; `dir` holds hello.txt for the file and directory routes. */
export function listenerApp(lifecycle: Lifecycle, dir: string): FwApp {
  return defineApp({
    name: 'embedded_app',
    plugins: [stampPlugin(lifecycle)],
    start: () => {
      lifecycle.events.push('app start');
    },
    stop: () => {
      lifecycle.events.push('app stop');
    },
    router: {
      name: 'embedded_app_router',
      routes: () => [
        {
          prefix: '/api',
          security: function bearerYes(req) { return req.headers['authorization'] === 'Bearer yes'; },
          routes: [{ path: '/private', handler: () => json({ private: true }) }],
        },
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/echo/[...]', handler: echo.show },
            { path: '/heartbeat', handler: () => json({ status: 'ok' }), options: { methods: ['get'] } },
            { path: '/numbers', handler: () => jsonStream(numbers(3), { key: 'numbers' }), options: { methods: ['get'] } },
            { path: '/empty', handler: () => status(204), options: { methods: ['delete'] } },
            { path: '/boom', handler: () => { throw new Error('boom'); }, options: { methods: ['get'] } },
            { path: '/too-large', handler: () => { throw new FwError('FW_ERR_BODY_TOO_LARGE', 'too large here'); }, options: { methods: ['get'] } },
            { path: '/hello', file: 'hello.txt' },
            { path: '/alive', handler: alive, options: { methods: ['get'] } },
            { path: '/broken-stream', handler: () => jsonStream(brokenNumbers(), { key: 'numbers' }), options: { methods: ['get'] } },
            { path: '/download', handler: () => sendFile(`${dir}/hello.txt`), options: { methods: ['get'] } },
            { path: '/files/[...]', directory: '.' },
          ],
        },
      ],
    },
  });
}

// After a turn of the event loop, what the handler sees of its response and socket.
async function alive(req: FwRequest) {
  await new Promise((resolve) => setImmediate(resolve));
  return json({ resDestroyed: req.res.destroyed, socketDestroyed: req.raw.socket.destroyed });
}

/** Fails after its first chunk went out (more than 64 KiB): the response is cut midway. */
async function* brokenNumbers(): AsyncGenerator<number | string> {
  for (let i = 0; i < 100; i += 1) yield 'x'.repeat(1_000);
  throw new Error('the cursor broke');
}

async function* numbers(count: number): AsyncGenerator<number> {
  for (let i = 1; i <= count; i += 1) yield i;
}

/** The in-code configuration: fw_request_plugin decoding JSON, the stamp plugin, trusted x-request-id. */
export const listenerConfig: InCodeConfig = {
  server_configuration: { request_id_header: 'x-request-id' },
  plugins: [
    { phase: 'pre_request', module: 'stamp_plugin', options: { stamp: 'fw' } },
    { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } },
  ],
};

/** The listener app opened by createListener (config in code, empty env) in a fresh directory. */
export interface OpenedListenerApp {
  readonly dir: string;
  readonly fw: FwListener;
  /** Closes the listener (plugins' stop, the app's stop hook) and removes the directory. */
  close(): Promise<void>;
}

export async function openListenerApp(lifecycle: Lifecycle = { events: [] }, logger: Logger = captureLogger()): Promise<OpenedListenerApp> {
  const dir = await listenerAppDir();
  const fw = await createListener({ app: listenerApp(lifecycle, dir), config: listenerConfig, appDir: dir, env: {}, logger });
  return {
    dir,
    fw,
    async close() {
      await fw.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `listener` served by node:http on 127.0.0.1, port 0. */
export async function serveOnLoopback(listener: RequestListener): Promise<{ server: Server; url: string }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
