/**
 * The raw node:http contenders of bench/list-answer.bench.ts: GET /api/posts answered with the
 * hand-written projection and JSON.stringify (BENCH_LIST=hand), or with a buffer built at start
 * (BENCH_LIST=prebuilt: the floor, no per-request encoding); anything else 404.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { reportReady } from './bench-child.ts';
import { page, toPostJson } from './list-page.ts';

const prebuilt = process.env.BENCH_LIST === 'prebuilt' ? Buffer.from(JSON.stringify({ posts: page.map(toPostJson) })) : undefined;

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  if (req.method !== 'GET' || (q === -1 ? url : url.slice(0, q)) !== '/api/posts') {
    res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'content-length': 21 });
    res.end('{"error":"not found"}');
    return;
  }
  const body = prebuilt ?? JSON.stringify({ posts: page.map(toPostJson) });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => reportReady((server.address() as AddressInfo).port));
process.once('SIGINT', () => process.exit(0));
