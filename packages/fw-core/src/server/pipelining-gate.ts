/**
 * A bound on what one connection may have queued when its client pipelines. node:http parses a
 * whole read (up to 64 KiB) at once and calls the listener for every request in it, buffering
 * each response behind the one being sent: a client that pipelines 100 large requests and never
 * reads made the server build all 100 answers. Here a request queued behind another (its
 * response has no socket) runs only while fewer than `max_inflight_per_connection` responses of
 * the connection are unfinished and less than the socket's high-water mark is buffered; else it
 * waits, unstarted, and the socket stops reading until the queue moves. A request that is not
 * pipelined costs one comparison, in server/start-server.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { bufferedOutput, holdReadingWhile, pausedByHttp, responseOnSocket, resumeReading } from '../http/node-internals.ts';
import type { Listener } from '../stream/stream-handler.ts';

/** What every gate of a server shares; while `traffic.stopping`, no request is worked on ahead of its turn. */
interface GateSettings {
  readonly listener: Listener;
  readonly maxInflight: number;
  readonly traffic: { readonly stopping: boolean };
}

/**
 * The listener for a request node:http queued behind another response on its connection (fw's
 * server sends only those here): it runs `listener` once the connection is within the bound.
 */
export function gatePipelined(listener: Listener, maxInflight: number, traffic: GateSettings['traffic']): Listener {
  const settings: GateSettings = { listener, maxInflight, traffic };
  return (req, res) => {
    const socket = req.socket as GatedSocket;
    (socket[kGate] ??= new ConnectionGate(socket, settings)).admit(req, res);
  };
}

const kGate = Symbol('fw.pipeliningGate');

type GatedSocket = Socket & { [kGate]?: ConnectionGate };

/** One pipelining connection's queue: created on its first queued request, dropped with the socket. */
class ConnectionGate {
  private readonly waiting: [IncomingMessage, ServerResponse][] = [];
  /** Responses of this connection whose handler has run and that are not finished. */
  private readonly unfinished = new Set<ServerResponse>();
  private pausedByGate = false;
  private readonly socket: GatedSocket;
  private readonly settings: GateSettings;

  constructor(socket: GatedSocket, settings: GateSettings) {
    this.socket = socket;
    this.settings = settings;
    holdReadingWhile(socket, () => this.waiting.length > 0);
    socket.once('close', () => {
      this.waiting.length = 0;
      this.unfinished.clear();
    });
  }

  admit(req: IncomingMessage, res: ServerResponse): void {
    // The response being sent was not queued, so nothing counted it yet.
    this.track(responseOnSocket(this.socket));
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
    if (this.settings.traffic.stopping && res.socket === null) return false;
    if (this.unfinished.size >= this.settings.maxInflight) return false;
    let buffered = this.socket.writableLength;
    for (const response of this.unfinished) buffered += bufferedOutput(response);
    return buffered < this.socket.writableHighWaterMark;
  }

  private start(req: IncomingMessage, res: ServerResponse): void {
    this.track(res);
    this.settings.listener(req, res);
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
    if (pausedByHttp(this.socket)) return; // node:http paused it for its own reasons and resumes it itself
    resumeReading(this.socket);
  }
}
