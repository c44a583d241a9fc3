/** Compiles route groups into router definitions; every check runs here, so none fails per request. */
import { didYouMean } from '../closest-key.ts';
import { isJsonObject, validatePluginEntries } from '../config/validate-config.ts';
import { FwError, type FwErrorCode } from '../errors.ts';
import type { RouteInfo } from '../http/request.ts';
import type { PluginChain, PluginRegistry } from '../plugins/plugin-registry.ts';
import type { PluginEntry } from '../plugins/plugin.ts';
import { normaliseRouteHost } from '../router/create-router.ts';
import type { RouteDefinition } from '../router/router.ts';
import { checkRouteSchemaShape } from '../schema/compile-route-schemas.ts';
import type { InvalidRequestHook, RouteOpenapi, RouteSchema } from '../schema/route-schema.ts';
import { createStaticHandler, type StaticHandler } from '../static/static-handler.ts';
import type { FwApp } from './app.ts';
import { isAction, type Handler, type InlineHandler } from './controller.ts';
import type { ErrorAnswers, RouteEntry, RouteGroup, RouteOptions, SecurityCallback } from './route-group.ts';

/** A group after compilation. */
export interface CompiledGroup {
  readonly index: number;
  readonly prefix: string;
  readonly host: string;
  readonly security: false | SecurityCallback;
  readonly plugins: PluginChain;
  readonly source: RouteGroup;
  /** Its requests' own answers: the group's, else the app's, per hook. */
  readonly answers: ErrorAnswers;
}

/** What the router holds per route, told apart by `kind`; its methods are `CompiledRoute.methods`. */
export type RouteTarget = HandlerTarget | StaticTarget;

interface TargetBase {
  readonly info: RouteInfo;
  readonly group: CompiledGroup;
  /** Whether requests to the route write the per-request log line (`options.log`, default true). */
  readonly log: boolean;
}

/** A route served by a function or a controller action. */
export interface HandlerTarget extends TargetBase {
  readonly kind: 'handler';
  readonly handler: Handler;
  /** The function the handler calls: the inline function or the action's. */
  readonly fn: InlineHandler;
  /** `options.schema`, shape-checked; compiled at start by compileRouteSchemas. */
  readonly schema: RouteSchema | undefined;
  readonly onInvalid: InvalidRequestHook | undefined;
  /** `options.openapi`, an object; `fw openapi` checks its fields. */
  readonly openapi: RouteOpenapi | undefined;
}

/** A route serving a directory or a file. */
export interface StaticTarget extends TargetBase {
  readonly kind: 'static';
  readonly staticSource: { readonly directory: string } | { readonly file: string };
  /** The static handler, when compiled with `serveStatic`. */
  readonly serveStatic: StaticHandler | undefined;
}

interface CompileRoutesOptions {
  /** The app: its name goes into each route's info, its own answers (onNotFound, onMethodNotAllowed, onError) are the groups' default. */
  readonly app: FwApp;
  readonly groups: readonly RouteGroup[];
  readonly globalPlugins: readonly PluginEntry[];
  readonly registry: PluginRegistry;
  /** Static directories and files are resolved against this directory. */
  readonly baseDir: string;
  /** Create static handlers (checks their paths exist); the CLI inspects without them. */
  readonly serveStatic: boolean;
}

/** The compiled groups and router definitions, in definition order. */
export interface CompiledRoutes {
  readonly groups: readonly CompiledGroup[];
  readonly definitions: readonly RouteDefinition<RouteTarget>[];
  /** The global plugin list's chain (what groups without plugins of their own run). */
  readonly global: PluginChain;
  /** The app's own answers, for misses that no group's host and prefix cover. */
  readonly answers: ErrorAnswers;
}

const ROUTE_OPTION_KEYS = ['methods', 'extra', 'schema', 'onInvalid', 'log', 'openapi'];
const ROUTE_KEYS = ['path', 'handler', 'directory', 'file', 'options'];
const ANSWER_SHAPES = {
  onNotFound: '(req) => response',
  onMethodNotAllowed: '(req, allowed) => response',
  onError: '(error, req) => response',
} as const;

const GROUP_KEYS = ['prefix', 'host', 'security', 'plugins', 'routes', ...Object.keys(ANSWER_SHAPES), 'errorSchema'];

/** Validates and compiles `options.groups`. */
export function compileRoutes(options: CompileRoutesOptions): CompiledRoutes {
  if (!Array.isArray(options.groups as unknown))
    throw new FwError(
      'FW_ERR_GROUP_BAD_SHAPE',
      'the router module routes(environment) must return an array of route groups',
    );
  const global = options.registry.chain(options.globalPlugins, false, 'the global plugins');
  const answers = ownAnswers(options.app, {}, 'the app', 'FW_ERR_APP_BAD_MODULE');
  const groups = options.groups.map((source, index) => compileGroup(source, index, global, options.registry, answers));
  const definitions = groups.flatMap((group) =>
    group.source.routes.map((entry, position) =>
      compileRoute(entry, group, `route ${position} of group ${group.index} (prefix '${group.prefix}')`, options),
    ),
  );
  return { groups, definitions, global, answers };
}

/** `own`'s answer hooks, each checked, else `inherited`'s (the app's). */
function ownAnswers(own: ErrorAnswers, inherited: ErrorAnswers, where: string, code: FwErrorCode): ErrorAnswers {
  return Object.fromEntries(
    Object.entries(ANSWER_SHAPES).map(([key, shape]) => {
      const hook = own[key as keyof ErrorAnswers];
      if (hook !== undefined && typeof hook !== 'function')
        throw new FwError(
          code,
          `${where} has ${key} that is not a function: give ${shape}, or leave it out for fw's answer`,
        );
      return [key, hook ?? inherited[key as keyof ErrorAnswers]];
    }),
  ) as ErrorAnswers;
}

function compileGroup(
  source: RouteGroup,
  index: number,
  global: PluginChain,
  registry: PluginRegistry,
  app: ErrorAnswers,
): CompiledGroup {
  const where = `route group ${index}`;
  if (typeof source !== 'object' || source === null || !Array.isArray(source.routes as unknown))
    throw new FwError('FW_ERR_GROUP_BAD_SHAPE', `${where} must be an object with a routes array`);
  const { prefix } = source;
  if (typeof prefix !== 'string' || (prefix !== '' && (!prefix.startsWith('/') || prefix.endsWith('/'))))
    throw new FwError(
      'FW_ERR_GROUP_BAD_PREFIX',
      `${where} has prefix ${JSON.stringify(prefix)}; use '' or '/api' (leading slash, no trailing slash)`,
    );
  const group = `${where} (prefix '${prefix}')`;
  const badShape = (what: string): FwError => new FwError('FW_ERR_GROUP_BAD_SHAPE', `${group} ${what}`);
  // A misspelt key (plugin, onNotfound) would be ignored: the group would run without it.
  const unknown = Object.keys(source).find((key) => !GROUP_KEYS.includes(key));
  if (unknown !== undefined)
    throw badShape(
      `has unknown key ${unknown}${didYouMean(unknown, GROUP_KEYS)}; a group's keys are ${GROUP_KEYS.join(', ')}`,
    );
  if (source.security !== false && typeof source.security !== 'function')
    throw new FwError('FW_ERR_GROUP_BAD_SECURITY', `${group} needs security: false or a function (req) => result`);
  if (source.plugins !== undefined && !Array.isArray(source.plugins as unknown))
    throw badShape('has plugins that are not a list: give an array of {phase, module, options} entries');
  const plugins =
    source.plugins === undefined
      ? { ...global, inherited: true }
      : registry.chain(checkGroupPlugins(source.plugins, group), false, group);
  const answers = ownAnswers(source, app, group, 'FW_ERR_GROUP_BAD_SHAPE');
  // Lowercase, without a final dot, as the router keeps it: the miss lanes and the overlap warning compare it with the request's host.
  return {
    index,
    prefix,
    host: normaliseRouteHost(source.host, group),
    security: source.security,
    plugins,
    source,
    answers,
  };
}

/** A group's plugin entries, checked as fw.config.json's: a misspelt phase or `option` key is named, not a callback or option the plugin then lacks. */
function checkGroupPlugins(entries: readonly PluginEntry[], group: string): PluginEntry[] {
  try {
    return validatePluginEntries(entries, 'plugins');
  } catch (error) {
    throw new FwError('FW_ERR_GROUP_BAD_SHAPE', `${group} has a bad plugin entry: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

function compileRoute(
  entry: RouteEntry,
  group: CompiledGroup,
  where: string,
  options: CompileRoutesOptions,
): RouteDefinition<RouteTarget> {
  const bad = (what: string): FwError => new FwError('FW_ERR_ROUTE_BAD_HANDLER', `${where} ${what}`);
  if (typeof entry !== 'object' || entry === null || typeof entry.path !== 'string')
    throw bad('must be {path, handler, options} or {path, directory|file, options}');
  // A misspelt key (option) would be ignored: the route would answer every method.
  const unknown = Object.keys(entry).find((key) => !ROUTE_KEYS.includes(key));
  if (unknown !== undefined)
    throw bad(
      `(${entry.path}) has unknown key ${unknown}${didYouMean(unknown, ROUTE_KEYS)}; a route's keys are path, handler and options, or path, directory or file and options`,
    );
  // The path is joined to the prefix as written: 'posts' under '/api' would be the route /apiposts.
  if (entry.path !== '' && !entry.path.startsWith('/'))
    throw new FwError(
      'FW_ERR_ROUTE_BAD_PATH',
      `${where} has the path ${JSON.stringify(entry.path)}, which is joined to the prefix '${group.prefix}': start it with "/" ('/${entry.path}')`,
    );
  // A path of '/' under a prefix is the prefix itself.
  const template = group.prefix !== '' && entry.path === '/' ? group.prefix : group.prefix + entry.path;
  if ('handler' in entry) {
    const handler = entry.handler;
    if (!isAction(handler) && typeof handler !== 'function')
      throw bad(`(${template}) has a handler that is neither a function nor a controller action`);
    if (isAction(handler) && typeof handler.fn !== 'function')
      throw bad(`(${template}) has the action ${handler.module}:${handler.function}, which holds no function`);
    const routeOptions = checkRouteOptions(entry.options, where, template);
    const target: HandlerTarget = {
      kind: 'handler',
      info: routeInfo(options.app.name, template, handler, routeOptions.extra ?? {}),
      group,
      log: routeOptions.log !== false,
      handler,
      fn: isAction(handler) ? handler.fn : handler,
      schema: routeOptions.schema,
      onInvalid: routeOptions.onInvalid,
      openapi: routeOptions.openapi,
    };
    return { host: group.host, path: template, methods: routeOptions.methods ?? '_', data: target, name: where };
  }
  const staticSource =
    'directory' in entry ? { directory: entry.directory } : 'file' in entry ? { file: entry.file } : undefined;
  if (!staticSource || typeof Object.values(staticSource)[0] !== 'string')
    throw bad(`(${template}) needs a handler, or a directory or file to serve`);
  if ('directory' in staticSource && !template.endsWith('/[...]'))
    throw bad(
      `serves a directory, so its path must end in /[...]: write '${entry.path.replace(/\/$/, '')}/[...]' (got ${template})`,
    );
  const spec = { ...staticSource, route: template, ...(entry.options && { options: entry.options }) };
  const target: StaticTarget = {
    kind: 'static',
    info: routeInfo(options.app.name, template, undefined, {}),
    group,
    log: true,
    staticSource,
    serveStatic: options.serveStatic ? createStaticHandler(spec, options.baseDir) : undefined,
  };
  return { host: group.host, path: template, methods: ['get', 'head'], data: target, name: where };
}

function checkRouteOptions(value: unknown, where: string, template: string): RouteOptions {
  if (value === undefined) return {};
  const bad = (fix: string): FwError => new FwError('FW_ERR_ROUTE_BAD_OPTIONS', `${where} (${template}): ${fix}`);
  if (!isJsonObject(value)) throw bad("options must be an object like {methods: ['get']}");
  const unknown = Object.keys(value).find((key) => !ROUTE_OPTION_KEYS.includes(key));
  if (unknown !== undefined)
    throw bad(
      `unknown route option ${unknown}${didYouMean(unknown, ROUTE_OPTION_KEYS)}; route options are methods, extra, schema, onInvalid, log and openapi`,
    );
  const { methods, extra, schema, onInvalid, log, openapi } = value;
  if (methods !== undefined && methods !== '_' && !Array.isArray(methods))
    throw bad("methods must be a list like ['get', 'post'] or '_'");
  if (extra !== undefined && (typeof extra !== 'object' || extra === null)) throw bad('extra must be an object');
  if (openapi !== undefined && !isJsonObject(openapi))
    throw bad("openapi must be an object like {operationId: 'listPosts', tags: ['posts']}");
  if (schema !== undefined) checkRouteSchemaShape(schema, `${where} (${template})`);
  if (onInvalid !== undefined && typeof onInvalid !== 'function')
    throw bad('onInvalid must be a function (failure, req) => response');
  if (log !== undefined && typeof log !== 'boolean')
    throw bad('log must be true or false (false: no request log line for the route)');
  return value as RouteOptions;
}

function routeInfo(
  app: string,
  template: string,
  handler: Handler | undefined,
  extra: Readonly<Record<string, unknown>>,
): RouteInfo {
  const action = isAction(handler) ? handler : undefined;
  return Object.freeze({ app, template, module: action?.module, function: action?.function, extra });
}
