/**
 * Large tables answer as small ones do: a table of thousands of nodes and one of hundreds give
 * the same answers, a node with hundreds of static children still backtracks to its parent's
 * binding and `[...]`, and the router needs no code generation from strings (the property test
 * of random tables runs again with it off).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createRouter, type LookupResult, type RouteDefinition } from '../src/router/index.ts';

function answer(result: LookupResult<string>): string {
  if (result.kind === 'not_found') return '404';
  if (result.kind === 'method_not_allowed') return `405 ${result.allowed.join(',')}`;
  return `${result.route.data} ${JSON.stringify(result.bindings)}${result.pathinfo === undefined ? '' : ` ${result.pathinfo.join('|')}`}`;
}

/** Routes under `/api/<resource>`: a collection, a member, a nested collection and its member. */
function resourceRoutes(count: number): RouteDefinition<string>[] {
  const routes: RouteDefinition<string>[] = [];
  for (let i = 0; i < count; i++) {
    const base = `/api/r${i}`;
    routes.push(
      { path: base, methods: ['get', 'post'], data: `r${i}` },
      { path: `${base}/:id`, methods: ['get', 'put', 'delete'], data: `r${i}-member` },
      { path: `${base}/:id/notes`, methods: ['get'], data: `r${i}-notes` },
      { path: `${base}/:id/notes/:note`, methods: ['get'], data: `r${i}-note` },
    );
  }
  routes.push({ path: '/api/:kind/:id/notes/:note/history', methods: ['get'], data: 'history' });
  routes.push({ path: '/api/[...]', methods: ['get'], data: 'api-rest' });
  return routes;
}

/** The same requests against a router, for comparing two routers' answers. */
function answers(routes: readonly RouteDefinition<string>[], count: number): string[] {
  const router = createRouter(routes);
  const out: string[] = [];
  for (let i = 0; i < count; i += 7) {
    for (const url of [`/api/r${i}`, `/api/r${i}/42`, `/api/r${i}/42/notes`, `/api/r${i}/42/notes/n%20b`, `/api/r${i}/42/notes/9/history`, `/api/r${i}/x/y/z/w`, `/api/r${i}x/1`]) {
      for (const method of ['GET', 'POST', 'PATCH']) out.push(`${method} ${url} → ${answer(router.find(method, undefined, url))}`);
    }
  }
  return out;
}

describe('large tables', () => {
  it('agree with the reference on random tables when code generation from strings is off', () => {
    const file = join(import.meta.dirname, 'router-random-tables.test.ts');
    const run = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '--test', '--test-reporter=dot', file], { encoding: 'utf8' });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  });

  it('answer alike with about 2800 nodes and with about 280', () => {
    const big = resourceRoutes(700);
    const small = resourceRoutes(70);
    const bigAnswers = answers(big, 70);
    assert.deepEqual(bigAnswers, answers(small, 70));
    assert.ok(bigAnswers.includes('GET /api/r7/42/notes/n%20b → r7-note {"id":"42","note":"n b"}'));
    assert.ok(bigAnswers.includes('GET /api/r7/42/notes/9/history → history {"kind":"r7","id":"42","note":"9"}'));
    assert.ok(bigAnswers.includes('PATCH /api/r7/42 → 405 GET,HEAD,PUT,DELETE'));
    assert.ok(bigAnswers.includes('GET /api/r7/x/y/z/w → api-rest {} r7|x|y|z|w'));
  });

  it('backtrack from under a node of 300 static children to the parent’s binding and [...]', () => {
    const routes: RouteDefinition<string>[] = [];
    for (let i = 0; i < 300; i++) routes.push({ path: `/big/c${i}/:id/leaf`, methods: ['get'], data: `c${i}` });
    routes.push({ path: '/:section/c1/:id/other', methods: ['get'], data: 'section' });
    routes.push({ path: '/[...]', methods: ['get'], data: 'rest' });
    const router = createRouter(routes);
    assert.equal(answer(router.find('GET', undefined, '/big/c299/5/leaf')), 'c299 {"id":"5"}');
    assert.equal(answer(router.find('GET', undefined, '/big/c1/5/other')), 'section {"section":"big","id":"5"}');
    assert.equal(answer(router.find('GET', undefined, '/big/c1/5/none')), 'rest {} big|c1|5|none');
    assert.equal(answer(router.find('POST', undefined, '/big/c7/5/leaf')), '405 GET,HEAD');
  });
});
