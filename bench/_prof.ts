import { createRouter } from '../packages/fw-core/src/router/index.ts';
import { blogTable } from './tables/blog-table.ts';
import { githubTable } from './tables/github-table.ts';
function main(): void {
  const table = process.argv[2] === 'gh' ? githubTable : blogTable;
  const router = createRouter(table.routes.map((r) => ({ host: r.host, path: r.path, methods: [r.method], data: r.id })));
  const fresh = (t: string) => Buffer.from(t, 'latin1').toString('latin1');
  const copies = Array.from({ length: 50 }, () => table.requests.map((r) => ({ method: r.method, host: r.host === undefined ? undefined : fresh(r.host), url: fresh(r.url) })));
  const iterations = Number(process.argv[3] ?? 3000);
  for (let round = 0; round < 3; round++) {
    let n = 0;
    const t0 = performance.now();
    for (let k = 0; k < iterations; k++) for (const { method, host, url } of copies[k % 50]!) if (router.find(method, host, url).kind === 'found') n++;
    const ms = performance.now() - t0;
    console.log(((iterations * table.requests.length) / ms / 1000).toFixed(2), 'M/s', n);
  }
}
main();
