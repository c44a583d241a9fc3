/**
 * The request path as data (docs/pipeline.md, "One exchange, one loop"): each route group
 * compiles at start into lanes, lists of stages, and one loop runs a lane, synchronously until a
 * stage returns a promise (an await per stage cost far more CPU: bench/server.bench.ts).
 */
import { tracingChannel } from 'node:diagnostics_channel';
import type { CompiledGroup, CompiledRoutes, RouteTarget } from '../app/compile-routes.ts';
import type { InlineHandler } from '../app/controller.ts';
import type {
  ErrorAnswers,
  OwnAnswer,
  SecurityCallback,
  SecurityResult,
  SecuritySchemeDeclaration,
} from '../app/route-group.ts';
import { FwError, isFwError } from '../errors.ts';
import { closeLingering } from '../http/lingering-close.ts';
import { refusingBody, sendContinue } from '../http/read-body.ts';
import type { FwRequest, JsonLib } from '../http/request.ts';
import { isThenable, json, status as bare, type FwResponse, type HeaderMap } from '../http/response.ts';
import {
  badResponse,
  blamed,
  isAnswered,
  serverErrorText,
  unread,
  writeError,
  writeResponse,
  type ResponseTarget,
} from '../http/write-response.ts';
import type { Logger } from '../log/logger.ts';
import type { PluginStep } from '../plugins/plugin-registry.ts';
import type { PluginEnv, PluginResult } from '../plugins/plugin.ts';
import {
  bodyToDecode,
  decodeBody,
  fwRequestPlugin,
  METHODS_WITHOUT_BODY,
  type RequestPluginOptions,
} from '../plugins/request-plugin.ts';
import type { Router } from '../router/router.ts';
import { defaultAnswers } from '../schema/check-request.ts';
import type { RouteChecks, RouteSchemas } from '../schema/compile-route-schemas.ts';
import { existingExchange, type Exchange } from '../stream/exchange.ts';

/** What fw's pipeline needs per request, resolved once at start-up. */
export interface Runtime {
  readonly app: string;
  readonly environment: string;
  readonly router: Router<RouteTarget>;
  readonly schemas: RouteSchemas;
  readonly logger: Logger;
  readonly json: JsonLib;
  readonly useStacktrace: boolean;
  /** `server_configuration.request_id_header`; undefined: ids are always generated. */
  readonly requestIdHeader: string | undefined;
  /** Log one line per request (log level info or lower). */
  readonly logRequests: boolean;
  readonly traffic: Traffic;
  /** The compiled route groups, whose lanes the pipeline compiles at start. */
  readonly routes: CompiledRoutes;
}

/** The server's traffic: `inflight` counted by the pipeline, `stopping` set by startServer's stop (responses then close their connection), `cut` by gracefulClose once its grace ran out (read by the request log line). */
export interface Traffic {
  inflight: number;
  stopping: boolean;
  cut: boolean;
  /** Called after each request ends, only while stopping: graceful close waits on it instead of polling. */
  onRequestEnd: (() => void) | undefined;
}

/** One request's way through the pipeline: the exchange's facts and what the stages hand on. */
export interface Flow extends ResponseTarget {
  readonly runtime: Runtime;
  readonly exchange: Exchange;
  /** The request as the last stage handed it on (plugins may hand on a new object); undefined before routing. */
  req: FwRequest | undefined;
  /** The route found (a preflight's too; none for a miss), as compiled (its handler, group, `options.log`); its `info` is `req.route` and `exchange.route`. */
  compiled: RouteTarget | undefined;
  /** The found route's compiled schemas, set with `compiled` by the pipeline's dispatch: read by the validate and write stages. */
  checks: RouteChecks | undefined;
  /** The `allow` header of a 405 or a preflight's 204. */
  allow: string | undefined;
  /** The request's own answers: its group's (a miss's: the best-matching group's), else the app's. */
  answers: ErrorAnswers;
  /** Who gave the answer the write stage writes when not the handler (`plugin <name>` that replaced it, `onInvalid`): named when fw refuses it. Unset on the normal path. */
  answeredBy?: string;
}

/** A flow past routing. */
export type RoutedFlow = Flow & { req: FwRequest };

/** What a stage tells the loop: run the next stage, skip to the stage's `skipTo`, or the request is answered. */
const NEXT = 0;
const SKIP = 1;
export const DONE = 2;
type Verdict = typeof NEXT | typeof SKIP | typeof DONE;
/** What a stage that answers tells the loop, now or once its answer is written. */
export type Answered = typeof DONE | Promise<typeof DONE>;

/** One step of a lane; `skipTo`: where SKIP goes (a plugin's `break`: past its phase). */
export interface Stage {
  readonly run: (flow: RoutedFlow) => Verdict | Promise<Verdict>;
  readonly skipTo: number;
}

/** Runs `lane` from stage `from`; a promise only once a stage returned one. Throws (rejects) what a stage throws. */
export function runLane(lane: readonly Stage[], from: number, flow: RoutedFlow): void | Promise<void> {
  for (let i = from; i < lane.length; i += 1) {
    const stage = lane[i]!;
    const verdict = stage.run(flow);
    if (verdict === NEXT) continue;
    if (verdict === DONE) return;
    if (verdict === SKIP) {
      i = stage.skipTo - 1;
      continue;
    }
    return verdict.then((settled) =>
      settled === DONE ? undefined : runLane(lane, settled === SKIP ? stage.skipTo : i + 1, flow),
    );
  }
}

/**
 * A group's lanes: a matched route's, and an OPTIONS preflight's on a path without OPTIONS (pre_request plugins, then 204 with
 * `allow`). fw_request_plugin does not run as a plugin: its options configure the body stage, after security.
 */
export function compileLanes(
  group: CompiledGroup,
  preEnv: PluginEnv,
  postEnv: PluginEnv,
): { readonly route: readonly Stage[]; readonly preflight: readonly Stage[] } {
  const pre = group.plugins.pre.filter((step) => step.instance.plugin !== fwRequestPlugin);
  const route = phase(pre, preEnv, 0);
  if (group.security !== false) route.push(stage(securityStage(group.security, group.plugins.decoding)));
  if (group.plugins.decoding !== undefined) route.push(stage(bodyStage(group.plugins.decoding)));
  route.push({ run: validate, skipTo: route.length + 2 }, stage(handle)); // validate's SKIP: past handle
  route.push(...phase(group.plugins.post, postEnv, route.length), stage(write));
  return {
    route,
    preflight: answeredAfter(pre, preEnv, (flow) =>
      doneOnceWritten(writeResponse(flow.req, bare(204, { allow: flow.allow! }))),
    ),
  };
}

/** `steps` run as pre_request plugins, then `last`: a preflight's or a router miss's lane. */
export function answeredAfter(steps: readonly PluginStep[], env: PluginEnv, last: Stage['run']): Stage[] {
  return [...phase(steps, env, 0), stage(last)];
}

function stage(run: Stage['run']): Stage {
  return { run, skipTo: -1 };
}

function phase(steps: readonly PluginStep[], env: PluginEnv, at: number): Stage[] {
  return steps.map((step) => ({ run: (flow) => runPlugin(flow, step, env), skipTo: at + steps.length }));
}

/**
 * One plugin (spec: "Result tuples"): `ok` goes on, `break` skips the rest of the phase, `stop` ends the request (the
 * plugin replied); `error`, a throw, a rejection or a malformed result is a 500. A returned state replaces the stored one.
 */
function runPlugin(flow: RoutedFlow, step: PluginStep, env: PluginEnv): Verdict | Promise<Verdict> {
  let result: PluginResult<unknown> | Promise<PluginResult<unknown>>;
  const was = flow.req.response;
  try {
    result = step.callback(flow.req, env, step.instance.options, step.instance.state);
  } catch (error) {
    return pluginFailed(flow, step.instance.plugin.name, error);
  }
  if (!Array.isArray(result) && isThenable(result))
    return Promise.resolve(result).then(
      (settled) => applyResult(flow, step, settled, was),
      (error: unknown) => pluginFailed(flow, step.instance.plugin.name, error),
    );
  return applyResult(flow, step, result, was);
}

/** A plugin's result `got`; `was`: the answer before it ran (a post_request plugin's). */
function applyResult(flow: RoutedFlow, step: PluginStep, got: unknown, was?: FwResponse): Verdict | Promise<Verdict> {
  const plugin = step.instance.plugin.name;
  if (!Array.isArray(got)) return pluginFailed(flow, plugin, malformed(got, flow.req));
  const [tag, next] = got as unknown[];
  if (tag === 'error') return pluginFailed(flow, plugin, next);
  // What a plugin hands on is the request or a copy ({...req}): fw answers on its `res`.
  if ((tag !== 'ok' && tag !== 'break' && tag !== 'stop') || (next as Partial<FwRequest> | null)?.res !== flow.res)
    return pluginFailed(flow, plugin, malformed(got, flow.req));
  step.instance.state = got[2];
  if (next !== flow.req) adoptGetters(next as FwRequest, flow.req);
  flow.req = next as FwRequest;
  if (was !== undefined && flow.req.response !== was) {
    flow.answeredBy = `plugin ${plugin}`;
    drop(flow, was);
  }
  // A reply ends the request whatever the tag: a plugin's reply with `ok` (a forgotten stop) must not run the handler behind it.
  if (!flow.req.res.headersSent && tag !== 'stop') return tag === 'ok' ? NEXT : SKIP;
  drop(flow, flow.req.response);
  // Answered includes a client gone (an abort, node:http's 408): not a plugin bug then.
  if (isAnswered(flow.req.res)) return DONE;
  const unanswered = `plugin ${plugin} returned ['stop', req, state] without replying: answer with reply() or replyJson() from fw-core first, or return ['ok', req, state]`;
  const error = new FwError('FW_ERR_PLUGIN_STOP_WITHOUT_REPLY', unanswered, { details: { plugin } });
  return fail(flow, error, `plugin ${plugin}`);
}

/** A copy ({...req}) lacks the getters of fw's request (http/request.ts): its `log` and `signal` are the request's. */
function adoptGetters(copy: object, from: FwRequest): void {
  if (!('log' in copy)) Object.assign(copy, { log: from.log });
  if (!('signal' in copy)) Object.defineProperty(copy, 'signal', { get: () => from.signal });
}

const DEFAULT_DENY_BODY: Readonly<Record<number, string>> = { 401: 'unauthorized', 403: 'forbidden' };

/**
 * The group's security callback (docs/pipeline.md, "Security"). A denial always has a body: the callback's, else
 * `{"error": "unauthorized"}` (401), `"forbidden"` (403) or `"access denied"`. A throw or rejection is the request's failure.
 */
function securityStage(callback: SecurityCallback, decoding: RequestPluginOptions | undefined): Stage['run'] {
  const challenge = challengeOf(callback.securityScheme);
  const judge = (flow: RoutedFlow, result: SecurityResult): Verdict | Promise<Verdict> => {
    if (result === true) return NEXT;
    let denial: FwResponse | undefined;
    if (result === false) denial = deny(401, undefined, undefined, challenge);
    else if (typeof result === 'object' && result !== null) {
      if ('redirect' in result && typeof result.redirect === 'string')
        denial = { kind: 'redirect', status: 302, location: result.redirect };
      else if ('allow' in result && result.allow === true) {
        if ('auth_data' in result) flow.req.auth_data = result.auth_data!;
        return NEXT;
      } else if ('allow' in result && result.allow === false) {
        const status = result.status ?? 401;
        if (Number.isInteger(status) && status >= 400 && status <= 599)
          denial = deny(status, result.headers, result.body, challenge);
      }
    }
    if (denial === undefined)
      throw new FwError(
        'FW_ERR_SECURITY_BAD_RESULT',
        `security callback ${callback.name || '(anonymous)'} returned ${describe(result, flow.req, true)}; return true, false, {allow: true, auth_data?}, {allow: false, status?, headers?, body?} or {redirect: location}`,
      );
    // A refused request's body fw_request_plugin would decode is never read: the connection closes after the answer, whatever its size (a larger body unread closes any answer's: http/read-body.ts, leavesBodyUnread).
    if (decoding !== undefined && bodyToDecode(flow.req, decoding) !== undefined) closeLingering(flow.req.res);
    return doneOnceWritten(writeResponse(flow.req, denial));
  };
  return (flow) => {
    const result = callback(flow.req);
    if (!isThenable<SecurityResult>(result)) return judge(flow, result);
    return Promise.resolve(result).then((settled) => judge(flow, settled));
  };
}

/**
 * The `www-authenticate` a 401 needs (RFC 9110 §15.5.2) for the declared scheme: http bearer's and basic's; OAuth 2 and
 * OpenID Connect send bearer tokens (RFC 6750 §3). Others, an API key among them, have no registered challenge.
 */
function challengeOf(declared: SecuritySchemeDeclaration | undefined): string | undefined {
  const { type, scheme } = declared?.scheme ?? {};
  if (type === 'oauth2' || type === 'openIdConnect') return 'Bearer';
  if (type !== 'http' || typeof scheme !== 'string') return undefined;
  if (scheme.toLowerCase() === 'bearer') return 'Bearer';
  return scheme.toLowerCase() === 'basic'
    ? `Basic realm="${(declared!.realm ?? declared!.name).replace(/["\\]/g, '\\$&')}", charset="UTF-8"`
    : undefined;
}

/** A denial, its body `body` else fw's; a 401 that sets no `www-authenticate` gets the scheme's `challenge`. */
function deny(status: number, own: HeaderMap | undefined, body: unknown, challenge: string | undefined): FwResponse {
  const shown = body ?? { error: DEFAULT_DENY_BODY[status] ?? 'access denied' };
  const set = Object.keys(own ?? {}).some((name) => name.toLowerCase() === 'www-authenticate');
  const headers = status === 401 && challenge !== undefined && !set ? { ...own, 'www-authenticate': challenge } : own;
  return typeof shown === 'string'
    ? bare(status, { 'content-type': 'text/plain; charset=utf-8', ...headers }, shown)
    : json(shown, status, headers);
}

/** fw_request_plugin's work (plugins/request-plugin.ts): decode the body, or answer 4xx and stop. */
function bodyStage(decoding: RequestPluginOptions): Stage['run'] {
  return (flow) => {
    // Read here too, so a GET does not call into the plugin's module (scripts/code-shape.ts).
    if (METHODS_WITHOUT_BODY.has(flow.req.method)) return NEXT;
    const contentType = bodyToDecode(flow.req, decoding);
    if (contentType === undefined) return NEXT;
    return decodeBody(flow.req, contentType, decoding).then(
      (decoded) => (decoded ? NEXT : DONE),
      (error: unknown) => pluginFailed(flow, 'fw_request_plugin', error),
    );
  };
}

/** The route's schema checks: a failing request is answered in the handler's place (SKIP), so post_request plugins still see it. */
function validate(flow: RoutedFlow): Verdict | Promise<Verdict> {
  const { req, checks } = flow;
  // Nothing is worked on for a client that is gone, before the checks or after an asynchronous one.
  if (req.res.destroyed) return DONE;
  if (checks === undefined) return NEXT;
  const answer = checks.check(req);
  if (answer === undefined) return NEXT;
  const keep = (own: FwResponse): Verdict => {
    if (!defaultAnswers.has(own)) flow.answeredBy = 'onInvalid';
    return keepResponse(req, own, SKIP);
  };
  if (isThenable(answer))
    return answer.then((settled) => (req.res.destroyed ? DONE : settled === undefined ? NEXT : keep(settled)));
  return keep(answer);
}

/** The controller's turn, traced on the `fw.request.handler` channel when it has subscribers. */
function handle(flow: RoutedFlow): Verdict | Promise<Verdict> {
  const { req } = flow;
  // `Expect: 100-continue` past security without a body to invite: the 100 before the handler (RFC 9110 §10.1.1); one with a body gets it from its first read.
  sendContinue(flow.raw, true);
  const compiled = flow.compiled!;
  // Never undefined here: fw's listener loads its app with serveStatic (create-listener.ts); only inspection loads without.
  if (compiled.kind === 'static') return doneOnceWritten(compiled.serveStatic!(req));
  const fn = compiled.fn;
  const response = handlerChannel.hasSubscribers ? traceHandler(fn, req, flow.exchange) : fn(req);
  if (isThenable<FwResponse>(response))
    return Promise.resolve(response).then((settled) => keepResponse(req, settled, NEXT));
  return keepResponse(req, response, NEXT);
}

/** What subscribers of `fw.request.handler` receive (docs/pipeline.md, "Diagnostics channel"). */
export interface HandlerChannelContext {
  readonly req: FwRequest;
  readonly exchange: Exchange;
  /** What the handler answered, once it did. */
  result?: FwResponse;
  /** What the handler threw or rejected with. */
  error?: unknown;
}

// tracingChannel events around each handler call, as Fastify publishes `fastify.request.handler`:
// start/end around the call, asyncStart/asyncEnd when a returned promise (or thenable) settles, error on a
// throw or rejection. Nothing is done, and nothing allocated, while nobody subscribes.
const handlerChannel = tracingChannel<unknown, HandlerChannelContext>('fw.request.handler');

/** Calls `fn(req)` inside the channel's events; the answer (or failure) is the handler's own. */
function traceHandler(fn: InlineHandler, req: FwRequest, exchange: Exchange): FwResponse | Promise<FwResponse> {
  const context: HandlerChannelContext = { req, exchange };
  const { start, end, asyncStart, asyncEnd, error } = handlerChannel;
  const failed = (reason: unknown): never => {
    context.error = reason;
    error.publish(context);
    throw reason;
  };
  return start.runStores(context, () => {
    try {
      const result = fn(req);
      if (!isThenable<FwResponse>(result)) return (context.result = result);
      // asyncStart and asyncEnd once a returned promise settles, after `error` when it rejects.
      return Promise.resolve(result)
        .then((value) => (context.result = value), failed)
        .finally(() => (asyncStart.publish(context), asyncEnd.publish(context)));
    } catch (reason) {
      return failed(reason);
    } finally {
      end.publish(context);
    }
  });
}

/** Keeps `response` for the post_request plugins; none at all (a check's answer never is) is the handler's slip, not theirs. */
function keepResponse(req: FwRequest, response: FwResponse | undefined, verdict: Verdict): Verdict {
  if (response === undefined) throw badResponse(`nothing (the route ${req.route.template})`);
  req.response = response;
  return verdict;
}

/** The write stage: the response as the post_request plugins left it. */
function write(flow: RoutedFlow): Verdict | Promise<Verdict> {
  const final = flow.req.response;
  if (final === undefined)
    return fail(flow, new FwError('FW_ERR_PLUGIN_REMOVED_RESPONSE', 'post_request plugins removed the response'));
  const responses = flow.checks?.responses;
  return doneOnceWritten(
    writeResponse(flow.req, final, responses === undefined || defaultAnswers.has(final) ? undefined : responses),
  );
}

/** DONE once `written` (a writer's result) settles. */
export function doneOnceWritten(written: void | Promise<void>): Answered {
  return written === undefined ? DONE : written.then(() => DONE);
}

/** A jsonStream answer fw will not write: its items disposed of once the exchange closes (a replacement may read them until then). */
function drop(flow: RoutedFlow, answer: FwResponse | undefined): void {
  if (answer?.kind === 'json_stream') flow.res.once('close', () => void unread(answer)?.catch(() => undefined));
}

/** A plugin's failure: always 500 (spec), the reason kept as the error's `cause`; a post_request plugin's drops the answer. */
function pluginFailed(flow: RoutedFlow, plugin: string, reason: unknown): Verdict | Promise<Verdict> {
  drop(flow, flow.req.response);
  const message = `plugin ${plugin} failed: ${describe(reason, flow.req)}`;
  const error = new FwError('FW_ERR_PLUGIN_FAILED', message, { cause: reason, details: { plugin } });
  return fail(flow, error, `plugin ${plugin}`);
}

/**
 * Answers a failure: with the request's onError once it has an FwRequest, else as fw does: an FwError with its status
 * (an exposed 4xx with its message, a 5xx with the status's generic text), anything else 500. What is not exposed is
 * logged once, at the level of what was answered. Written to the request once there is one, so the plugins' response headers (CORS) go with it.
 */
export function fail(flow: Flow, error: unknown, where = flow.answeredBy ?? 'pipeline'): Answered {
  const { runtime, req } = flow;
  // An answer fw refuses that a post_request plugin or onInvalid gave is theirs: in the message and the log's `where`.
  if (where === flow.answeredBy) error = blamed(error, where);
  const target: ResponseTarget = req ?? flow;
  target.res.statusMessage = ''; // node keeps the reason phrase of a head it refused (a header with CR/LF): not `500 Found`
  const builtin = (): typeof DONE => writeFailure(runtime, target, error, where);
  const { onError } = flow.answers;
  if (onError === undefined || req === undefined || isAnswered(req.res)) return builtin();
  return answerOwn(
    flow as RoutedFlow,
    'onError',
    () => onError(error, req),
    builtin,
    (status) => logFailure(runtime, target, error, where, status),
  );
}

/**
 * The `request_failed` line (docs/operations.md, "Logs"): an error line with the stack for a 5xx failure, else (an onError mapping
 * its error to a 409) info with the error's name, message and code, as Fastify logs by reply status; `status` the answer's (a 200 replied before a throw).
 * Not logged: an exposed FwError, and, the client gone, an AbortError (work stopped on `req.signal`) or its body's own error: the request line says aborted.
 */
function logFailure(runtime: Runtime, target: ResponseTarget, error: unknown, where: string, status: number): void {
  const gone =
    target.res.destroyed &&
    !target.res.writableEnded &&
    error instanceof Error &&
    (error.name === 'AbortError' || error === target.raw.errored);
  if (isFwError(error) ? error.expose : gone) return;
  const err =
    status < 500 && error instanceof Error
      ? { name: error.name, message: error.message, ...('code' in error && { code: error.code }) }
      : error;
  const answered = target.res.headersSent ? target.res.statusCode : status;
  runtime.logger[status < 500 ? 'info' : 'error'](
    { event: 'request_failed', request_id: target.id, where, status: answered, err },
    'request failed',
  );
}

function writeFailure(runtime: Runtime, target: ResponseTarget, error: unknown, where: string): typeof DONE {
  // Past the head the client has its status: the log line and the span say what failed, not that the client left.
  if (target.res.headersSent) existingExchange(target.raw)!.failure = error;
  const exposed = isFwError(error) && error.expose;
  const stack =
    !exposed && runtime.useStacktrace && error instanceof Error && error.stack ? stackLines(error) : undefined;
  const code = (isFwError(error) ? error.status : undefined) ?? 500;
  logFailure(runtime, target, error, where, code);
  const write = (to: ResponseTarget): void =>
    writeError(to, code, exposed ? error.message : serverErrorText(code), { stack, headers: refusingBody(error) });
  try {
    write(target);
  } catch {
    // A plugin's response header node:http refuses (a CR/LF, a character past U+00FF) would refuse this answer too: it goes without them.
    write({ raw: target.raw, res: target.res, id: target.id, json: target.json });
  }
  return DONE;
}

/**
 * Writes an app's own answer, `call()`, unprojected, or `builtin()` when it answers undefined; `chosen` hears the status of
 * an own answer, or fw's 500 before its FW_ERR_OWN_ANSWER_FAILED. One that throws, rejects or is no response gets that 500, never onError: no loop.
 */
export function answerOwn(
  flow: RoutedFlow,
  hook: string,
  call: () => OwnAnswer,
  builtin: () => void,
  chosen?: (status: number) => void,
): Answered {
  // Once: a stream answer whose write fails later is still the one failure.
  const choose = (status: number): void => {
    chosen?.(status);
    chosen = undefined;
  };
  const failed = (reason: unknown): typeof DONE => {
    choose(500);
    reason = blamed(reason, hook);
    return writeFailure(
      flow.runtime,
      flow.req,
      new FwError('FW_ERR_OWN_ANSWER_FAILED', `${hook} failed: ${describe(reason, flow.req)}`, {
        cause: reason,
        details: { hook },
      }),
      hook,
    );
  };
  const settle = (answer: () => OwnAnswer): Answered => {
    try {
      const own = answer();
      if (isThenable<FwResponse | undefined>(own))
        return Promise.resolve(own).then((settled) => settle(() => settled), failed);
      if (own === undefined) {
        builtin();
        return DONE;
      }
      const written = writeResponse(flow.req, own);
      choose(own.status ?? 200);
      return written === undefined ? DONE : written.then(() => DONE, failed);
    } catch (error) {
      return failed(error);
    }
  };
  return settle(call);
}

/** The stack lines of `error`, then of each cause after `Caused by:` (where fw caught it, then where it happened). */
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

function malformed(result: unknown, req: FwRequest): Error {
  const shown = describe(result, req, true).slice(0, 200);
  return new FwError(
    'FW_ERR_PLUGIN_BAD_RESULT',
    `plugin returned a malformed result: ${shown}; return ['ok' | 'break' | 'stop', req, state] or ['error', reason]`,
  );
}

/** An error's message, else `reason` as JSON (a string too when `quoted`: a result), `req` in it as `<req>`: fw's request is circular (raw, res), and `okay,[object Object]` hid what a plugin returned. */
function describe(reason: unknown, req: FwRequest, quoted = false): string {
  try {
    return typeof reason === 'string' && !quoted
      ? reason
      : reason instanceof Error
        ? reason.message
        : (JSON.stringify(reason, (_key, value: unknown) => (value === req ? '<req>' : value)) ?? String(reason));
  } catch {
    return String(reason);
  }
}
