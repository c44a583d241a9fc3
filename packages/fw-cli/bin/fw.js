#!/usr/bin/env node
// The `fw` command. A committed shim, so npm links the bin before the TypeScript is built.
// It checks the Node version before loading anything: the built CLI imports APIs older Nodes
// lack, and they would die with a SyntaxError about a missing export instead of saying what to
// do. So this file keeps to syntax Node 18 and 20 parse; the floor is fw-cli's `engines`.
const NEEDED_MAJOR = 24;
const found = process.versions.node;
if (Number(found.split('.')[0]) < NEEDED_MAJOR) {
  process.stderr.write(`fw: needs Node.js ${NEEDED_MAJOR} or later, found ${found} (${process.execPath}); install Node.js ${NEEDED_MAJOR} (https://nodejs.org, or \`nvm install ${NEEDED_MAJOR}\`) and run fw with it\n`);
  process.exit(1);
}
await import('../dist/bin/fw.js');
