/**
 * Preloaded (`--import`, with `--expose-gc`) into a blog subprocess by the leak tests: on SIGUSR2 it runs a full garbage
 * collection and writes one `test_resources` line to stderr with what keeps the event loop busy
 * (process.getActiveResourcesInfo(), counted by kind: sockets, timers, file requests) and the heap used after the
 * collection, as an operator's debugger would read them. Test-only: the blog has no such endpoint.
 */
const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) throw new Error('resource-probe.ts needs node --expose-gc');
let probes = 0;
process.on('SIGUSR2', () => {
  collect();
  const resources: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) resources[kind] = (resources[kind] ?? 0) + 1;
  probes += 1;
  process.stderr.write(`${JSON.stringify({ event: 'test_resources', probe: probes, resources, heap_used: process.memoryUsage().heapUsed })}\n`);
});
