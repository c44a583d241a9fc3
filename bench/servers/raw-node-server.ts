/**
 * The baseline: raw node:http doing the same application work as the fw route (match
 * /api/posts/:id, parse the id, look it up, answer JSON or 404), with fw's bytes: the same body on a hit
 * and on a miss (tests/bench-contenders-posts.test.ts). fw writes two headers more, x-request-id and
 * x-content-type-options: they are the fw pipeline bench/server.bench.ts measures.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { posts, reportReady } from './bench-child.ts';

const PREFIX = '/api/posts/';

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const post = req.method === 'GET' && path.startsWith(PREFIX) ? posts.get(Number(path.slice(PREFIX.length))) : undefined;
  const body = JSON.stringify(post ?? { error: 'post not found' });
  res.writeHead(post ? 200 : 404, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => reportReady((server.address() as AddressInfo).port));
process.once('SIGINT', () => process.exit(0));
