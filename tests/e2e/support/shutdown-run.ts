/**
 * One SIGTERM run: requests in flight (slow handlers, slow uploads) when the signal arrives,
 * then the facts the tests check: every answer, whether a new connection was refused while
 * stopping, the exit code and how long the process took to exit. Kept as data so checks on
 * other shutdown work (e.g. spans flushed before exit) can be added as separate tests.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BlogProcess } from './blog-as-user.ts';

/** An answer to an in-flight request. */
export interface Answer {
  readonly status: number;
  readonly contentLength: string | undefined;
  readonly text: string;
}

/** A request started before SIGTERM; `finish` is called after the signal (e.g. the rest of a body). */
export interface InFlight {
  /** Resolves once the server has the request and has handed it to fw: its `100 Continue`. */
  readonly accepted: Promise<void>;
  readonly answer: Promise<Answer>;
  finish(): void;
}

/**
 * Starts a request on its own connection; `firstPart` of the body is sent now, the rest on
 * `finish()`. It says `Expect: 100-continue`, which node:http answers with `100 Continue` as it
 * hands the request to the listener: the event that the server holds it (RFC 9110, 10.1.1).
 */
export function startUpload(port: number, method: string, path: string, body: string, firstPart: number): InFlight {
  const bytes = Buffer.from(body);
  let req: ReturnType<typeof httpRequest>;
  let accepted!: Promise<void>;
  const answer = new Promise<Answer>((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'content-length': bytes.length, expect: '100-continue' };
    req = httpRequest({ host: '127.0.0.1', port, method, path, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentLength: res.headers['content-length'], text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    accepted = new Promise<void>((resolveAccepted, rejectAccepted) => {
      req.once('continue', () => resolveAccepted());
      req.once('error', rejectAccepted);
    });
    req.write(bytes.subarray(0, firstPart));
  });
  return { accepted, answer, finish: () => req.end(bytes.subarray(firstPart)) };
}

/** Starts a GET on its own connection (a slow handler needs no finishing). */
export function startGet(port: number, path: string): InFlight {
  return startUpload(port, 'GET', path, '', 0);
}

/** What a SIGTERM run observed. */
export interface ShutdownRun {
  readonly answers: readonly Answer[];
  /** The error code of a new connection after the `stopping` log line (refusedConnection; 'ECONNREFUSED' expected). */
  readonly newConnection: string;
  readonly exitCode: number | null;
  /** From the signal to the process's exit. */
  readonly exitMs: number;
}

/** Sends SIGTERM with `inflight` running, finishes them, and records what happened. */
export async function sigtermDuring(proc: BlogProcess, inflight: readonly InFlight[], finishAfterMs: number): Promise<ShutdownRun> {
  const signalled = Date.now();
  const exited = proc.stop();
  await logged(proc, 'stopping');
  const newConnection = await refusedConnection(proc.port);
  // The clients are slow on purpose: the rest of each body leaves finishAfterMs after the signal.
  await sleep(Math.max(0, finishAfterMs - (Date.now() - signalled)));
  for (const request of inflight) request.finish();
  const answers = await Promise.all(inflight.map((request) => request.answer));
  const exitCode = await exited;
  return { answers, newConnection, exitCode, exitMs: Date.now() - signalled };
}

/**
 * The error code of a new connection once stopping has begun. fw writes the `stopping` line, then
 * closes its listener: a connection tried in between is completed by the kernel and then reset as
 * the listener closes (it ends 'connected' or ECONNRESET), so it is tried again, up to `attempts` times.
 */
async function refusedConnection(port: number, attempts = 100): Promise<string> {
  const inTheWindow = (outcome: string) => outcome === 'connected' || outcome === 'ECONNRESET';
  let outcome = await tryConnect(port);
  for (let attempt = 1; attempt < attempts && inTheWindow(outcome); attempt += 1) outcome = await tryConnect(port);
  return outcome;
}

function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** Resolves when `proc` has written a log line with this `event`, already or on a later stderr chunk. */
function logged(proc: BlogProcess, event: string): Promise<void> {
  const seen = () => proc.logLines().some((line) => line.event === event);
  if (seen()) return Promise.resolve();
  const stderr = proc.child.stderr!;
  return new Promise((resolve, reject) => {
    // Added after startBlog's own 'data' listener, so logLines() already holds the chunk's lines.
    const onData = () => {
      if (!seen()) return;
      stderr.off('data', onData);
      proc.child.off('close', onExit);
      resolve();
    };
    const onExit = () => {
      stderr.off('data', onData);
      reject(new Error(`the process exited without a ${event} log line`));
    };
    stderr.on('data', onData);
    proc.child.once('close', onExit);
  });
}
