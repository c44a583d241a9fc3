/**
 * A bound on what one pipelining connection may have queued (node:http calls the listener for every request of a read):
 * a queued request runs only while fewer than `max_inflight_per_connection` responses are unfinished and less than the
 * socket's high-water mark is buffered, each on an event loop turn of its own; else it waits, unstarted, and the socket
 * stops being parsed. Past MAX_WAITING, the connection closes after the last request kept (the client resends the rest).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import {
  bufferedOutput,
  closeAfterResponse,
  holdReadingWhile,
  pausedByHttp,
  readWhilePaused,
  responseOnSocket,
  resumeReading,
} from '../http/node-internals.ts';
import type { Traffic } from '../pipeline/stages.ts';
import type { Listener } from '../stream/stream-handler.ts';

const GATE = Symbol('fw.pipeliningGate');
const MAX_WAITING = 128;

type GatedSocket = Socket & { [GATE]?: Listener };

/**
 * The listener for a request queued behind another response on its connection: runs `listener` once the connection
 * is within the bound. While `traffic.stopping`, no request is worked on ahead of its turn.
 */
export function gatePipelined(listener: Listener, maxInflight: number, traffic: Traffic): Listener {
  /** One pipelining connection's queue: made on its first queued request, dropped with the socket. */
  const gateOf = (socket: Socket): Listener => {
    const waiting: [IncomingMessage, ServerResponse][] = [];
    // Responses of this connection whose handler has run and that are not finished.
    const unfinished = new Set<ServerResponse>();
    let pausedByGate = false;
    const canStart = (res: ServerResponse): boolean => {
      if (!socket.writable) return false;
      // A response written while stopping closes its connection: what is queued behind it would run unanswered.
      if (traffic.stopping && res.socket === null) return false;
      if (unfinished.size >= maxInflight) return false;
      let buffered = socket.writableLength;
      for (const response of unfinished) buffered += bufferedOutput(response);
      return buffered < socket.writableHighWaterMark;
    };
    const start = (req: IncomingMessage, res: ServerResponse): void => {
      track(res);
      listener(req, res);
    };
    const track = (res: ServerResponse | null | undefined): void => {
      if (res == null || unfinished.has(res)) return;
      unfinished.add(res);
      // The next on a turn of its own: 'finish' comes on process.nextTick, and a chain of them starves other connections.
      res.once('finish', () => {
        unfinished.delete(res);
        setImmediate(pump);
      });
    };
    // Starts what may start now; reads again once nothing waits.
    const pump = (): void => {
      if (!socket.writable) {
        waiting.length = 0;
        return;
      }
      while (waiting.length > 0 && canStart(waiting[0]![1])) start(...waiting.shift()!);
      if (waiting.length > 0 || !pausedByGate) return;
      pausedByGate = false;
      if (!pausedByHttp(socket)) resumeReading(socket); // else node:http paused it for its own reasons and resumes it itself
    };
    holdReadingWhile(socket, () => waiting.length > 0);
    // Paused, it reads on: a client that leaves is seen at once. Once the parser's callback that made this gate returned.
    setImmediate(readWhilePaused, socket);
    socket.once('close', () => {
      waiting.length = 0;
      unfinished.clear();
    });
    return (req, res) => {
      // The response being sent, unless still waiting (node:http hands the socket on at each finish): one started ahead of the gate.
      const sending = responseOnSocket(socket);
      if (sending !== waiting[0]?.[1]) track(sending);
      if (waiting.length === 0 && canStart(res)) return start(req, res);
      if (waiting.length >= MAX_WAITING) return closeAfterResponse(waiting.at(-1)![1]);
      waiting.push([req, res]);
      if (!pausedByGate) {
        pausedByGate = true;
        socket.pause();
      }
    };
  };
  return (req, res) => {
    const socket = req.socket as GatedSocket;
    (socket[GATE] ??= gateOf(socket))(req, res);
  };
}
