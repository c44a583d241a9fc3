import FindMyWay from 'find-my-way';
import { createRouter } from '../packages/fw-core/src/router/index.ts';
import { blogTable } from './tables/blog-table.ts';
const table = blogTable;
const fw = createRouter(table.routes.map((r) => ({ host: r.host, path: r.path, methods: [r.method], data: r.id })));
const fmw = FindMyWay();
for (const r of table.routes) fmw.on(r.method.toUpperCase() as 'GET', r.path.replace('[...]', '*'), () => {}, { id: r.id });
const fresh = (t: string) => Buffer.from(t, 'latin1').toString('latin1');
const kinds = [...new Map(table.requests.map((r) => [r.method + ' ' + r.url, r])).values()];
function time(f: (m: string, u: string) => unknown, m: string, url: string): number {
  const copies = Array.from({ length: 20000 }, () => fresh(url));
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const t = process.hrtime.bigint();
    for (const u of copies) f(m, u);
    best = Math.min(best, Number(process.hrtime.bigint() - t) / copies.length);
  }
  return best;
}
for (let pass = 0; pass < 2; pass++) for (const { method, url } of kinds) {
  const a = time((m, u) => fw.find(m, undefined, u), method, url);
  const b = time((m, u) => fmw.find(m as 'GET', u), method, url);
  if (pass === 1) console.log(`${method} ${url}`.padEnd(45), a.toFixed(0).padStart(5), b.toFixed(0).padStart(5), (b / a).toFixed(2));
}
