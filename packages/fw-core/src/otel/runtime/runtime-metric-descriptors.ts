/**
 * The runtime metrics fw reports beside the HTTP ones (issue 35, item 7), under the OpenTelemetry
 * semantic conventions' names, units and instrument types (Node.js runtime metrics:
 * https://opentelemetry.io/docs/specs/semconv/runtime/nodejs-metrics/, V8 JS engine metrics:
 * https://opentelemetry.io/docs/specs/semconv/runtime/v8js-metrics/, process metrics:
 * https://opentelemetry.io/docs/specs/semconv/system/process-metrics/), so dashboards made for
 * @opentelemetry/instrumentation-runtime-node and host-metrics read them as they are.
 */
import { ValueType } from '@opentelemetry/api';
import { InstrumentType, type MetricDescriptor } from '@opentelemetry/sdk-metrics';

/** A descriptor as the SDK reports it, with its instrument type. */
export type RuntimeDescriptor = MetricDescriptor & { readonly type: InstrumentType };

function descriptor(name: string, type: InstrumentType, unit: string, description: string): RuntimeDescriptor {
  const valueType = unit === 'By' ? ValueType.INT : ValueType.DOUBLE;
  return Object.freeze({ name, type, unit, description, valueType, advice: {} });
}

/** The event-loop delay statistics of perf_hooks.monitorEventLoopDelay, in seconds, as gauges. */
export const EVENT_LOOP_DELAY = Object.freeze({
  min: descriptor('nodejs.eventloop.delay.min', InstrumentType.OBSERVABLE_GAUGE, 's', 'Event loop minimum delay.'),
  max: descriptor('nodejs.eventloop.delay.max', InstrumentType.OBSERVABLE_GAUGE, 's', 'Event loop maximum delay.'),
  mean: descriptor('nodejs.eventloop.delay.mean', InstrumentType.OBSERVABLE_GAUGE, 's', 'Event loop mean delay.'),
  stddev: descriptor('nodejs.eventloop.delay.stddev', InstrumentType.OBSERVABLE_GAUGE, 's', 'Event loop standard deviation delay.'),
  p50: descriptor('nodejs.eventloop.delay.p50', InstrumentType.OBSERVABLE_GAUGE, 's', 'Event loop 50 percentile delay.'),
  p90: descriptor('nodejs.eventloop.delay.p90', InstrumentType.OBSERVABLE_GAUGE, 's', 'Event loop 90 percentile delay.'),
  p99: descriptor('nodejs.eventloop.delay.p99', InstrumentType.OBSERVABLE_GAUGE, 's', 'Event loop 99 percentile delay.'),
});

/** The V8 heap: its limit, and per space (`v8js.heap.space.name`) its size, use, room left and committed memory. */
export const V8_HEAP = Object.freeze({
  limit: descriptor('v8js.memory.heap.limit', InstrumentType.OBSERVABLE_UP_DOWN_COUNTER, 'By', 'Total heap memory size V8 may grow to (heap_size_limit).'),
  used: descriptor('v8js.memory.heap.used', InstrumentType.OBSERVABLE_UP_DOWN_COUNTER, 'By', 'Heap Memory size allocated.'),
  spaceSize: descriptor('v8js.memory.heap.space.size', InstrumentType.OBSERVABLE_UP_DOWN_COUNTER, 'By', 'Total heap memory size pre-allocated for a heap space.'),
  availableSize: descriptor('v8js.memory.heap.space.available_size', InstrumentType.OBSERVABLE_UP_DOWN_COUNTER, 'By', 'Heap space available size.'),
  physicalSize: descriptor('v8js.memory.heap.space.physical_size', InstrumentType.OBSERVABLE_UP_DOWN_COUNTER, 'By', 'Committed size of a heap space.'),
});

/** The attribute naming a heap space. */
export const HEAP_SPACE_NAME = 'v8js.heap.space.name';

/** The process's CPU seconds by `cpu.mode` (user, system), a counter. */
export const PROCESS_CPU_TIME = descriptor('process.cpu.time', InstrumentType.OBSERVABLE_COUNTER, 's', 'Total CPU seconds broken down by different CPU modes.');

/** The attribute naming a CPU mode. */
export const CPU_MODE = 'cpu.mode';

/** The process's resident set size. */
export const PROCESS_MEMORY_USAGE = descriptor('process.memory.usage', InstrumentType.OBSERVABLE_UP_DOWN_COUNTER, 'By', 'The amount of physical memory in use.');
