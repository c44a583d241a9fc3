/**
 * The five contenders bench/list-answer.bench.ts compares (and tests/bench-contenders-list-answer.test.ts
 * holds to the same answer): each one's name in reports, its server file under bench/, and the BENCH_LIST
 * mode it serves.
 */

/** Each contender, in report order. */
export const LIST_SERVERS = [
  { name: 'raw node:http, hand-written projection + JSON.stringify', file: 'servers/raw-list-server.ts', mode: 'hand' },
  { name: 'raw node:http, prebuilt buffer (floor)', file: 'servers/raw-list-server.ts', mode: 'prebuilt' },
  { name: 'Fastify 5, response schema (fast-json-stringify)', file: 'servers/fastify-list-server.ts', mode: '' },
  { name: 'fw json({posts}), response schema', file: 'servers/fw-list-server.ts', mode: 'json' },
  { name: "fw jsonStream(page, {key: 'posts'}), response schema", file: 'servers/fw-list-server.ts', mode: 'stream' },
] as const;
