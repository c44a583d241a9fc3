/**
 * `npm run coverage`: every file `npm test` runs, under c8 (settings in .c8rc.json), after the
 * build. Source files that hold only types (a contract such as plugins/plugin.ts) compile to an
 * empty module and have no code to run, yet c8's `all` would count each of their lines as missed:
 * they are left out of the figures. A file holds only types when its built JavaScript is nothing
 * but `export {};` and comments.
 */
import { spawnSync } from 'node:child_process';
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NODE_TEST_OPTIONS, TEST_GLOBS } from './test-suites.ts';

const ROOT = join(import.meta.dirname, '..');

/** The sources (by path from the root) whose built module is empty. */
export function typeOnlySources(): string[] {
  const src: string[] = JSON.parse(readFileSync(join(ROOT, '.c8rc.json'), 'utf8')).src;
  return src.flatMap((dir) => {
    const dist = dir.replace(/\/src$/, '/dist');
    return globSync('**/*.js', { cwd: join(ROOT, dist) })
      .filter((file) => isEmptyModule(readFileSync(join(ROOT, dist, file), 'utf8')))
      .map((file) => `${dir}/${file.split('\\').join('/').replace(/\.js$/, '.ts')}`);
  });
}

function isEmptyModule(js: string): boolean {
  const code = js.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').trim();
  return code === 'export {};';
}

function main(): void {
  const excluded = typeOnlySources().flatMap((file) => ['--exclude', file]);
  // Excludes given on the command line replace the file's: pass the file's too.
  const { exclude }: { exclude: string[] } = JSON.parse(readFileSync(join(ROOT, '.c8rc.json'), 'utf8'));
  const nodeTest = [process.execPath, ...NODE_TEST_OPTIONS, ...TEST_GLOBS];
  const args = [...exclude.flatMap((glob) => ['--exclude', glob]), ...excluded, ...nodeTest];
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'c8', 'bin', 'c8.js'), ...args], { cwd: ROOT, stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

if (import.meta.main) main();
