import FindMyWay from 'find-my-way';
import { createRouter } from '../packages/fw-core/src/router/index.ts';
import { blogTable } from './tables/blog-table.ts';
const table = blogTable;
const fw = createRouter(table.routes.map((r) => ({ host: r.host, path: r.path, methods: [r.method], data: r.id })));
const fmw = FindMyWay();
for (const r of table.routes) fmw.on(r.method.toUpperCase() as 'GET', r.path.replace('[...]', '*'), () => {}, { id: r.id });
const fresh = (t: string) => Buffer.from(t, 'latin1').toString('latin1');
const urls = (process.argv[2] ?? '/api/posts,/api/posts/42').split(',');
function time(f: (u: string) => unknown, urls: string[]): number {
  const copies = Array.from({ length: 20000 }, (_, i) => fresh(urls[i % urls.length]!));
  let best = Infinity;
  for (let round = 0; round < 15; round++) {
    const t = process.hrtime.bigint();
    for (const u of copies) f(u);
    best = Math.min(best, Number(process.hrtime.bigint() - t) / copies.length);
  }
  return best;
}
for (let pass = 0; pass < 3; pass++) {
  const a = time((u) => fw.find('GET', undefined, u), urls);
  const b = time((u) => fmw.find('GET', u), urls);
  if (pass === 2) console.log('fw', a.toFixed(1), 'fmw', b.toFixed(1));
}
