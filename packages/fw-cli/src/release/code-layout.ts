/**
 * Where an app's runnable code is, once built. A TypeScript app module (`./src/app.ts`) is
 * compiled by the app's build into tsconfig.json's `outDir`, mirroring `rootDir`
 * (`./dist/app.js`), when tsconfig.json sets an `outDir` and no `noEmit`. Otherwise the app runs
 * its TypeScript directly (`node src/main.ts`: Node 24 strips the types), and so does the
 * release; a JavaScript app module runs as it is too, from its own directory.
 */
import { existsSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { readJsonObject } from './app-package.ts';

/** The code a release copies and the modules it runs. */
export interface CodeLayout {
  /** Directory (or single file) to copy, relative to the app directory, e.g. `dist`. */
  readonly codePath: string;
  /** The compiled app module, relative, e.g. `dist/app.js`. */
  readonly appModule: string;
  /** The app's own start module beside the app module (`dist/main.js`), when there is one. */
  readonly mainModule: string | undefined;
}

const TS_EXTENSIONS: Readonly<Record<string, string>> = { '.ts': '.js', '.mts': '.mjs', '.cts': '.cjs' };

/** The layout of the app in `appDir` whose app module is `appModule` (as package.json says). */
export async function codeLayout(appDir: string, appModule: string): Promise<CodeLayout> {
  const entry = normalize(appModule);
  const extension = Object.keys(TS_EXTENSIONS).find((ext) => entry.endsWith(ext) && !entry.endsWith(`.d${ext}`));
  const dirs = extension === undefined ? undefined : await compilerDirs(appDir, entry);
  if (extension === undefined || dirs === undefined) {
    const dir = dirname(entry);
    return withMain(appDir, { codePath: dir === '.' ? entry : dir, appModule: entry }, extensionOf(entry));
  }
  const { rootDir, outDir } = dirs;
  const compiled = join(outDir, relative(rootDir, entry)).slice(0, -extension.length) + TS_EXTENSIONS[extension];
  return withMain(appDir, { codePath: outDir, appModule: compiled }, TS_EXTENSIONS[extension]!);
}

function withMain(appDir: string, layout: Omit<CodeLayout, 'mainModule'>, extension: string): CodeLayout {
  const main = join(dirname(layout.appModule), `main${extension}`);
  return { ...layout, mainModule: existsSync(join(appDir, main)) ? main : undefined };
}

function extensionOf(file: string): string {
  const match = /\.[^./]+$/.exec(file);
  return match === null ? '.js' : match[0];
}

// Where the build compiles to, as tsconfig.json itself says (an `extends`ed file is not read);
// undefined when the app runs its sources: no tsconfig.json, no outDir, or noEmit.
async function compilerDirs(appDir: string, entry: string): Promise<{ rootDir: string; outDir: string } | undefined> {
  const file = join(appDir, 'tsconfig.json');
  if (!existsSync(file)) return undefined;
  const options = ((await readJsonObject(file)).compilerOptions ?? {}) as {
    rootDir?: unknown;
    outDir?: unknown;
    noEmit?: unknown;
  };
  if (typeof options.outDir !== 'string' || options.noEmit === true) return undefined;
  const rootDir = typeof options.rootDir === 'string' ? normalize(options.rootDir) : dirname(entry);
  return { rootDir, outDir: normalize(options.outDir) };
}
