/**
 * A miss-heavy request mix for any table, as an exposed server sees it: about a third bots
 * probing for well-known files (`/wp-login.php`, `/.env`, `/.git/config`), a third random paths
 * of one to six segments, near misses (a real request with a segment added or replaced), wrong
 * methods on real paths, and a sixth real requests. Seeded: the same mix on every run. Paths
 * never end in `/`, hold no `%` and no `.`/`..` segment: the peers differ there (docs/performance.md,
 * "Router against every peer").
 */
import { sample, seededRandom, type BenchRequest, type BenchTable } from './route-table.ts';

// What scanners ask for, from the access logs of any server on a public address.
const PROBES: readonly (readonly [string, string])[] = [
  ['GET', '/wp-login.php'], ['POST', '/wp-login.php'], ['GET', '/.env'], ['GET', '/xmlrpc.php'], ['POST', '/xmlrpc.php'],
  ['GET', '/admin/config.php'], ['GET', '/.git/config'], ['GET', '/phpmyadmin/index.php'], ['GET', '/wp-admin/install.php'],
  ['GET', '/wp-includes/wlwmanifest.xml'], ['GET', '/wp-content/plugins/revslider/temp/update_extract/revslider/shell.php'],
  ['GET', '/.aws/credentials'], ['GET', '/config.json'], ['GET', '/server-status'], ['GET', '/.DS_Store'],
  ['POST', '/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php'], ['GET', '/cgi-bin/luci/;stok=/locale'],
  ['POST', '/boaform/admin/formLogin'], ['GET', '/actuator/health'], ['GET', '/api/.env'], ['GET', '/owa/auth/logon.aspx'],
  ['GET', '/solr/admin/info/system'], ['POST', '/HNAP1'], ['GET', '/sftp-config.json'], ['GET', '/.vscode/sftp.json'],
  ['GET', '/remote/login'], ['GET', '/geoserver/web'], ['GET', '/login.action'], ['GET', '/console'], ['GET', '/telescope/requests'],
  ['POST', '/_ignition/execute-solution'], ['GET', '/index.php?s=/Index/think/app/invokefunction'], ['GET', '/backup.sql'],
  ['GET', '/.well-known/security.txt'], ['GET', '/ads.txt'], ['GET', '/api/v1/pods'], ['GET', '/debug/default/view'],
];

const CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789-_.';
const EXTENSIONS = ['', '', '', '.php', '.html', '.js', '.json', '.bak', '.zip'];

/** One random path segment: 1 to 12 characters, starting with a letter or digit. */
function randomSegment(random: () => number): string {
  const length = 1 + Math.floor(random() * 12);
  let text = CHARS[Math.floor(random() * 36)] ?? 'a';
  for (let i = 1; i < length; i++) text += CHARS[Math.floor(random() * CHARS.length)] ?? 'a';
  return text;
}

function randomPath(random: () => number): string {
  const depth = 1 + Math.floor(random() * 6);
  const segments = Array.from({ length: depth }, () => randomSegment(random));
  return `/${segments.join('/')}${EXTENSIONS[Math.floor(random() * EXTENSIONS.length)] ?? ''}`;
}

/** A real request's path with a random segment appended, or its last segment replaced. */
function nearMiss(hit: BenchRequest, random: () => number): BenchRequest {
  const path = hit.url.split('?')[0] ?? hit.url;
  const cut = random() < 0.5 ? path.length : path.lastIndexOf('/');
  return { ...hit, url: `${path.slice(0, cut)}/${randomSegment(random)}` };
}

/** `requests` sharing `share` of the total weight equally. */
function group(share: number, requests: readonly BenchRequest[]): (readonly [number, BenchRequest])[] {
  return requests.map((request) => [share / requests.length, request] as const);
}

/** `table` with a miss-heavy request mix of `count` requests instead of its own. */
export function missHeavy(table: BenchTable, seed: number, count = 2000): BenchTable {
  const random = seededRandom(seed);
  const host = table.requests[0]?.host;
  const pick = () => table.requests[Math.floor(random() * table.requests.length)] as BenchRequest;
  const wrongMethods = ['POST', 'PUT', 'PATCH', 'DELETE'];
  const weighted = [
    ...group(35, PROBES.map(([method, url]) => ({ method, host, url }))),
    ...group(30, Array.from({ length: 400 }, () => ({ method: 'GET', host, url: randomPath(random) }))),
    ...group(14, Array.from({ length: 200 }, () => nearMiss(pick(), random))),
    ...group(5, Array.from({ length: 50 }, () => ({ ...pick(), method: wrongMethods[Math.floor(random() * 4)] ?? 'POST' }))),
    ...group(16, table.requests),
  ];
  return { name: `${table.name}, miss-heavy mix`, routes: table.routes, requests: sample(weighted, count, seed) };
}
