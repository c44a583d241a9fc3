/**
 * The FwRequest fw's pipeline would build, for tests that drive a plugin or handler directly
 * from a plain node:http listener (id `test-id`, app `test`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FwRequest } from '../../src/http/request.ts';
import { silentLogger } from '../../src/log/logger.ts';
import { splitPathAndQuery } from '../../src/stream/exchange.ts';

/** Fields a test may set; the rest come from `raw`. */
export type TestRequestOverrides = Partial<Pick<FwRequest, 'pathinfo' | 'bindings' | 'responseHeaders' | 'route'>>;

/** An FwRequest for `raw`/`res`, path and query split like fw does. */
export function makeTestRequest(raw: IncomingMessage, res: ServerResponse, overrides: TestRequestOverrides = {}): FwRequest {
  const { path, query } = splitPathAndQuery(raw.url ?? '/');
  return {
    raw,
    res,
    id: 'test-id',
    json: JSON,
    method: raw.method ?? 'GET',
    path,
    query,
    headers: raw.headers,
    bindings: {},
    pathinfo: undefined,
    route: { app: 'test', template: path, module: undefined, function: undefined, extra: {} },
    auth_data: undefined,
    responseHeaders: {},
    locals: {},
    log: silentLogger,
    signal: new AbortController().signal,
    ...overrides,
  };
}
