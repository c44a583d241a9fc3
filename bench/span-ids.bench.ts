/**
 * The lean span's ids (packages/fw-core/src/otel/lean/lean-span.ts): nanoseconds for one trace id
 * and one span id, three rounds of 3,000,000 pairs.
 *
 *   npx node bench/span-ids.bench.ts
 */
import { randomId } from '../packages/fw-core/src/otel/lean/lean-span.ts';

const PAIRS = 3_000_000;
for (let round = 1; round <= 3; round += 1) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < PAIRS; i += 1) {
    randomId(16);
    randomId(8);
  }
  process.stdout.write(`round ${round}: ${(Number(process.hrtime.bigint() - started) / PAIRS).toFixed(1)} ns per trace id + span id\n`);
}
