/**
 * Ending a response with a body whose bytes fw measured already (for `content-length`): a
 * response that counts its body bytes for an exchange's observers (stream/exchange.ts) takes
 * that measure under END_MEASURED instead of encoding a string body's UTF-8 length a second time
 * (651 instructions for a blog post's JSON: docs/performance.md, the lean path's tenth round).
 * Any other response is ended as usual.
 */
import type { ServerResponse } from 'node:http';

/** The method of a counting response that ends it with `body` of `byteLength` bytes. */
export const END_MEASURED = Symbol('fw.endMeasured');

type MeasuredEnd = (this: ServerResponse, body: string | Uint8Array, byteLength: number) => void;

/** `res.end(body)`, handing `byteLength` (UTF-8 bytes for a string) to a response that counts. */
export function endMeasured(res: ServerResponse, body: string | Uint8Array, byteLength: number): void {
  const end = (res as ServerResponse & { [END_MEASURED]?: MeasuredEnd })[END_MEASURED];
  if (end === undefined) res.end(body);
  else end.call(res, body, byteLength);
}
