/**
 * What serves a route, as every inspection command shows it: a controller action, an inline
 * function, or a static directory or file. One plain model, one text form per command.
 */
import type { CompiledGroup, CompiledRoute, RouteTarget } from 'fw-core/inspect';

/** The handler of a route, as data (`--json` prints it as is). */
export type HandlerModel =
  | { readonly kind: 'action'; readonly module: string; readonly function: string }
  | { readonly kind: 'inline' }
  | { readonly kind: 'static'; readonly directory: string }
  | { readonly kind: 'static'; readonly file: string };

/** The handler model of a compiled route. */
export function handlerModel(target: RouteTarget): HandlerModel {
  const { info } = target;
  if (target.kind === 'static') {
    const { staticSource } = target;
    return 'directory' in staticSource
      ? { kind: 'static', directory: staticSource.directory }
      : { kind: 'static', file: staticSource.file };
  }
  if (info.module !== undefined && info.function !== undefined) {
    return { kind: 'action', module: info.module, function: info.function };
  }
  return { kind: 'inline' };
}

/** The served directory or file of a static handler. */
export function staticSourceOf(handler: HandlerModel & { readonly kind: 'static' }): string {
  return 'directory' in handler ? handler.directory : handler.file;
}

/** `fw middleware`'s text: `module:function`, `(inline fun)` or `(static priv/assets)`. */
export function handlerLabel(handler: HandlerModel): string {
  switch (handler.kind) {
    case 'action':
      return `${handler.module}:${handler.function}`;
    case 'inline':
      return '(inline fun)';
    case 'static':
      return `(static ${staticSourceOf(handler)})`;
  }
}

/** A group's security as shown: `false`, the callback's name, or `(anonymous)`. */
export type SecurityModel = false | string;

/** The security model of a group. */
export function securityModel(group: CompiledGroup): SecurityModel {
  if (group.security === false) return false;
  return group.security.name === '' ? '(anonymous)' : group.security.name;
}

/**
 * The methods a route is listed under, uppercase, `_` for every method. Static routes answer
 * GET and HEAD; they are listed once, as GET (HEAD follows GET everywhere in fw).
 */
export function listedMethods(route: CompiledRoute<RouteTarget>): readonly string[] {
  if (route.data.kind === 'static') return ['GET'];
  if (route.methods === '_') return ['_'];
  return route.methods.map((method) => method.toUpperCase());
}
