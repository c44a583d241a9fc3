#!/usr/bin/env node
/**
 * The `fw` entry point (bin/fw.js imports this file's build). It turns on Node's module compile
 * cache (not under coverage) before anything else loads, so the app modules fw loads, TypeScript included, are
 * compiled once, not on every run, then exits with the status `main` returns once stdout and
 * stderr are flushed (an app module may keep the event loop alive).
 */
import { enableCompileCache } from 'node:module';

// Not under coverage (NODE_V8_COVERAGE, as fw-core's loadApplication): code read from the cache blurs V8's coverage.
if (process.env.NODE_V8_COVERAGE === undefined) enableCompileCache();
// What the app's modules throw or reject outside fw's awaits (a promise rejected at import, a
// timer that throws): a server would crash on it at start, so fw fails too, in one line, not
// with exit 0 (process.exit used to come first) or Node's stack.
const stray: unknown[] = [];
process.on('unhandledRejection', (error) => stray.push(error));
process.on('uncaughtException', (error) => stray.push(error));
// A reader that stops early (`fw routes | head -1`) closes the pipe: the rest of the output has
// no one to read it, which is no failure of the command's. No message, and its status stands.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') stray.push(error);
  });
}
const [{ main }, { describeError }] = await Promise.all([import('../cli.ts'), import('../cli/report-error.ts')]);
let code = await main(process.argv.slice(2));
// A zero timer, after the app's own zero timers: what those throw, and the rejections, surface first.
await new Promise((resolve) => setTimeout(resolve, 0));
for (const error of stray)
  process.stderr.write(
    `${describeError(error)} (thrown by the app outside fw's loading: a promise nobody awaited, or a timer)\n`,
  );
if (stray.length > 0) code = 1;
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
