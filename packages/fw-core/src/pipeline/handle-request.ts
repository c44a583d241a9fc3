/**
 * fw's pipeline for one request (fw_stream_h's listener): router → pre_request plugins →
 * security → body decoding → route schema checks → controller → post_request plugins → write. Every failure becomes a response;
 * nothing a request does can throw out of here.
 *
 * Each step returns `void | Promise<void>` and only goes async when a plugin, security callback
 * or handler returns a promise. Measured with bench/server.bench.ts (GET /api/posts/:id): the
 * all-async version cost 41 µs of server CPU per request against 24.7 µs for raw node:http.
 */
import { randomBytes } from 'node:crypto';
import type { RouteTarget } from '../app/compile-routes.ts';
import { isAction } from '../app/controller.ts';
import { FwError, isFwError } from '../errors.ts';
import { serverErrorText } from '../http/error-body.ts';
import { lingerAfterAnswer } from '../http/lingering-close.ts';
import type { FwRequest, RouteInfo } from '../http/request.ts';
import { hasRepeatedHeader, type RequestTarget } from '../http/request-target.ts';
import { refuseVersion } from '../http/request-line-version.ts';
import { json, status as bare, type FwResponse } from '../http/response.ts';
import { isAnswered, type ResponseTarget } from '../http/write-head.ts';
import { writeError, writeResponse } from '../http/write-response.ts';
import { takeDeferredDecoding } from '../plugins/deferred-body.ts';
import type { PluginEnv } from '../plugins/plugin.ts';
import { runPhase, type PhaseOutcome } from '../plugins/run-phase.ts';
import { isThenable } from '../promises.ts';
import type { RouteFound } from '../router/router.ts';
import { checkRequest } from '../schema/check-request.ts';
import { exchangeOf, type Exchange } from '../stream/exchange.ts';
import type { Listener } from '../stream/stream-handler.ts';
import { logWhenDone, noteForLog, skipLog } from './request-log.ts';
import { runSecurity, type SecurityOutcome } from './run-security.ts';
import type { Runtime } from './runtime.ts';

/** Built once per runtime: the two plugin environments, and `req.route` of router misses. */
interface Envs {
  readonly pre: PluginEnv;
  readonly post: PluginEnv;
  readonly missedRoute: RouteInfo;
}

type Step = void | Promise<void>;

/** The listener that runs fw's pipeline with `runtime`. */
export function createPipelineListener(runtime: Runtime): Listener {
  const envs: Envs = {
    pre: { app: runtime.app, environment: runtime.environment, phase: 'pre_request', logger: runtime.logger },
    post: { app: runtime.app, environment: runtime.environment, phase: 'post_request', logger: runtime.logger },
    // A miss has no route: an empty template, as no route's (templates start with '/').
    missedRoute: Object.freeze({ app: runtime.app, template: '', module: undefined, function: undefined, extra: Object.freeze({}) }),
  };
  const { traffic } = runtime;
  const done = (): void => {
    traffic.inflight -= 1;
    // Only a stopping server listens: one boolean read per request otherwise.
    if (traffic.stopping) traffic.onRequestEnd?.();
  };
  const idHeader = runtime.requestIdHeader;
  return (raw, res) => {
    traffic.inflight += 1;
    const id = requestIdFor(idHeader === undefined ? undefined : raw.headers[idHeader]);
    const exchange = exchangeOf(raw);
    exchange.id = id;
    const ctx: ResponseTarget = { raw, res, id, json: runtime.json };
    if (runtime.logRequests) logWhenDone(runtime, raw, res, id, exchange.target);
    let step: Step = undefined;
    try {
      step = dispatch(runtime, envs, ctx, exchange);
    } catch (error) {
      fail(runtime, ctx, error);
    }
    if (step === undefined) return done();
    // One reaction for both outcomes (not .catch().finally(): two more promises per request).
    step.then(done, (error: unknown) => {
      try {
        fail(runtime, ctx, error);
      } finally {
        done();
      }
    });
  };
}

function dispatch(runtime: Runtime, envs: Envs, ctx: ResponseTarget, exchange: Exchange): Step {
  const { raw } = ctx;
  if (raw.httpVersionMajor !== 1) return refuseVersion(ctx);
  const { target, host } = exchange;
  if (target === undefined || host === undefined) return writeError(ctx, 400, 'bad request target');
  // RFC 9112 §3.2: more than one Host, or one that is not host[:port], is a 400.
  if (host === 'invalid') return writeError(ctx, 400, 'invalid host header');
  // node:http keeps the first of two Authorization headers: which one counts must not depend on order.
  if (raw.headers.authorization !== undefined && hasRepeatedHeader(raw.rawHeaders, 'authorization')) return writeError(ctx, 400, 'repeated authorization header');
  const method = raw.method ?? 'GET';
  const found = runtime.router.find(method, host.host, target.path);
  if (found.kind === 'found') {
    const req = makeRequest(ctx, target, found);
    exchange.route = req.route;
    return runRoute(runtime, envs, found.route.data, req);
  }
  if (found.kind === 'not_found') return answerMiss(runtime, envs, ctx, target, host.host, undefined);
  const allow = (found.allowed.includes('OPTIONS') ? found.allowed : [...found.allowed, 'OPTIONS']).join(', ');
  if (method !== 'OPTIONS') return answerMiss(runtime, envs, ctx, target, host.host, allow);
  // OPTIONS on a path that declares no OPTIONS method: run the pre_request plugins of the
  // path's group (so CORS answers preflights), then answer 204 with allow.
  const { preflight } = found;
  if (preflight === undefined) return answerMiss(runtime, envs, ctx, target, host.host, undefined);
  const req = makeRequest(ctx, target, preflight);
  const answer = (outcome: PhaseOutcome): Step => {
    if (runtime.logRequests) noteForLog(outcome.req, preflight.route.data.log);
    return outcome.kind === 'continue' ? writeResponse(outcome.req, bare(204, { allow })) : phaseEnded(runtime, outcome);
  };
  const pre = runPhase(preflight.route.data.group.plugins.pre, req, envs.pre);
  return isThenable<PhaseOutcome>(pre) ? Promise.resolve(pre).then(answer) : answer(pre);
}

/**
 * A router 404 (`allow` undefined) or 405: the pre_request plugins of the best-matching group
 * run first (miss-plugins.ts), so their headers (CORS, rate limits) land on the answer and a
 * plugin may answer instead (a 429). No security, body decoding or post_request plugins.
 */
function answerMiss(runtime: Runtime, envs: Envs, ctx: ResponseTarget, target: RequestTarget, host: string | undefined, allow: string | undefined): Step {
  const steps = runtime.missPlugins(host, target.path);
  if (steps.length === 0) return writeMiss(ctx, allow);
  const req = makeMissRequest(envs, ctx, target);
  const answer = (outcome: PhaseOutcome): void => {
    if (runtime.logRequests) noteForLog(outcome.req, true);
    if (outcome.kind !== 'continue') return phaseEnded(runtime, outcome);
    // fw_request_plugin only noted the body to decode: nothing will, so drop the note.
    takeDeferredDecoding(outcome.req.raw);
    writeMiss(outcome.req, allow);
  };
  const pre = runPhase(steps, req, envs.pre);
  return isThenable<PhaseOutcome>(pre) ? Promise.resolve(pre).then(answer) : answer(pre);
}

function writeMiss(ctx: ResponseTarget, allow: string | undefined): void {
  if (allow === undefined) return writeError(ctx, 404, 'not found');
  writeError(ctx, 405, 'method not allowed', { headers: { allow } });
}

function runRoute(runtime: Runtime, envs: Envs, target: RouteTarget, req: FwRequest): Step {
  if (!target.log) skipLog(req.raw);
  const pre = runPhase(target.group.plugins.pre, req, envs.pre);
  if (isThenable<PhaseOutcome>(pre)) return Promise.resolve(pre).then((settled) => afterPre(runtime, envs, target, settled));
  return afterPre(runtime, envs, target, pre);
}

// The steps below are plain functions called directly on the synchronous path; closures are
// made only where a promise has to be waited for (each closure per request cost measurably).

function afterPre(runtime: Runtime, envs: Envs, target: RouteTarget, pre: PhaseOutcome): Step {
  // After pre_request: a trusted-proxy plugin has set req.clientAddress by now.
  if (runtime.logRequests) noteForLog(pre.req, target.log);
  if (pre.kind !== 'continue') return phaseEnded(runtime, pre);
  const req = pre.req;
  const security = target.group.security;
  if (security === false) return control(runtime, envs, target, req);
  const outcome = runSecurity(security, req);
  if (isThenable<SecurityOutcome>(outcome)) return Promise.resolve(outcome).then((settled) => afterSecurity(runtime, envs, target, req, settled));
  return afterSecurity(runtime, envs, target, req, outcome);
}

function afterSecurity(runtime: Runtime, envs: Envs, target: RouteTarget, req: FwRequest, outcome: SecurityOutcome): Step {
  if (outcome.kind === 'allow') return control(runtime, envs, target, req);
  // A refused request's body is never read (deferred-body.ts): rather than have node:http
  // drain it for the next request on the connection, close the connection after the answer,
  // a lingering close (lingering-close.ts) so a client still sending the body reads the answer.
  if (takeDeferredDecoding(req.raw) !== undefined) {
    req.res.shouldKeepAlive = false;
    if (req.raw.socket) lingerAfterAnswer(req.raw.socket);
  }
  if (outcome.kind === 'redirect') return writeResponse(req, { kind: 'redirect', status: 302, location: outcome.location });
  const { body } = outcome;
  const denial: FwResponse =
    typeof body === 'string'
      ? bare(outcome.status, { 'content-type': 'text/plain; charset=utf-8', ...outcome.headers }, body)
      : json(body, outcome.status, outcome.headers);
  return writeResponse(req, denial);
}

/** The controller's turn: decode a deferred body first, and do nothing for a client that is gone. */
function control(runtime: Runtime, envs: Envs, target: RouteTarget, req: FwRequest): Step {
  const decode = takeDeferredDecoding(req.raw);
  if (decode !== undefined) {
    return decode(req).then((outcome) => (outcome.kind === 'continue' ? invoke(runtime, envs, target, outcome.req) : phaseEnded(runtime, outcome)));
  }
  return invoke(runtime, envs, target, req);
}

function invoke(runtime: Runtime, envs: Envs, target: RouteTarget, req: FwRequest): Step {
  if (req.res.destroyed) return;
  // A static route compiled without serveStatic (inspection) has nothing to serve.
  if (target.kind === 'static') return target.serveStatic === undefined ? writeError(req, 404, 'not found') : target.serveStatic(req);
  const handler = target.handler;
  const fn = isAction(handler) ? handler.fn : handler;
  if (fn === undefined) return writeError(req, 404, 'not found');
  const checks = runtime.schemas.get(target);
  // A request that fails its schema is answered in the handler's place (check-request.ts).
  const response = (checks === undefined ? undefined : checkRequest(checks, req)) ?? fn(req);
  if (isThenable<FwResponse>(response)) return Promise.resolve(response).then((settled) => afterHandler(runtime, envs, target, req, settled));
  return afterHandler(runtime, envs, target, req, response);
}

function afterHandler(runtime: Runtime, envs: Envs, target: RouteTarget, req: FwRequest, response: FwResponse): Step {
  req.response = response;
  const post = runPhase(target.group.plugins.post, req, envs.post);
  if (isThenable<PhaseOutcome>(post)) return Promise.resolve(post).then((settled) => afterPost(runtime, target, req, settled));
  return afterPost(runtime, target, req, post);
}

function afterPost(runtime: Runtime, target: RouteTarget, req: FwRequest, post: PhaseOutcome): Step {
  if (post.kind !== 'continue') return phaseEnded(runtime, post);
  const final = post.req.response;
  if (final === undefined) return fail(runtime, req, new FwError('FW_ERR_PLUGIN_REMOVED_RESPONSE', 'post_request plugins removed the response'));
  return writeResponse(post.req, final, runtime.schemas.get(target)?.responses);
}

/** A phase that stopped (the plugin replied) or failed (500). */
function phaseEnded(runtime: Runtime, outcome: PhaseOutcome): void {
  if (outcome.kind === 'error') return pluginFailed(runtime, outcome.req, outcome.plugin, outcome.reason);
  // A destroyed response means the client went away (an abort, or node:http's request timeout
  // answered 408 and closed): nobody is left to reply to, so this is not a plugin bug.
  if (isAnswered(outcome.req.res)) return;
  fail(runtime, outcome.req, new FwError('FW_ERR_PLUGIN_STOP_WITHOUT_REPLY', 'a plugin returned stop without replying'));
}

function makeRequest(ctx: ResponseTarget, target: RequestTarget, found: RouteFound<RouteTarget>): FwRequest {
  return newRequest(ctx, target, found.route.data.info, found.bindings, found.pathinfo);
}

/** The request of a router miss: no bindings, and `req.route` with the empty template. */
function makeMissRequest(envs: Envs, ctx: ResponseTarget, target: RequestTarget): FwRequest {
  return newRequest(ctx, target, envs.missedRoute, NO_BINDINGS, undefined);
}

/** One shape for every FwRequest fw makes (the same fields in the same order keep call sites monomorphic). */
function newRequest(ctx: ResponseTarget, target: RequestTarget, route: RouteInfo, bindings: Readonly<Record<string, string>>, pathinfo: readonly string[] | undefined): FwRequest {
  const { raw } = ctx;
  return {
    raw,
    res: ctx.res,
    id: ctx.id,
    json: ctx.json,
    method: raw.method ?? 'GET',
    path: target.path,
    query: target.query,
    headers: raw.headers,
    bindings,
    pathinfo,
    route,
    body: undefined,
    params: undefined,
    auth_data: undefined,
    responseHeaders: {},
    response: undefined,
    locals: {},
  };
}

const NO_BINDINGS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * A plugin's `['error', reason]`, throw, rejection or malformed result: always 500 (spec),
 * whatever the reason, which stays the error's `cause` (its stack too: see stackLines).
 */
function pluginFailed(runtime: Runtime, req: FwRequest, plugin: string, reason: unknown): void {
  const message = `plugin ${plugin} failed: ${reason instanceof Error ? reason.message : describe(reason)}`;
  const error = new FwError('FW_ERR_PLUGIN_FAILED', message, { cause: reason, details: { plugin } });
  fail(runtime, req, error, `plugin ${plugin}`);
}

/**
 * Answers a failure: an FwError with its status (an exposed 4xx with its message, a 5xx with the
 * status's generic text), anything else 500; whatever is not exposed is logged once.
 */
function fail(runtime: Runtime, ctx: ResponseTarget, error: unknown, where = 'pipeline'): void {
  const exposed = isFwError(error) && error.expose;
  if (!exposed) runtime.logger.error({ event: 'request_failed', request_id: ctx.id, where, err: error }, 'request failed');
  const stack = !exposed && runtime.useStacktrace && error instanceof Error && error.stack ? stackLines(error) : undefined;
  const code = isFwError(error) ? error.status : 500;
  writeError(ctx, code, exposed ? error.message : serverErrorText(code), stack === undefined ? {} : { stack });
}

/**
 * The stack lines of `error`, then those of each Error in its `cause` chain, the first line of
 * each cause marked `Caused by:`: a wrapper's own stack shows where fw caught the failure, its
 * cause's where it happened.
 */
function stackLines(error: Error): string[] {
  const lines: string[] = [];
  let current: unknown = error;
  // A bound on the chain: a cause may be the error itself, or loop back to it.
  for (let depth = 0; current instanceof Error && depth < 8; depth++) {
    const own = (current.stack ?? `${current.name}: ${current.message}`).split('\n').map((line) => line.trim());
    if (depth > 0) own[0] = `Caused by: ${own[0] as string}`;
    lines.push(...own);
    current = current.cause;
  }
  return lines;
}

function describe(reason: unknown): string {
  try {
    return typeof reason === 'string' ? reason : (JSON.stringify(reason) ?? String(reason));
  } catch {
    return String(reason);
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;
const PREFIX = `${randomBytes(9).toString('base64url')}-`;
let counter = 0;

/**
 * The id of a request whose `x-request-id` header is `incoming`: kept when it is safe to echo and
 * log (1–128 characters of `[A-Za-z0-9._:@/+=-]`); otherwise made here: a random per-process
 * prefix (72 bits, so ids from different instances do not collide) and a counter, as hyperid
 * does. Measured with bench/server.bench.ts: a crypto.randomUUID() per request cost about 3 µs.
 */
export function requestIdFor(incoming: string | string[] | undefined): string {
  if (typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming)) return incoming;
  counter = counter === Number.MAX_SAFE_INTEGER ? 1 : counter + 1;
  return PREFIX + counter.toString(36);
}
