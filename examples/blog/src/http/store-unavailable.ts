/**
 * A database that cannot be reached is the service's problem of the moment, not a bug: such a
 * request answers 503 with `retry-after: 1` (nothing was written: retrying is safe) and logs one
 * error line. A write whose outcome is unknown (the database stopped answering after it was
 * sent: WriteOutcomeUnknownError) answers 504 `write_outcome_unknown` without retry-after: the
 * write may have been committed, so a blind retry could do it twice (docs/blog-api.md). Every
 * other failure is rethrown, so fw answers its generic 500 and logs it.
 */
import { json, type FwRequest, type FwResponse, type InlineHandler, type Logger } from 'fw-core';
import { StoreUnavailableError, WriteOutcomeUnknownError } from '../store/store.ts';

/** `handler`, with StoreUnavailableError turned into 503 and WriteOutcomeUnknownError into 504. */
export function answerStoreUnavailable(logger: () => Logger, handler: InlineHandler): InlineHandler {
  return async (req: FwRequest): Promise<FwResponse> => {
    try {
      return await handler(req);
    } catch (error) {
      if (error instanceof WriteOutcomeUnknownError) {
        logger().error({ event: 'write_outcome_unknown', request_id: req.id, err: error }, 'write outcome unknown');
        return json({ error: 'write outcome unknown', code: 'write_outcome_unknown' }, 504);
      }
      if (!(error instanceof StoreUnavailableError)) throw error;
      logger().error({ event: 'store_unavailable', request_id: req.id, err: error }, 'store unavailable');
      return json({ error: 'service unavailable' }, 503, { 'retry-after': '1' });
    }
  };
}
