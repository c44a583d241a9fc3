/**
 * Wall time of each `fw` inspection command on examples/blog, run as the real binary in a
 * subprocess (Node start, yargs, the app's module graph and the command itself, exactly what a
 * developer waits for). Commands alternate round by round so load on the machine spreads over
 * all of them; the median and the max of RUNS runs are reported against the target: 0.3 s for the
 * commands a developer runs while editing routes (routes, audit, openapi; issue 39), 0.5 s for the others.
 * `fw openapi` writes into a temporary directory. Run: `npm run build && npx node
 * bench/cli.bench.ts` (docs/performance.md, "fw CLI (issue 5)"). `--callgrind` counts instead the
 * instructions of one run of each command under valgrind's callgrind (every thread, no kernel
 * time, so not the page cache nor the disk): steady where wall time follows the machine's load.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './support/harness.ts';

const RUNS = Number(process.env.RUNS ?? 15);
const TARGET_MS: Readonly<Record<string, number>> = { config: 500, middleware: 500, routes: 300, audit: 300, openapi: 300 };
const repo = join(import.meta.dirname, '..');
const blogDir = join(repo, 'examples', 'blog');
const fw = join(repo, 'packages', 'fw-cli', 'bin', 'fw.js');
const out = mkdtempSync(join(tmpdir(), 'fw-cli-bench-'));

const commands: Readonly<Record<string, readonly string[]>> = {
  config: ['config'],
  middleware: ['middleware'],
  routes: ['routes'],
  audit: ['audit'],
  openapi: ['openapi', '--output', join(out, 'openapi.json')],
};

// `npx node` sets npm_command=exec and INIT_CWD, which fw would take as the directory it was
// started from (docs/cli.md): drop them so every run inspects the blog.
const { npm_command: _command, INIT_CWD: _initCwd, ...inherited } = process.env;
const env = { ...inherited, FW_ENV: 'dev' };

/** Milliseconds one `fw <args>` takes, from spawn to exit; throws when it fails. */
function timeRun(args: readonly string[]): number {
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [fw, ...args], { cwd: blogDir, encoding: 'utf8', env });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.status !== 0) throw new Error(`fw ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return ms;
}

/** Instructions of one `fw <args>` under callgrind, summed over the process's threads' dumps. */
function countRun(args: readonly string[]): number {
  const dumps = mkdtempSync(join(out, 'callgrind-'));
  const valgrind = ['--quiet', '--tool=callgrind', '--dump-line=no', `--callgrind-out-file=${join(dumps, 'out.%p')}`, process.execPath, fw, ...args];
  const run = spawnSync('valgrind', valgrind, { cwd: blogDir, encoding: 'utf8', env });
  if (run.status !== 0) throw new Error(`fw ${args.join(' ')} under callgrind exited ${run.status}: ${run.stderr}`);
  return readdirSync(dumps).reduce((sum, dump) => sum + Number(/^summary: (\d+)/m.exec(readFileSync(join(dumps, dump), 'utf8'))?.[1] ?? NaN), 0);
}

try {
  if (process.argv.includes('--callgrind')) {
    for (const args of Object.values(commands)) timeRun(args); // fill the compile cache, as a developer's second run has it
    console.log(`fw CLI instructions on examples/blog (callgrind, every thread), one run each; Node ${process.version}`);
    console.log('| command | instructions |\n|---|---|');
    for (const [name, args] of Object.entries(commands)) console.log(`| \`fw ${name}\` | ${(countRun(args) / 1e6).toFixed(0)} M |`);
  } else {
    timeCommands();
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

/** RUNS rounds of every command, alternating; prints the median and the max of each against its target. */
function timeCommands(): void {
  const times = new Map(Object.keys(commands).map((name) => [name, [] as number[]]));
  for (const args of Object.values(commands)) timeRun(args); // warm the compile cache and the page cache
  for (let round = 0; round < RUNS; round += 1) {
    for (const [name, args] of Object.entries(commands)) times.get(name)!.push(timeRun(args));
  }
  console.log(`fw CLI wall time on examples/blog, ${RUNS} runs each; Node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'})`);
  console.log('| command | median | max | target (median) | met |');
  console.log('|---|---|---|---|---|');
  for (const [name, values] of times) {
    const mid = median(values);
    const target = TARGET_MS[name]!;
    console.log(`| \`fw ${name}\` | ${(mid / 1000).toFixed(3)} s | ${(Math.max(...values) / 1000).toFixed(3)} s | ${(target / 1000).toFixed(1)} s | ${mid < target ? 'yes' : 'NO'} |`);
  }
}
