/**
 * The shell around every static request: only GET and HEAD get in, and whatever the serving code
 * throws becomes a response. Missing, unreadable or swapped files are 404; anything else is a
 * server fault: 500 to the client, then a coded rejection so fw's pipeline logs the cause.
 */
import { FwError } from '../errors.ts';
import type { FwRequest } from '../http/request.ts';
import type { StaticHandler } from './static-spec.ts';
import { internalError, methodNotAllowed, notFound } from './static-responses.ts';
import { isUnservableError } from '../http/unservable-error.ts';

/** Wraps `serve` with the method check and the error mapping; `where` names the route in errors. */
export function guardStaticRequest(where: string, serve: (req: FwRequest) => Promise<void>): StaticHandler {
  return async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(req);
    try {
      await serve(req);
    } catch (error) {
      // Nothing about the file (not even that it exists but is unreadable) reaches the client.
      if (isUnservableError(error)) return notFound(req);
      internalError(req);
      throw new FwError('FW_ERR_STATIC_READ_FAILED', `${where}: serving ${req.path} failed`, { cause: error });
    }
  };
}
