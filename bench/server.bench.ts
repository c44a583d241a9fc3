/**
 * fw against raw node:http on the same JSON GET route, in one run: each contender is a child
 * process; rounds alternate which goes first; autocannon drives loopback load. Reports median
 * requests/s and the server's CPU time per request (user+system / requests), the steadier figure
 * on shared 2-core machines.
 *
 *   npx node bench/server.bench.ts [--rounds 5] [--seconds 5] [--connections 50]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '50' } } });
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

interface Contender {
  readonly name: string;
  readonly child: ChildProcess;
  readonly port: number;
  readonly rps: number[];
  readonly cpuPerRequest: number[];
}

async function spawnServer(name: string, file: string): Promise<Contender> {
  const child = fork(join(here, 'servers', file), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port?: number }) => (m.port ? resolve(m.port) : reject(new Error(`${name}: no port`))));
    child.once('exit', (code) => reject(new Error(`${name} exited ${code}`)));
  });
  return { name, child, port, rps: [], cpuPerRequest: [] };
}

function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m: { cpu: number }) => resolve(m.cpu));
    child.send({ cmd: 'cpu' });
  });
}

async function load(port: number, duration: number): Promise<autocannon.Result> {
  return autocannon({ url: `http://127.0.0.1:${port}`, connections, duration, requests: [{ method: 'GET', path: '/api/posts/42' }] });
}

async function measure(contender: Contender): Promise<void> {
  await load(contender.port, 1); // warm-up
  const before = await cpuOf(contender.child);
  const result = await load(contender.port, seconds);
  const cpu = (await cpuOf(contender.child)) - before;
  const served = result.requests.total;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${contender.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  contender.rps.push(served / seconds);
  contender.cpuPerRequest.push(cpu / served);
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

const fw = await spawnServer('fw', 'fw-server.ts');
const raw = await spawnServer('node:http', 'raw-node-server.ts');
try {
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? [fw, raw] : [raw, fw];
    for (const contender of order) await measure(contender);
    process.stderr.write(`round ${round + 1}/${rounds}: fw ${fw.rps.at(-1)?.toFixed(0)} req/s, node:http ${raw.rps.at(-1)?.toFixed(0)} req/s\n`);
  }
} finally {
  fw.child.kill();
  raw.child.kill();
}
const row = (c: Contender) => `| ${c.name} | ${median(c.rps).toFixed(0)} | ${median(c.cpuPerRequest).toFixed(1)} |`;
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
