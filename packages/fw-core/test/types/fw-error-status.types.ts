/**
 * Compile-time tests of isFwError's narrowing of `status`: a plugin answering readBody's error
 * (docs/plugins.md, the webhook signature plugin) writes `replyJson(req, error.status, ...)` with
 * no `!` once it checked `expose`, and a code the registry gives a status narrows it alone.
 * `npx tsc -p tsconfig.test.json` checks this file, never node; `Equal` asserts exact types.
 */
import { isFwError, readBody, replyJson, type FwErrorCodeWithStatus, type FwPlugin } from '../../src/index.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

// The docs' pattern: an error the client caused (expose) is answered with its status, any other rethrown.
export const readsBody: FwPlugin = {
  name: 'reads_body_plugin',
  async pre_request(req, _env, _options, state) {
    try {
      await readBody(req.raw, 1024);
    } catch (error) {
      if (!isFwError(error) || !error.expose) throw error;
      replyJson(req, error.status, { error: error.message });
      expectType<Equal<typeof error.status, number>>();
      return ['stop', req, state];
    }
    return ['ok', req, state];
  },
};

export function statusOf(error: unknown): number | undefined {
  // A code with a status in the registry, or httpError's, narrows status alone.
  if (isFwError(error, 'FW_ERR_BODY_TOO_LARGE') || isFwError(error, 'FW_ERR_HTTP')) {
    expectType<Equal<typeof error.status, number>>();
    return error.status;
  }
  if (!isFwError(error)) return undefined;
  // Not exposed (a start-up error, a 5xx): status may be missing.
  // @ts-expect-error status is number | undefined
  const status: number = error.status;
  return status;
}

expectType<Equal<Extract<FwErrorCodeWithStatus, 'FW_ERR_BODY_TOO_LARGE' | 'FW_ERR_UNSUPPORTED_ENCODING' | 'FW_ERR_HTTP'>, 'FW_ERR_BODY_TOO_LARGE' | 'FW_ERR_UNSUPPORTED_ENCODING' | 'FW_ERR_HTTP'>>();
// A start-up code has no status in the registry.
// @ts-expect-error FW_ERR_CONFIG_BAD_JSON is not a code with a status
const startup: FwErrorCodeWithStatus = 'FW_ERR_CONFIG_BAD_JSON';
// @ts-expect-error a code without a status narrows nothing
export const unknownStatus = (error: unknown): number => (isFwError(error, 'FW_ERR_CONFIG_BAD_JSON') ? error.status : 0);
export { startup };
