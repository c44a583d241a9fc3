/**
 * The span attributes of a request that stay the same from one request to the next on a
 * keep-alive connection (the peer's address and port, the method, the host, the protocol
 * version, the user agent), encoded once per connection for the lean path (issue 16): the
 * connection remembers its last block, and a request whose values are all the same reuses it, so
 * those nine attributes cost one byte copy in the export instead of nine key-values to encode.
 * A request with any value different gets (and leaves) a new block.
 */
import type { Attributes } from '@opentelemetry/api';
import type { LeanAnyValue, LeanAttributeBlock, LeanAttributes } from './lean-span-data.ts';
import { encodeAttributeBlock } from './otlp-trace-encoder.ts';

/** The keys of requestSpanAttributes a block holds; the others (`url.path`, `url.query`, `http.request.method_original`) are the request's own. */
export const SHARED_REQUEST_KEYS = ['http.request.method', 'url.scheme', 'server.address', 'server.port', 'client.address', 'network.peer.address', 'network.peer.port', 'network.protocol.version', 'user_agent.original'] as const;

/** The keys of requestSpanAttributes that are the request's own. */
export const OWN_REQUEST_KEYS = ['url.path', 'url.query', 'http.request.method_original'] as const;

const lastBlock = new WeakMap<object, LeanAttributeBlock>();

/** The block of `attributes`'s shared keys on `connection` (its socket). */
export function sharedRequestBlock(connection: object, attributes: Attributes): LeanAttributeBlock {
  const last = lastBlock.get(connection);
  if (last !== undefined && sameShared(last.attributes, attributes)) return last;
  const shared: Record<string, LeanAnyValue> = {};
  for (const key of SHARED_REQUEST_KEYS) shared[key] = attributes[key] as LeanAnyValue;
  const block = encodeAttributeBlock(shared);
  lastBlock.set(connection, block);
  return block;
}

function sameShared(block: LeanAttributes, attributes: Attributes): boolean {
  for (const key of SHARED_REQUEST_KEYS) if (block[key] !== attributes[key]) return false;
  return true;
}
