/**
 * Preloaded (`--import`, with `--expose-gc`) into the blog process of the load-and-soak test:
 * on SIGUSR2 it runs a full garbage collection and writes a `test_gc_done` line to stderr, so the
 * test reads resident memory when only live objects hold it. Test-only: the blog never sees it
 * otherwise.
 */
const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) throw new Error('gc-on-signal.ts needs node --expose-gc');
let collections = 0;
process.on('SIGUSR2', () => {
  collect();
  collections += 1;
  process.stderr.write(`${JSON.stringify({ event: 'test_gc_done', collections })}\n`);
});
