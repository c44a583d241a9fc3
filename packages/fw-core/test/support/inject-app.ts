/**
 * A test app without a socket: the same app directory and config as test-app.ts's startTestApp,
 * built with createListener and driven with inject (docs/applications-reference.md, "Testing with inject").
 * `fetch` takes a path and fetch's options and answers a WHATWG Response, so a test reads the
 * same whether it runs on a socket or not; a test where the socket matters uses startTestApp.
 */
import { rm } from 'node:fs/promises';
import { createListener, inject, type FwListener, type InjectResponse } from '../../src/index.ts';
import { captureLogger, testApp, writeTestAppDir, type LogLine, type TestAppSpec, type WaitForLog } from './test-app.ts';

/** What a request may carry: fetch's method, headers and a string or byte body. */
export interface InjectInit {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
}

/** A test app answering through inject. */
export interface InjectedApp {
  readonly fw: FwListener;
  readonly dir: string;
  readonly logs: LogLine[];
  readonly waitForLog: WaitForLog;
  /** Sends `path` (a request target: `/items/1?x=2`) through the listener; resolves once the exchange is closed. */
  fetch(path: string, init?: InjectInit): Promise<Response>;
  close(): Promise<void>;
}

/** Builds the spec's app (its fw.config.json in a temp directory) as a listener, with no server. */
export async function injectTestApp(spec: TestAppSpec): Promise<InjectedApp> {
  const dir = await writeTestAppDir(spec.fw ?? {}, spec.files);
  const logger = captureLogger();
  let fw: FwListener;
  try {
    fw = await createListener({ appDir: dir, app: testApp(spec), env: spec.env ?? {}, logger });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    fw,
    dir,
    logs: logger.lines,
    waitForLog: logger.waitForLog,
    fetch: async (path, init = {}) => asResponse(await inject(fw, { url: path, ...init })),
    async close() {
      await fw.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Statuses whose Response has no body (the Fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** The injected answer as fetch would have given it. */
export function asResponse(answer: InjectResponse): Response {
  if (answer.status === 0) throw new Error('fw wrote no response before the exchange closed');
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of typeof value === 'string' ? [value] : value) headers.append(name, one);
  }
  return new Response(NULL_BODY.has(answer.status) ? null : new Uint8Array(answer.rawBody), { status: answer.status, headers });
}
