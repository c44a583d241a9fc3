/**
 * fw against raw node:http on the same JSON GET route, in one run: each contender is a child
 * process; rounds alternate which goes first; autocannon drives loopback load. Reports median
 * requests/s and the server's CPU time per request (user+system / requests), the steadier figure
 * on shared 2-core machines.
 *
 *   npx node bench/server.bench.ts [--rounds 5] [--seconds 5] [--connections 50]
 */
import { parseArgs } from 'node:util';
import { alternate, median, row, spawnServer } from './support/harness.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '50' } } });
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const fw = await spawnServer('fw', 'servers/fw-server.ts');
const raw = await spawnServer('node:http', 'servers/raw-node-server.ts');
try {
  await alternate([fw, raw], rounds, { seconds, connections });
} finally {
  fw.child.kill();
  raw.child.kill();
}
process.stdout.write(
  [
    `GET /api/posts/:id, autocannon -c ${connections} -d ${seconds}, ${rounds} alternating rounds, medians`,
    '',
    '| server | requests/s | server CPU µs/request |',
    '|---|---|---|',
    row(fw),
    row(raw),
    '',
    `fw / node:http throughput: ${(median(fw.rps) / median(raw.rps)).toFixed(3)}x`,
    `node:http / fw CPU per request: ${(median(raw.cpuPerRequest) / median(fw.cpuPerRequest)).toFixed(3)}x (1.0 = same cost)`,
    '',
  ].join('\n'),
);
