/**
 * Starts a real fw server on port 0 for a test: writes fw.config.json to a temp app directory,
 * hands in the app object directly and captures log lines.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineApp, type FwApp, type RoutesContext } from '../../src/app/app.ts';
import type { ErrorAnswers, RouteGroup } from '../../src/app/route-group.ts';
import type { LogLevel, Logger } from '../../src/log/logger.ts';
import type { FwPlugin } from '../../src/plugins/plugin.ts';
import { startServer, type FwServer } from '../../src/server/start-server.ts';
import type { StreamHandler } from '../../src/stream/stream-handler.ts';
import { within } from './until.ts';

/** A captured log line. */
export interface LogLine {
  readonly level: string;
  readonly fields: Record<string, unknown>;
  readonly msg: string | undefined;
}

/** Resolves with the first captured line (already written or still to come) that `match` accepts; rejects after `timeoutMs`. */
export type WaitForLog = (match: (line: LogLine) => boolean, timeoutMs?: number) => Promise<LogLine>;

/** A captured logger: its lines, and `waitForLog`, which resolves on the write itself. */
export type CapturingLogger = Logger & { readonly lines: LogLine[]; readonly waitForLog: WaitForLog };

/** A logger that records what it is given. */
export function captureLogger(level: LogLevel = 'trace'): CapturingLogger {
  const lines: LogLine[] = [];
  const waiters = new Set<(line: LogLine) => void>();
  const order = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];
  const at = (name: string) => (fields: Record<string, unknown>, msg?: string) => {
    if (order.indexOf(name) < order.indexOf(level)) return;
    const line = { level: name, fields, msg };
    lines.push(line);
    for (const waiter of waiters) waiter(line);
  };
  const waitForLog: WaitForLog = (match, timeoutMs) => {
    const written = lines.find(match);
    if (written !== undefined) return Promise.resolve(written);
    let waiter!: (line: LogLine) => void;
    const arrives = new Promise<LogLine>((resolve) => {
      waiter = (line) => {
        if (match(line)) resolve(line);
      };
      waiters.add(waiter);
    });
    return within(`a log line matching ${match.toString()}`, arrives, timeoutMs).finally(() => waiters.delete(waiter));
  };
  return { lines, waitForLog, trace: at('trace'), debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), fatal: at('fatal') };
}

/** What a test app is made of. */
export interface TestAppSpec {
  readonly groups: RouteGroup[] | ((env: string, context: RoutesContext) => RouteGroup[]);
  /** The `fw` section beyond bootstrap_application (port is forced to 0). */
  readonly fw?: Record<string, unknown>;
  readonly plugins?: FwPlugin<any, any>[];
  readonly streamHandlers?: StreamHandler[];
  readonly start?: FwApp['start'];
  readonly stop?: FwApp['stop'];
  /** Extra files to write into the app directory, by relative path. */
  readonly files?: Record<string, string>;
  readonly env?: NodeJS.ProcessEnv;
  readonly schemaCompiler?: FwApp['schemaCompiler'];
  readonly ajv?: FwApp['ajv'];
  readonly schemas?: FwApp['schemas'];
  readonly onInvalid?: FwApp['onInvalid'];
  /** The app's own 404, 405 and error answers. */
  readonly answers?: ErrorAnswers;
}

/** A started test app. */
export interface TestApp {
  readonly url: string;
  readonly server: FwServer;
  readonly dir: string;
  readonly logs: LogLine[];
  readonly waitForLog: WaitForLog;
  close(): Promise<void>;
}

/** Writes the app directory and config; returns the directory. */
export async function writeTestAppDir(fw: Record<string, unknown>, files: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fw-test-app-'));
  const config = { fw: { bootstrap_application: 'test_app', ...fw, server_configuration: { port: 0, host: '127.0.0.1', ...(fw.server_configuration as object | undefined) } } };
  await writeFile(join(dir, 'fw.config.json'), JSON.stringify(config, null, 2));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

/** The FwApp of a spec. */
export function testApp(spec: TestAppSpec): FwApp {
  const groups = spec.groups;
  return defineApp({
    name: 'test_app',
    router: { name: 'test_app_router', routes: (env, context) => (typeof groups === 'function' ? groups(env, context) : groups) },
    ...(spec.plugins && { plugins: spec.plugins }),
    ...(spec.streamHandlers && { streamHandlers: spec.streamHandlers }),
    ...(spec.start && { start: spec.start }),
    ...(spec.stop && { stop: spec.stop }),
    ...(spec.schemaCompiler && { schemaCompiler: spec.schemaCompiler }),
    ...(spec.ajv && { ajv: spec.ajv }),
    ...(spec.schemas && { schemas: spec.schemas }),
    ...(spec.onInvalid && { onInvalid: spec.onInvalid }),
    ...spec.answers,
  });
}

/** Starts the spec's app on 127.0.0.1:0. */
export async function startTestApp(spec: TestAppSpec): Promise<TestApp> {
  const dir = await writeTestAppDir(spec.fw ?? {}, spec.files);
  const logger = captureLogger();
  let server: FwServer;
  try {
    server = await startServer({ appDir: dir, app: testApp(spec), env: spec.env ?? {}, logger });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url,
    server,
    dir,
    logs: logger.lines,
    waitForLog: logger.waitForLog,
    async close() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
