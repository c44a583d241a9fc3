/** Controllers: named modules of actions, so the CLI, OpenAPI and telemetry can print `blog_posts_controller:show`. */
import type { FwRequest } from '../http/request.ts';
import type { FwResponse } from '../http/response.ts';

/** What a handler may return (or resolve to). */
export type HandlerResult = FwResponse | Promise<FwResponse>;

/** An inline handler: a plain function, printed as `(inline fun)`. */
export type InlineHandler = (req: FwRequest) => HandlerResult;

/** A controller action. */
export interface Action {
  readonly kind: 'action';
  readonly module: string;
  readonly function: string;
  readonly fn: InlineHandler;
}

/** A route's handler: an action or an inline function. */
export type Handler = Action | InlineHandler;

/** Turns `{show: fn, ...}` into actions of controller `module`. */
export function defineController<K extends string>(
  module: string,
  actions: Readonly<Record<K, InlineHandler>>,
): Readonly<Record<K, Action>> {
  const out = {} as Record<K, Action>;
  for (const name of Object.keys(actions) as K[])
    out[name] = Object.freeze({ kind: 'action', module, function: name, fn: actions[name] });
  return Object.freeze(out);
}

/** True when `handler` is a controller action rather than an inline function. */
export function isAction(handler: unknown): handler is Action {
  return typeof handler === 'object' && handler !== null && (handler as Action).kind === 'action';
}
