#!/usr/bin/env node
// The `fw` command. A committed shim, so npm links the bin before the TypeScript is built.
// It checks the Node version before loading anything: the built CLI imports APIs older Nodes
// lack, and they would die with a SyntaxError about a missing export instead of saying what to
// do. So this file keeps to syntax Node 18 and 20 parse; the floor is fw-cli's `engines`.
// Then it checks that fw-cli and fw-core are built: in a fresh checkout of the fw repository
// (npm install, no build yet) the import below died with a raw ERR_MODULE_NOT_FOUND stack.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NEEDED_MAJOR = 24;
const found = process.versions.node;
if (Number(found.split('.')[0]) < NEEDED_MAJOR) {
  // A project that installs the node package (node@24, as fw's guide does) has its Node in a node_modules/.bin, which npx and npm
  // scripts run: looked for upward from the directory fw is run in, as npm does (a workspace's package has it at the workspace
  // root), and in the node_modules this fw is installed in.
  const installedIn = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
  const ownNode = ownNodeAbove(process.cwd()) || existsSync(join(installedIn, '.bin', 'node'));
  const fix = ownNode ? 'this project installs its own Node.js (the node package): run `npx fw`, or fw from an npm script, which use it' : `install Node.js ${NEEDED_MAJOR} (https://nodejs.org, or \`nvm install ${NEEDED_MAJOR}\`) and run fw with it`;
  process.stderr.write(`fw: needs Node.js ${NEEDED_MAJOR} or later, found ${found} (${process.execPath}); ${fix}\n`);
  process.exit(1);
}
const unbuilt = missingBuild(dirname(dirname(fileURLToPath(import.meta.url))));
if (unbuilt !== undefined) {
  process.stderr.write(`fw: ${unbuilt}\n`);
  process.exit(1);
}
await import('../dist/bin/fw.js');

/** Whether `dir` or a directory above it has node_modules/.bin/node. */
function ownNodeAbove(dir) {
  if (existsSync(join(dir, 'node_modules', '.bin', 'node'))) return true;
  return dirname(dir) !== dir && ownNodeAbove(dirname(dir));
}

/** What is missing for the CLI to load, as one sentence saying what to run; undefined when nothing is. */
function missingBuild(packageDir) {
  // A source checkout has src/ beside bin/; the build of the repository builds both packages.
  const checkout = existsSync(join(packageDir, 'src'));
  const repository = dirname(dirname(packageDir));
  const build = `run \`npm run build\` in ${checkout && existsSync(join(repository, 'package.json')) ? repository : packageDir}, then run fw again`;
  const cli = join(packageDir, 'dist', 'bin', 'fw.js');
  if (!existsSync(cli)) return checkout ? `fw-cli is not built (${cli} is missing); ${build}` : `fw-cli is incomplete (${cli} is missing); reinstall it`;
  try {
    createRequire(cli).resolve('fw-core/inspect');
    return undefined;
  } catch (error) {
    if (error?.code !== 'MODULE_NOT_FOUND') throw error;
    // The package is there but its entry is not: the message names the file, under dist/.
    const file = /Cannot find module '([^']+[\\/]dist[\\/][^']+)'/.exec(error.message)?.[1];
    if (file === undefined) return 'fw-core, which fw-cli needs, is not installed; run `npm install`';
    return checkout ? `fw-core is not built (${file} is missing); ${build}` : `fw-core is incomplete (${file} is missing); reinstall it`;
  }
}
