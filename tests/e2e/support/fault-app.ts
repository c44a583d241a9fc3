/**
 * Starts tests/e2e/fixtures/fault-app as a subprocess with the blog harness (same `listening`
 * line, request helpers and log lines), on PORT=0, with a temporary configuration whose
 * e2e_fault_plugin writes its stop line to a file the test can read.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBlog, type BlogProcess } from '../../../examples/blog/test/support/blog-process.ts';
import { writeTempConfig } from './blog-as-user.ts';

/** tests/e2e/fixtures/fault-app. */
const FAULT_APP_DIR = join(import.meta.dirname, '..', 'fixtures', 'fault-app');

/** A running fault_app and its temporary configuration. */
export interface FaultApp {
  readonly app: BlogProcess;
  /** The JSON lines the plugin's stop wrote, [] when it has not run. */
  stopLines(): Promise<Record<string, unknown>[]>;
  /** Stops the app if still running (SIGKILL) and removes the configuration. */
  cleanup(): Promise<void>;
}

/** Starts fault_app with the fixture's configuration. */
export async function startFaultApp(): Promise<FaultApp> {
  const base = JSON.parse(await readFile(join(FAULT_APP_DIR, 'fw.config.json'), 'utf8')) as {
    fw: { plugins: { module: string; options: object }[] };
  };
  let stopFile = '';
  const config = await writeTempConfig((dir) => {
    stopFile = join(dir, 'plugin-stop.jsonl');
    const plugins = base.fw.plugins.map((p) => (p.module === 'e2e_fault_plugin' ? { ...p, options: { stop_file: stopFile } } : p));
    return { fw: { ...base.fw, plugins } };
  });
  let app: BlogProcess;
  try {
    app = await startBlog({ FW_CONFIG: config.path }, { script: join(FAULT_APP_DIR, 'main.ts'), cwd: FAULT_APP_DIR });
  } catch (error) {
    await config.remove();
    throw error;
  }
  return {
    app,
    async stopLines() {
      const text = await readFile(stopFile, 'utf8').catch(() => '');
      return text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    async cleanup() {
      if (app.child.exitCode === null && app.child.signalCode === null) await app.kill9();
      await config.remove();
    },
  };
}
