/**
 * The socket an injected exchange runs on: a Duplex that keeps what node:http's ServerResponse
 * writes to it (status line, headers, chunked framing and all), reads nothing, and answers the
 * socket properties fw and telemetry read with loopback values. It is never destroyed unless the
 * response is, so the pipeline's `res.destroyed` checks see a client that is still there.
 */
import { Duplex } from 'node:stream';

// Writes complete synchronously into memory, so backpressure would only add 'drain' round trips
// (node:http relays a socket's 'drain' from its server, which an injected exchange has none of):
// a limit no response reaches keeps every write() answering true.
const NEVER_FULL = 2 ** 40;

/** An in-memory socket for one injected exchange. */
export class InjectSocket extends Duplex {
  readonly remoteAddress = '127.0.0.1';
  readonly remoteFamily = 'IPv4';
  readonly localAddress = '127.0.0.1';
  readonly localPort = 80;
  /** Everything the response wrote, in order. */
  readonly written: Buffer[] = [];

  constructor() {
    super({ writableHighWaterMark: NEVER_FULL, decodeStrings: true });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.written.push(chunk);
    callback();
  }

  override _read(): void {
    // The request body is pushed into the IncomingMessage directly; nothing arrives here.
  }

  // node:http calls these on real sockets (timeouts, Nagle, keep-alive); they mean nothing in memory.
  setTimeout(): this {
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}
