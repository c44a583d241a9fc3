/**
 * The heap that is still in use after a full garbage collection: what a test of "memory stays
 * bounded" should compare, since `heapUsed` alone also counts garbage not yet collected and
 * swings by tens of MiB with the collector's timing.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** `heapUsed` in bytes right after a full collection. */
export function retainedHeap(): number {
  gc();
  return process.memoryUsage().heapUsed;
}
