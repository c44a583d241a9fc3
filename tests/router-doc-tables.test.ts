/**
 * docs/router.md's tables say what the router does, run as they read: each "Definition errors"
 * row's definition throws its code with the row's message word for word, as a start-up error (no
 * status, not exposed), and each "Precedence and backtracking" row's URL finds the route it names.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { isFwError } from '../packages/fw-core/src/errors.ts';
import { createRouter } from '../packages/fw-core/src/router/create-router.ts';
import type { RouteDefinition } from '../packages/fw-core/src/router/router.ts';

const text = readFileSync(join(import.meta.dirname, '..', 'docs', 'router.md'), 'utf8');

/** The rows of the table that follows `heading`, as lists of cells (backticks kept). */
function tableAfter(heading: string): string[][] {
  const lines = text.slice(text.indexOf(heading)).split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.slice(1, -1).split(' | ').map((cell) => cell.trim()));
  }
  assert.ok(rows.length > 0, `docs/router.md has a table after ${heading}`);
  return rows;
}

/** The texts between backticks in a cell. */
const quoted = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

/** The JavaScript literals between backticks in a cell. */
const literals = (cell: string): unknown[] => quoted(cell).map((code) => new Function(`return (${code});`)() as unknown);

const defs = (routes: unknown[]): RouteDefinition<number>[] => routes.map((route, at) => ({ ...(route as object), data: at }) as RouteDefinition<number>);

describe("docs/router.md's definition errors", () => {
  it('says a definition error is a start-up error: no status, not exposed', () => {
    assert.match(text, /`createRouter` throws the first problem it finds as an `FwError` \(no status, not exposed/);
  });

  for (const [codeCell, definitionCell, messageCell] of tableAfter('## Definition errors')) {
    const code = codeCell!.replaceAll('`', '');
    it(`${code}: the row's definition throws the row's message`, () => {
      let routes = literals(definitionCell!);
      // "(third in the list)": two good routes before it; "... then ...": a good route between the two.
      if (definitionCell!.includes('third in the list')) routes = [{ path: '/x' }, { path: '/y' }, ...routes];
      if (definitionCell!.includes(' then ')) routes = [routes[0], { path: '/other' }, routes[1]];
      const message = messageCell!.slice(1, -1);
      assert.throws(
        () => createRouter(defs(routes)),
        (error) => isFwError(error, code as never) && error.message === message && error.status === undefined && !error.expose,
      );
    });
  }
});

describe("docs/router.md's precedence table", () => {
  for (const [routesCell, urlCell, foundCell] of tableAfter('### Precedence and backtracking')) {
    it(`${routesCell} with ${urlCell}`, () => {
      const router = createRouter(defs(quoted(routesCell!).map((path) => ({ path }))));
      const urls = quoted(urlCell!);
      const found = urls.map((url) => router.find('GET', 'localhost', url));
      for (const result of found) assert.equal(result.kind, 'found');
      const paths = found.map((result) => (result.kind === 'found' ? result.route.path : ''));
      if (urls.length === 1) {
        // `/a/:x/:y/d`, `x: 's', y: 'x'`: the route, then its bindings.
        const [path, ...bindings] = quoted(foundCell!);
        assert.equal(paths[0], path);
        const expected = Object.fromEntries(bindings.join(', ').split(', ').map((pair) => pair.split(': ')).map(([name, value]) => [name, value!.slice(1, -1)]));
        assert.deepEqual({ ...(found[0] as { bindings: object }).bindings }, expected);
      } else {
        // static · binding · wildcard: the routes in the order the row lists them.
        assert.equal(foundCell!.split(' · ').length, urls.length);
        assert.deepEqual(paths, quoted(routesCell!));
      }
    });
  }
});

describe("docs/router.md's messages name the route's methods", () => {
  it('names an empty methods list as [], not as nothing', () => {
    assert.throws(
      () => createRouter([{ path: '/a', methods: [], data: 0 }]),
      (error) => isFwError(error, 'FW_ERR_ROUTE_UNKNOWN_METHOD') && error.message.startsWith('route #0 ([] /a): the method [] is not known'),
    );
  });
});
