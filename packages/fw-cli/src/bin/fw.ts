#!/usr/bin/env node
/**
 * The `fw` entry point (bin/fw.js imports this file's build). It turns on Node's module compile
 * cache before anything else loads, so the app modules fw loads, TypeScript included, are
 * compiled once, not on every run, then exits with the status `main` returns once stdout and
 * stderr are flushed (an app module may keep the event loop alive).
 */
import { enableCompileCache } from 'node:module';

enableCompileCache();
const { main } = await import('../cli.ts');
const code = await main(process.argv.slice(2));
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
