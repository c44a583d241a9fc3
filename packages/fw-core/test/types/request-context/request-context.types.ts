/**
 * Compile-time test of the typed request context (issue 38, item 8), as an app writes it: the
 * RequestContext declaration below types `req.auth_data` and `req.locals` for security callbacks,
 * plugins, controllers and typed routes. Declaration merging is global to a program, so this file
 * is compiled alone (request-context-types.test.ts), never by tsconfig.test.json: there it would
 * type every other test's requests. A line after `// @ts-expect-error` must fail to compile.
 */
import { defineController, json, route, type FwPlugin, type SecurityCallback } from 'fw-core';

interface User {
  readonly id: number;
  readonly scopes: readonly string[];
}

declare module 'fw-core' {
  interface RequestContext {
    auth_data: User;
    locals: { tenant?: string; startedAt?: number };
  }
}

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

// The security callback returns what it declares.
export const requireUser: SecurityCallback = (req) =>
  req.headers.authorization === 'Bearer t0k' ? { allow: true, auth_data: { id: 7, scopes: ['tasks:write'] } } : false;
// @ts-expect-error auth_data must be a User
export const wrongUser: SecurityCallback = () => ({ allow: true, auth_data: { id: '7' } });

// Plugins read and write the declared locals.
export const tenantPlugin: FwPlugin = {
  name: 'tenant',
  pre_request: (req, _env, _options, state) => {
    const tenant = req.headers['x-tenant'];
    if (typeof tenant === 'string') req.locals.tenant = tenant;
    // @ts-expect-error tenant is a string
    req.locals.tenant = 42;
    // @ts-expect-error an undeclared local
    req.locals.tennant = 'acme';
    return ['ok', req, state];
  },
};

// Controllers and typed routes see the same types.
export const tasks = defineController('tasks_controller', {
  mine: (req) => {
    expectType<Equal<typeof req.auth_data, User>>();
    expectType<Equal<typeof req.locals.tenant, string | undefined>>();
    return json({ user: req.auth_data.id, tenant: req.locals.tenant ?? null });
  },
});

export const show = route({
  path: '/tasks/:id',
  methods: ['get'],
  handler: (req) => {
    const scopes: readonly string[] = req.auth_data.scopes;
    // @ts-expect-error id is a number
    const id: string = req.auth_data.id;
    return json({ scopes, id, tenant: req.locals.tenant });
  },
});
