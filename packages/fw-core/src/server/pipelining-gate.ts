/**
 * A bound on what one connection may have queued when its client pipelines. node:http parses a
 * whole read (up to 64 KiB) at once and calls the listener for every request in it; each
 * response behind the one being sent is buffered in memory, so a client that pipelines 100
 * large requests and never reads made the server build all 100 answers. Here a request queued
 * behind another (node:http gave its response no socket) runs only while fewer than
 * `max_inflight_per_connection` responses of that connection are unfinished and less than the
 * socket's high-water mark is buffered; otherwise it waits, unstarted, and the socket stops
 * reading until the queue moves. A request that is not pipelined costs one comparison.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { openExchange } from '../stream/exchange.ts';
import type { Listener } from '../stream/stream-handler.ts';

/** What the gate reads of the server's state: while stopping, no request is worked on ahead of its turn. */
interface Stopping {
  readonly stopping: boolean;
}

/**
 * fw's server listener: opens each request's exchange (stream/exchange.ts) as it arrives, then
 * runs `listener`, requests queued behind another on their connection held to the bound.
 */
export function gatePipelining(listener: Listener, maxInflight: number, traffic: Stopping): Listener {
  return (req, res) => {
    openExchange(req);
    // node:http gives a response its socket at once unless another response holds it. Two
    // plain property reads (`res.socket` would be a getter call on every request).
    const socket = req.socket as GatedSocket;
    if (socket._httpMessage === res) return listener(req, res);
    (socket[kGate] ??= new ConnectionGate(socket, listener, maxInflight, traffic)).admit(req, res);
  };
}

const kGate = Symbol('fw.pipeliningGate');

type GatedSocket = Socket & { [kGate]?: ConnectionGate; _httpMessage?: ServerResponse | null; _paused?: boolean; parser?: { resume(): void } | null };

/** One pipelining connection's queue: created on its first queued request, dropped with the socket. */
class ConnectionGate {
  private readonly waiting: [IncomingMessage, ServerResponse][] = [];
  /** Responses of this connection whose handler has run and that are not finished. */
  private readonly unfinished = new Set<ServerResponse>();
  private pausedByGate = false;
  private readonly socket: GatedSocket;
  private readonly listener: Listener;
  private readonly maxInflight: number;
  private readonly traffic: Stopping;

  constructor(socket: GatedSocket, listener: Listener, maxInflight: number, traffic: Stopping) {
    this.socket = socket;
    this.listener = listener;
    this.maxInflight = maxInflight;
    this.traffic = traffic;
    holdReadingWhileWaiting(socket, this.waiting);
    socket.once('close', () => {
      this.waiting.length = 0;
      this.unfinished.clear();
    });
  }

  admit(req: IncomingMessage, res: ServerResponse): void {
    // The response being sent was not queued, so nothing counted it yet.
    this.track(this.socket._httpMessage);
    if (this.waiting.length === 0 && this.canStart(res)) return this.start(req, res);
    this.waiting.push([req, res]);
    if (!this.pausedByGate) {
      this.pausedByGate = true;
      this.socket.pause();
    }
  }

  private canStart(res: ServerResponse): boolean {
    if (!this.socket.writable) return false;
    // A response written while stopping closes its connection: what is queued behind it would run unanswered.
    if (this.traffic.stopping && res.socket === null) return false;
    if (this.unfinished.size >= this.maxInflight) return false;
    let buffered = this.socket.writableLength;
    for (const response of this.unfinished) buffered += (response as ServerResponse & { outputSize: number }).outputSize;
    return buffered < this.socket.writableHighWaterMark;
  }

  private start(req: IncomingMessage, res: ServerResponse): void {
    this.track(res);
    this.listener(req, res);
  }

  private track(res: ServerResponse | null | undefined): void {
    if (res == null || this.unfinished.has(res)) return;
    this.unfinished.add(res);
    res.once('finish', () => {
      this.unfinished.delete(res);
      this.pump();
    });
  }

  /** Starts what may start now; reads again once nothing waits. */
  private pump(): void {
    if (!this.socket.writable) {
      this.waiting.length = 0;
      return;
    }
    while (this.waiting.length > 0 && this.canStart(this.waiting[0]![1])) {
      const [req, res] = this.waiting.shift()!;
      this.start(req, res);
    }
    if (this.waiting.length > 0 || !this.pausedByGate) return;
    this.pausedByGate = false;
    if (this.socket._paused) return; // node:http paused it for its own reasons and resumes it itself
    this.socket.parser?.resume();
    this.socket.resume();
  }
}

/**
 * node:http resumes a paused connection when its own buffers drain or a request body is read,
 * both guarded by the socket's `_paused` flag: reading it as true while requests wait keeps
 * those paths from reading more requests in. A per-connection property, set only on a
 * connection that pipelines.
 */
function holdReadingWhileWaiting(socket: GatedSocket, waiting: readonly unknown[]): void {
  let paused = socket._paused === true;
  Object.defineProperty(socket, '_paused', {
    configurable: true,
    enumerable: true,
    get: () => paused || waiting.length > 0,
    set: (value: boolean) => {
      paused = value;
    },
  });
}
