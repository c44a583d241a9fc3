/**
 * The upward search for the app when no `--app` is given, as git looks for `.git` and npm for
 * package.json: the nearest directory, from the start directory up to the root, that holds the
 * configuration file or a package.json with an `fw` field (docs/cli.md, "Which directory fw
 * looks at").
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The nearest directory from `start` up that holds an fw app, or undefined; `invalid` gets the package.json files passed that are not JSON. */
export function findAppDir(start: string, configFile: string, invalid: string[] = []): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    if (isFile(resolve(dir, configFile)) || hasFwField(join(dir, 'package.json'), invalid)) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
}

// The `fw` field (`"fw": {"app": "./src/app.ts"}`) is what marks a package as an fw app; an
// unreadable or invalid package.json marks nothing, and the search goes on above it (an invalid one noted in `invalid`).
function hasFwField(file: string, invalid: string[]): boolean {
  if (!isFile(file)) return false;
  try {
    const pkg = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as unknown;
    return (
      typeof pkg === 'object' &&
      pkg !== null &&
      typeof (pkg as { fw?: unknown }).fw === 'object' &&
      (pkg as { fw?: unknown }).fw !== null
    );
  } catch (error) {
    if (error instanceof SyntaxError) invalid.push(`${file} is not valid JSON (${error.message})`);
    return false;
  }
}
