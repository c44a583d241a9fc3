/**
 * The span attributes of a request that stay the same from one request to the next on a
 * keep-alive connection (the peer's address and port, the method, the host, the protocol
 * version, the user agent), encoded once per connection for the lean path (issue 16): the
 * connection remembers its last request's values, and from the second request that repeats them
 * on, they come as one block encoded once, so those nine attributes cost one byte copy in the
 * export instead of nine key-values to encode. A request with any value different starts over.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Attributes } from '@opentelemetry/api';
import type { LeanAttributeBlock, LeanAttributes } from './lean-span-data.ts';
import { encodeAttributeBlock } from './otlp-trace-encoder.ts';

/** The raw fields of an origin-form request that its shared attributes are computed from. */
interface SharedInputs {
  readonly method: string;
  readonly scheme: string;
  readonly host: string | undefined;
  readonly userAgent: string | undefined;
  readonly version: string;
}

/** A connection's last shared values, and their block once a second request repeats them. */
interface Remembered {
  readonly values: Attributes;
  block: LeanAttributeBlock | undefined;
  /** What `values` came from, when the request was origin-form (its host from the Host header). */
  inputs: SharedInputs | undefined;
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
  if (last !== undefined && sameShared(last.values, attributes)) return (last.block ??= encodeAttributeBlock(sharedOf(attributes) as LeanAttributes));
  connection[REMEMBERED] = { values: attributes, block: undefined, inputs: undefined };
  return undefined;
}

/**
 * After sharedRequestBlock gave `req` its connection's block: the raw fields those values came
 * from, when the target is origin-form (its host then comes from the Host header), so that the
 * next request repeating them skips building the attributes (repeatedRequestBlock). Made only
 * here, not for a connection's first request: one that serves a single request never needs them.
 */
export function rememberSharedInputs(connection: Connection, req: IncomingMessage, method: string, scheme: string): void {
  const last = connection[REMEMBERED];
  if (last === undefined || req.url?.charCodeAt(0) !== 47 /* '/' */) return;
  const headers = req.headers;
  last.inputs = { method, scheme, host: headers.host, userAgent: headers['user-agent'], version: req.httpVersion };
}

/**
 * The connection's block when this origin-form request repeats, field for field, the raw inputs
 * of the request its shared attributes were computed from: the attributes are the same (the
 * socket's addresses do not change), so they are neither built nor compared again.
 */
export function repeatedRequestBlock(connection: Connection, url: string | undefined, method: string, scheme: string, headers: IncomingHttpHeaders, version: string): LeanAttributeBlock | undefined {
  const last = connection[REMEMBERED];
  const inputs = last?.inputs;
  if (inputs === undefined || last!.block === undefined || url?.charCodeAt(0) !== 47 /* '/' */) return undefined;
  const same = inputs.method === method && inputs.scheme === scheme && inputs.host === headers.host && inputs.userAgent === headers['user-agent'] && inputs.version === version;
  return same ? last!.block : undefined;
}

// Named property reads below, not a loop over the keys: a loop reads with a different key at
// one site every time, which V8 serves by its slowest (megamorphic) lookup.

function sharedOf(a: Attributes): Attributes {
  return {
    'http.request.method': a['http.request.method'],
    'url.scheme': a['url.scheme'],
    'server.address': a['server.address'],
    'server.port': a['server.port'],
    'client.address': a['client.address'],
    'network.peer.address': a['network.peer.address'],
    'network.peer.port': a['network.peer.port'],
    'network.protocol.version': a['network.protocol.version'],
    'user_agent.original': a['user_agent.original'],
  };
}

function sameShared(a: Attributes, b: Attributes): boolean {
  return (
    a['http.request.method'] === b['http.request.method'] &&
    a['url.scheme'] === b['url.scheme'] &&
    a['server.address'] === b['server.address'] &&
    a['server.port'] === b['server.port'] &&
    a['client.address'] === b['client.address'] &&
    a['network.peer.address'] === b['network.peer.address'] &&
    a['network.peer.port'] === b['network.peer.port'] &&
    a['network.protocol.version'] === b['network.protocol.version'] &&
    a['user_agent.original'] === b['user_agent.original']
  );
}
