/**
 * The FwRequest fw's pipeline would build, for tests that drive a plugin or handler directly
 * from a plain node:http listener (id `test-id`, app `test`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FwRequest } from '../../src/http/request.ts';

/** Fields a test may set; the rest come from `raw`. */
export type TestRequestOverrides = Partial<Pick<FwRequest, 'pathinfo' | 'bindings' | 'responseHeaders' | 'route'>>;

/** An FwRequest for `raw`/`res`, path and query split like fw does. */
export function makeTestRequest(raw: IncomingMessage, res: ServerResponse, overrides: TestRequestOverrides = {}): FwRequest {
  const url = raw.url ?? '/';
  const question = url.indexOf('?');
  const path = question === -1 ? url : url.slice(0, question);
  return {
    raw,
    res,
    id: 'test-id',
    json: JSON,
    method: raw.method ?? 'GET',
    path,
    query: question === -1 ? '' : url.slice(question + 1),
    headers: raw.headers,
    bindings: {},
    pathinfo: undefined,
    route: { app: 'test', template: path, module: undefined, function: undefined, extra: {} },
    responseHeaders: {},
    locals: {},
    ...overrides,
  };
}
