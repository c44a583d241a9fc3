/** The blog example's routes with a request mix like a small blog's traffic. */
import { routesFromLines, sample, type BenchRequest, type BenchTable } from './route-table.ts';

const routes = routesFromLines({
  _: [
    'GET,POST /api/posts',
    'GET,PUT,DELETE /api/posts/:id',
    'GET /login',
    'GET /heartbeat',
    'GET /docs/[...]',
  ],
});

// Weighted as a blog's API sees it: reads of single posts dominate, the load balancer polls the
// heartbeat, docs pages come with deep paths, a few requests hit nothing.
const weighted: readonly (readonly [number, BenchRequest])[] = [
  [30, { method: 'GET', host: undefined, url: '/api/posts/42' }],
  [10, { method: 'GET', host: undefined, url: '/api/posts/1789?fields=title,body' }],
  [15, { method: 'GET', host: undefined, url: '/api/posts' }],
  [5, { method: 'GET', host: undefined, url: '/api/posts?page=2&per_page=20' }],
  [4, { method: 'POST', host: undefined, url: '/api/posts' }],
  [3, { method: 'PUT', host: undefined, url: '/api/posts/42' }],
  [1, { method: 'DELETE', host: undefined, url: '/api/posts/977' }],
  [15, { method: 'GET', host: undefined, url: '/heartbeat' }],
  [4, { method: 'GET', host: undefined, url: '/login' }],
  [6, { method: 'GET', host: undefined, url: '/docs/guide/routing/hosts.html' }],
  [3, { method: 'GET', host: undefined, url: '/docs/index.html' }],
  [2, { method: 'GET', host: undefined, url: '/favicon.ico' }],
  [2, { method: 'GET', host: undefined, url: '/wp-login.php' }],
];

/** The blog table. */
export const blogTable: BenchTable = { name: 'blog (8 routes)', routes, requests: sample(weighted, 1000, 7) };
