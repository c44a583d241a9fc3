/**
 * docs/applications-reference.md, "Route schemas" and "Typed routes": fw reads no body of a GET,
 * HEAD or DELETE request, so a route that takes one of them (listed, or every method when
 * `methods` is left out) reaches its handler with `req.body` undefined there, unchecked; a typed
 * route's `req.body` says so (`T | undefined`), so reading a field without a check does not
 * compile, where it compiled and threw a TypeError (a 500) on such a request. A route whose
 * methods all carry a body keeps `T`. Each program is compiled alone with the repo's options.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { compileAlone, typeTestDir } from '../packages/fw-core/test/support/compile-alone.ts';

/** A typed route over a required-title body, with `methods` as given; its handler reads `req.body.title` on line 6. */
const program = (methods: string): string => `import { json, route } from 'fw-core';
const body = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } as const;
export const create = route({
  path: '/tasks/:id',${methods}
  schema: { body },
  handler: (req) => json({ title: req.body.title }),
});
`;

let dir: { readonly dir: string; remove(): Promise<void> };
before(async () => {
  dir = await typeTestDir();
});
after(() => dir?.remove());

describe("a typed route's req.body beside methods that carry none", () => {
  for (const [methods, errors] of [
    [" methods: ['post'],", []],
    [" methods: ['post', 'put', 'patch'],", []],
    [" methods: ['delete', 'post'],", ['6: TS18048']],
    [" methods: ['get', 'put'],", ['6: TS18048']],
    ['', ['6: TS18048']],
  ] as const) {
    it(`${methods.trim() || 'methods left out'}: ${errors.length === 0 ? 'compiles' : 'req.body is possibly undefined'}`, async () => {
      assert.deepEqual(await compileAlone(dir.dir, 'route.ts', program(methods)), errors);
    });
  }
});
