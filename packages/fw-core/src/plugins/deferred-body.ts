/**
 * Body decoding waits for security (docs/pipeline.md, "Order of work"). fw_request_plugin runs
 * in pre_request, where the spec places it, but there it only notes what to decode; the pipeline
 * runs that decoding once the group's security has allowed the request, right before the
 * controller. A request that security refuses never has its body read or parsed, so an
 * anonymous client cannot make fw parse a megabyte of JSON for a 401.
 */
import type { IncomingMessage } from 'node:http';
import type { FwRequest } from '../http/request.ts';
import type { PhaseOutcome } from './run-phase.ts';

/** Reads and decodes the body; `continue` with the request carrying it, or how the plugin ended the request. */
export type DeferredDecoding = (req: FwRequest) => Promise<PhaseOutcome>;

// Kept on the IncomingMessage (plugins may hand on a new FwRequest object, never a new message),
// under a symbol: a property costs a fraction of a WeakMap entry on every POST.
const PENDING = Symbol('fw.deferredBodyDecoding');

type WithPending = IncomingMessage & { [PENDING]?: DeferredDecoding | undefined };

/** Notes that `req`'s body is to be decoded by `decode` once security allows the request. */
export function deferBodyDecoding(req: FwRequest, decode: DeferredDecoding): void {
  (req.raw as WithPending)[PENDING] = decode;
}

/** The decoding noted for `raw`, removed so it runs once; undefined when none was. */
export function takeDeferredDecoding(raw: IncomingMessage): DeferredDecoding | undefined {
  const message = raw as WithPending;
  const decode = message[PENDING];
  if (decode !== undefined) message[PENDING] = undefined;
  return decode;
}
