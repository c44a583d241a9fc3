/**
 * The floor for bench/startup.bench.ts: Node starting a TypeScript file (type stripping, as the
 * other contenders' entry files) that answers GET /heartbeat with raw node:http. PORT and HOST
 * as the guide's server reads them.
 */
import { createServer } from 'node:http';

const body = JSON.stringify({ status: 'ok' });
const server = createServer((req, res) => {
  const found = req.method === 'GET' && req.url === '/heartbeat';
  res.writeHead(found ? 200 : 404, { 'content-type': 'application/json', 'content-length': found ? Buffer.byteLength(body) : 2 });
  res.end(found ? body : '{}');
});
server.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
