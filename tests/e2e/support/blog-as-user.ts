/**
 * The blog started the way README.md starts it: `node scripts/start.js` from the repository root
 * (what `npm start` runs after `npm run build`), so the offline API docs are regenerated first.
 * Built on examples/blog/test/support/blog-process.ts (its `script`/`cwd` start options, request
 * helpers and log lines); this file only adds what e2e tests need on top: the start script, a
 * temporary configuration passed as FW_CONFIG, and the process's resident memory.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BLOG_DIR, startBlog, type BlogProcess } from '../../../examples/blog/test/support/blog-process.ts';

export type { BlogProcess } from '../../../examples/blog/test/support/blog-process.ts';

/** The repository root. */
const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
/** The script `npm start` runs after building. */
const START_SCRIPT = join(REPO_ROOT, 'scripts', 'start.js');

/**
 * npm's variables of the process running the tests (`npx node --test` sets npm_command=exec and
 * INIT_CWD): `npm start` gives the blog its own, so they are not passed on. (start.js passes
 * `--app` to the fw CLI, so it finds the blog under `npx` too: api-npm-start.test.ts.)
 */
const NPM_EXEC_VARIABLES = { npm_command: undefined, INIT_CWD: undefined } as const;

/** Starts the blog as `npm start` does (without the build step: tests run after `tsc -b`). */
export function startBlogAsUser(env: Record<string, string | undefined> = {}, execArgv: readonly string[] = [], keepLine?: (line: string) => boolean): Promise<BlogProcess> {
  return startBlog({ ...NPM_EXEC_VARIABLES, ...env }, { script: START_SCRIPT, cwd: REPO_ROOT, timeoutMs: 30_000, execArgv, ...(keepLine && { keepLine }) });
}

/** The files start.js regenerates before the blog starts (examples/blog/priv/assets). */
const GENERATED_DOCS = ['openapi.json', 'swagger.html', 'swagger-ui.css', 'swagger-ui-bundle.js'].map((name) => join(BLOG_DIR, 'priv', 'assets', name));

/** Modification times (ms) of GENERATED_DOCS, to check that a start regenerated them. */
export async function generatedDocsTimes(): Promise<number[]> {
  return Promise.all(GENERATED_DOCS.map(async (path) => (await stat(path)).mtimeMs));
}

/** A configuration file in a temporary directory, for FW_CONFIG; `remove()` deletes it. */
export interface TempConfig {
  readonly path: string;
  remove(): Promise<void>;
}

/**
 * Writes examples/blog/fw.config.json with `serverConfiguration` merged into
 * `fw.server_configuration` and the `fw` keys of `fwOverrides` (e.g. `plugins`) replaced; a
 * function receives the file's `fw` section.
 */
export async function writeBlogConfig(
  serverConfiguration: Record<string, unknown>,
  fwOverrides: Record<string, unknown> | ((fw: Record<string, any>) => Record<string, unknown>) = {},
): Promise<TempConfig> {
  const base = JSON.parse(await readFile(join(BLOG_DIR, 'fw.config.json'), 'utf8')) as { fw: Record<string, unknown> };
  const fw = { ...base.fw, ...(typeof fwOverrides === 'function' ? fwOverrides(base.fw) : fwOverrides) };
  fw.server_configuration = { ...(base.fw.server_configuration as object), ...serverConfiguration };
  return writeTempConfig({ ...base, fw });
}

/**
 * Writes fw.config.json in a fresh temporary directory: `config`, or what `config(dir)` returns
 * (for configurations that name other files in that directory).
 */
export async function writeTempConfig(config: object | ((dir: string) => object)): Promise<TempConfig> {
  const dir = await mkdtemp(join(tmpdir(), 'fw-e2e-config-'));
  const path = join(dir, 'fw.config.json');
  const content = typeof config === 'function' ? config(dir) : config;
  await writeFile(path, `${JSON.stringify(content, null, 2)}\n`);
  return { path, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** VmRSS of a process, in KiB, from /proc/<pid>/status. */
export async function residentKiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]);
}
