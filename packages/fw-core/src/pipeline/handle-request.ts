/**
 * fw's pipeline for one request (fw_stream_h's listener): check the request line and host,
 * route, then run the lane of stages the route's group compiled (stages.ts). Every failure
 * becomes a response; nothing a request does can throw out of here.
 */
// Loading node:async_hooks settles Node's AsyncContextFrame (its first use swaps a class's prototype) before any request:
// a timer swapping it under load left nextTick and the microtask loop on slow property loads (bench/schemas.bench.ts, callgrind).
import 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { CompiledRoutes, RouteTarget } from '../app/compile-routes.ts';
import type { ErrorAnswers } from '../app/route-group.ts';
import { closeAfterResponse } from '../http/node-internals.ts';
import { carriesBody } from '../http/read-body.ts';
import { PipelineRequest, type RouteInfo } from '../http/request.ts';
import { writeError, type ResponseTarget } from '../http/write-response.ts';
import { recordingSpan, traceFieldsOf } from '../log/logger.ts';
import type { PluginStep } from '../plugins/plugin-registry.ts';
import type { PluginEnv } from '../plugins/plugin.ts';
import { createRouter } from '../router/create-router.ts';
import { missRouteOf } from '../router/parse-path.ts';
import { NO_BINDINGS } from '../router/radix-router.ts';
import type { RouteFound } from '../router/router.ts';
import { endedAt, exchangeOf, hasRepeatedHeader } from '../stream/exchange.ts';
import type { Listener } from '../stream/stream-handler.ts';
import {
  answeredAfter,
  answerOwn,
  compileLanes,
  DONE,
  doneOnceWritten,
  fail,
  runLane,
  type Answered,
  type Flow,
  type RoutedFlow,
  type Runtime,
  type Stage,
} from './stages.ts';

/** The listener that runs fw's pipeline with `runtime`. */
export function createPipelineListener(runtime: Runtime): Listener {
  const { app, environment, logger, traffic, requestIdHeader: idHeader } = runtime;
  const pre: PluginEnv = { app, environment, phase: 'pre_request', logger };
  const post: PluginEnv = { app, environment, phase: 'post_request', logger };
  const dispatch = compileDispatch(runtime, pre, post);
  const requestEnded = (): void => {
    traffic.inflight -= 1;
    // Only a stopping server listens: one boolean read per request otherwise.
    if (traffic.stopping) traffic.onRequestEnd?.();
  };
  return (raw, res) => {
    traffic.inflight += 1;
    const exchange = exchangeOf(raw);
    const id = requestIdFor(idHeader === undefined ? undefined : raw.headers[idHeader]);
    exchange.id = id;
    const flow: Flow = {
      raw,
      res,
      id,
      json: runtime.json,
      runtime,
      exchange,
      req: undefined,
      compiled: undefined,
      checks: undefined,
      allow: undefined,
      answers: runtime.routes.answers,
    };
    if (runtime.logRequests) logWhenDone(flow);
    let outcome: void | Promise<unknown> | typeof DONE = undefined;
    try {
      outcome = dispatch(flow);
    } catch (error) {
      outcome = fail(flow, error);
    }
    if (outcome === undefined || outcome === DONE) return requestEnded();
    // One reaction for both outcomes (not .catch().finally(): two more promises per request). A failure's answer may come
    // later (an app's onError); the request ends once it settles, even were fail to throw.
    outcome.then(requestEnded, (error: unknown) =>
      new Promise((answered) => answered(fail(flow, error))).then(requestEnded, requestEnded),
    );
  };
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;
const PREFIX = `${randomBytes(9).toString('base64url')}-`;
let counter = 0;

/**
 * The id of a request whose id header is `incoming`: kept when safe to echo and log, else a random per-process prefix
 * (72 bits, so instances do not collide) and a counter, as hyperid does: a randomUUID() per request cost (bench/server.bench.ts).
 */
export function requestIdFor(incoming: string | string[] | undefined): string {
  if (typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming)) return incoming;
  counter = counter === Number.MAX_SAFE_INTEGER ? 1 : counter + 1;
  return PREFIX + counter.toString(36);
}

/**
 * The request log line (docs/pipeline.md, "Logging"), written when the response closes: the path as routed (never the query),
 * the `clientAddress` of `flow.req` as the last stage handed it on (a trusted-proxy plugin's), else the peer; none for `options.log: false`.
 * Span and peer are taken now: by 'close' the span may have ended and the socket forgotten its peer.
 */
function logWhenDone(flow: Flow): void {
  const { raw, res, runtime } = flow;
  const span = recordingSpan();
  const peer = raw.socket?.remoteAddress;
  res.once('close', () => {
    if (flow.compiled?.log === false) return;
    const duration = endedAt(flow.exchange) - flow.exchange.startedMs;
    const client = flow.req?.clientAddress ?? peer;
    // Not the client's leaving: fw cut its own answer, whose body failed after the head (request_failed says why).
    const cut = !res.writableFinished && flow.exchange.failure !== undefined;
    runtime.logger.info({
      event: 'request',
      request_id: flow.id,
      method: raw.method,
      path: flow.exchange.target?.path ?? null,
      status: res.writableFinished || cut ? res.statusCode : 0,
      duration_ms: Math.round(duration * 1000) / 1000,
      ...(client === undefined ? {} : { 'client.address': client }),
      ...(cut && { cut: true }),
      ...(res.writableFinished || cut ? {} : { aborted: true, ...(runtime.traffic.cut && { cut_at_shutdown: true }) }),
      ...(span === undefined ? {} : traceFieldsOf(span)),
    });
  });
}

/** What node:http takes for `Expect: 100-continue` (its `continueExpression`). */
const CONTINUE = /(?:^|\W)100-continue(?:$|\W)/i;

/** Before any lane, compiled once per listener: the checks of the request line and host, the router's find(), then the lane of the route, preflight or miss. */
function compileDispatch(runtime: Runtime, pre: PluginEnv, post: PluginEnv): (flow: Flow) => void | Promise<void> {
  // By group index: one array read per request.
  const lanes = runtime.routes.groups.map((group) => compileLanes(group, pre, post));
  const missLaneOf = compileMissLanes(runtime.routes, pre);
  // A miss has no route: an empty template, as no route's (templates start with '/').
  const missedRoute: RouteInfo = Object.freeze({
    app: runtime.app,
    template: '',
    module: undefined,
    function: undefined,
    extra: Object.freeze({}),
  });
  return (flow) => {
    const { raw } = flow;
    if (raw.httpVersionMajor !== 1) return refuseVersion(flow);
    const { target, host } = flow.exchange;
    if (target === undefined || host === undefined) return writeError(flow, 400, 'bad request target');
    // RFC 9112 §3.2: more than one Host, or one that is not host[:port], is a 400.
    if (host === 'invalid') return writeError(flow, 400, 'invalid host header');
    // An expectation other than 100-continue cannot be met (RFC 9110 §10.1.1): node:http's own 417 would go unlogged (start-server.ts).
    // A body it carries is never read: close after, lingering, as node:http closes after a 100-continue answered before the 100 (kept, the connection waited until request_timeout for a body held back).
    if (raw.headers.expect !== undefined && raw.httpVersionMinor === 1 && !CONTINUE.test(raw.headers.expect))
      return writeError(flow, 417, 'expectation failed: only 100-continue is supported', {
        headers: carriesBody(raw) ? { connection: 'close' } : {},
      });
    // node:http undoes only chunked, and answers 400 when it is not the last coding (RFC 9112 §6.3): one before it would reach the reader (§6.1).
    if (/,[ \t]*chunked$/i.test(raw.headers['transfer-encoding'] ?? ''))
      return writeError(flow, 501, 'transfer coding not implemented: only chunked is read');
    // An HTTP/1.0 message with Transfer-Encoding has faulty framing, to close after (RFC 9112 §6.1): node:http keeps its connection.
    if (raw.httpVersionMinor === 0 && raw.headers['transfer-encoding'] !== undefined) closeAfterResponse(flow.res);
    // node:http keeps the first of two Authorization or Content-Type headers: the credential, or what the body is, must not depend on order.
    if (raw.headers.authorization !== undefined && hasRepeatedHeader(raw.rawHeaders, 'authorization'))
      return writeError(flow, 400, 'repeated authorization header');
    if (raw.headers['content-type'] !== undefined && hasRepeatedHeader(raw.rawHeaders, 'content-type'))
      return writeError(flow, 400, 'repeated content-type header');
    const method = raw.method ?? 'GET';
    const found = runtime.router.find(method, host.host, target.path);
    if (found.kind === 'found') {
      const compiled = found.route.data;
      flow.checks = runtime.schemas.get(compiled);
      return runLane(lanes[compiled.group.index]!.route, 0, routed(flow, found, compiled.info));
    }
    const missLane = (allow: string | undefined, malformed = false): void | Promise<void> => {
      flow.allow = allow;
      const { lane, answers } = missLaneOf(host.host, target.path, malformed);
      flow.answers = answers;
      // No plugin to run and no own answer: the answer needs no FwRequest.
      if (lane.length === 1 && (allow === undefined ? answers.onNotFound : answers.onMethodNotAllowed) === undefined)
        return writeMiss(flow, allow, malformed);
      return runLane(lane, 0, routed(flow, undefined, missedRoute));
    };
    if (found.kind === 'not_found') return missLane(undefined, found.malformed);
    const allow = (found.allowed.includes('OPTIONS') ? found.allowed : [...found.allowed, 'OPTIONS']).join(', ');
    if (method !== 'OPTIONS') return missLane(allow);
    // OPTIONS on a path that declares no OPTIONS method: the pre_request plugins of the path's
    // group run (so CORS answers preflights), then 204 with allow.
    const { preflight } = found;
    if (preflight === undefined) return missLane(undefined);
    flow.allow = allow;
    return runLane(
      lanes[preflight.route.data.group.index]!.preflight,
      0,
      routed(flow, preflight, preflight.route.data.info),
    );
  };
}

/** fw speaks HTTP/1.x only: 400 for llhttp's versionless HTTP/0.9 `GET /` (RFC 9112 §3), 505 for another major (RFC 9110 §15.6.6); then a close. */
function refuseVersion(flow: Flow): void {
  closeAfterResponse(flow.res);
  if (flow.raw.httpVersionMajor === 0) return writeError(flow, 400, 'request line without an HTTP/1.x version');
  writeError(flow, 505, 'http version not supported');
}

/** `flow`, routed: for a route found (a preflight's too) its compiled route, answers and exchange.route (`info`) set; then its FwRequest (a miss's: no bindings, `req.route` the empty template). */
function routed(flow: Flow, found: RouteFound<RouteTarget> | undefined, info: RouteInfo): RoutedFlow {
  const target = flow.exchange.target!;
  if (found !== undefined) {
    flow.compiled = found.route.data;
    flow.answers = found.route.data.group.answers;
    flow.exchange.route = info;
  }
  flow.req = new PipelineRequest(
    flow.raw,
    flow.res,
    flow.id,
    flow.json,
    target.path,
    target.query,
    found?.bindings ?? NO_BINDINGS,
    found?.pathinfo,
    info,
    flow.runtime.logger,
  );
  return flow as RoutedFlow;
}

/**
 * A router 404 (`allow` undefined) or 405, after the miss lane's pre_request plugins and nothing
 * else: the request's onNotFound or onMethodNotAllowed, else fw's answer.
 */
function answerMiss(flow: RoutedFlow): Answered {
  const { req, allow } = flow;
  const { onNotFound, onMethodNotAllowed } = flow.answers;
  const builtin = (): void => writeMiss(req, allow, false);
  if (allow === undefined && onNotFound !== undefined)
    return answerOwn(flow, 'onNotFound', () => onNotFound(req), builtin);
  if (allow !== undefined && onMethodNotAllowed !== undefined) {
    // RFC 9110 §15.5.6: a 405 lists the methods, whoever words it (the answer's own allow wins).
    req.responseHeaders.allow = allow;
    return answerOwn(flow, 'onMethodNotAllowed', () => onMethodNotAllowed(req, allow.split(', ')), builtin);
  }
  return doneOnceWritten(builtin());
}

/** A path that does not decode (docs/router.md, "Percent-decoding") is `malformed`: a client error, 400 as in Fastify. */
function writeMiss(target: ResponseTarget, allow: string | undefined, malformed: boolean): void {
  if (allow !== undefined) writeError(target, 405, 'method not allowed', { headers: { allow } });
  else if (malformed) writeError(target, 400, 'malformed percent-escape in the path');
  else writeError(target, 404, 'not found');
}

/** A router miss's lane and own answers. */
type MissLane = { readonly lane: readonly Stage[]; readonly answers: ErrorAnswers };

/**
 * The lanes of router misses (docs/pipeline.md, "Router misses"), compiled once, and their lookup by host and path: the lane (the
 * pre_request plugins, then the answer) and own answers of the group whose host and prefix the router matches, else the global
 * list's and the app's, as Fastify runs onRequest hooks before its not-found handler. Each group is a route `prefix/[...]` (a
 * prefix ending in `[...]` as it is) of a router of its own, so hosts, bindings, escapes and precedence are the router's; of
 * groups with one host and prefix shape (a conflict to the router) the first defined takes the misses; a malformed path the global one's, then fw's 400.
 */
function compileMissLanes(routes: CompiledRoutes, env: PluginEnv) {
  const laneOf = (steps: readonly PluginStep[], answer = answerMiss): readonly Stage[] =>
    answeredAfter(
      steps.filter((step) => step.instance.plugin.matchedRoutesOnly !== true),
      env,
      answer,
    );
  const prefixes = routes.groups
    .map((group) => ({ ...missRouteOf(group), data: { lane: laneOf(group.plugins.pre), answers: group.answers } }))
    .filter((route, at, all) => all.findIndex((other) => other.shape === route.shape) === at);
  const router = createRouter(prefixes);
  const global = { lane: laneOf(routes.global.pre), answers: routes.answers };
  const undecodable = {
    lane: laneOf(routes.global.pre, (flow) => doneOnceWritten(writeMiss(flow.req, undefined, true))),
    answers: routes.answers,
  };
  return (host: string | undefined, path: string, malformed: boolean): MissLane => {
    const found = malformed ? undefined : router.find('GET', host, path);
    return found?.kind === 'found' ? found.route.data : malformed ? undecodable : global;
  };
}
