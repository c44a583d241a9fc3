/**
 * A database that cannot be reached is the service's problem of the moment, not a bug: such a
 * request answers 503 with `retry-after: 1` and logs one error line. Every other failure is
 * rethrown, so fw answers its generic 500 and logs it.
 */
import { json, type FwRequest, type FwResponse, type InlineHandler, type Logger } from 'fw-core';
import { StoreUnavailableError } from '../store/store.ts';

/** `handler`, with StoreUnavailableError turned into 503. */
export function answerStoreUnavailable(logger: () => Logger, handler: InlineHandler): InlineHandler {
  return async (req: FwRequest): Promise<FwResponse> => {
    try {
      return await handler(req);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      logger().error({ event: 'store_unavailable', request_id: req.id, err: error }, 'store unavailable');
      return json({ error: 'service unavailable' }, 503, { 'retry-after': '1' });
    }
  };
}
