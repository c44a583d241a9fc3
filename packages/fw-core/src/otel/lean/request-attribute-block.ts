/**
 * The span attributes of a request that stay the same from one request to the next on a
 * keep-alive connection (the peer's address and port, the method, the host, the protocol
 * version, the user agent), encoded once per connection for the lean path (issue 16): the
 * connection remembers its last request's values, and from the second request that repeats them
 * on, they come as one block encoded once, so those nine attributes cost one byte copy in the
 * export instead of nine key-values to encode. A request with any value different starts over.
 */
import type { Attributes } from '@opentelemetry/api';
import type { LeanAnyValue, LeanAttributeBlock } from './lean-span-data.ts';
import { encodeAttributeBlock } from './otlp-trace-encoder.ts';

/** The keys of requestSpanAttributes a block holds; the others (`url.path`, `url.query`, `http.request.method_original`) are the request's own. */
export const SHARED_REQUEST_KEYS = ['http.request.method', 'url.scheme', 'server.address', 'server.port', 'client.address', 'network.peer.address', 'network.peer.port', 'network.protocol.version', 'user_agent.original'] as const;

/** The keys of requestSpanAttributes that are the request's own. */
export const OWN_REQUEST_KEYS = ['url.path', 'url.query', 'http.request.method_original'] as const;

/** A connection's last shared values, and their block once a second request repeats them. */
interface Remembered {
  readonly values: Attributes;
  block: LeanAttributeBlock | undefined;
}

/** Kept on the socket under a private symbol: a WeakMap insert per new connection cost 0.5 µs. */
const REMEMBERED = Symbol('fw.sharedRequestAttributes');

type Connection = object & { [REMEMBERED]?: Remembered };

/**
 * The block of `attributes`'s shared keys on `connection` (its socket), or undefined for a first
 * request with these values: a connection that serves one request (HTTP/1.0, `Connection: close`,
 * inject) would pay for encoding a block it never reuses.
 */
export function sharedRequestBlock(connection: Connection, attributes: Attributes): LeanAttributeBlock | undefined {
  const last = connection[REMEMBERED];
  if (last !== undefined && sameShared(last.values, attributes)) return (last.block ??= encodeAttributeBlock(sharedOf(attributes)));
  connection[REMEMBERED] = { values: attributes, block: undefined };
  return undefined;
}

function sharedOf(attributes: Attributes): Record<string, LeanAnyValue> {
  const shared: Record<string, LeanAnyValue> = {};
  for (const key of SHARED_REQUEST_KEYS) shared[key] = attributes[key] as LeanAnyValue;
  return shared;
}

function sameShared(values: Attributes, attributes: Attributes): boolean {
  for (const key of SHARED_REQUEST_KEYS) if (values[key] !== attributes[key]) return false;
  return true;
}
