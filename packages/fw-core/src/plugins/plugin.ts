/** The plugin contract (spec: "Request plugins"). Every callback is optional and may be async. */
import type { FwRequest } from '../http/request.ts';
import type { Logger } from '../log/logger.ts';

/** The two plugin phases. */
export type Phase = 'pre_request' | 'post_request';

/** What a phase callback returns: the spec's result tuples. */
export type PluginResult<S> =
  | readonly ['ok', FwRequest, S]
  | readonly ['break', FwRequest, S]
  | readonly ['stop', FwRequest, S]
  | readonly ['error', unknown];

/** The environment argument of a phase callback. */
export interface PluginEnv {
  /** The application (`bootstrap_application`). */
  readonly app: string;
  /** `environment` from the configuration, e.g. `dev`. */
  readonly environment: string;
  readonly phase: Phase;
  readonly logger: Logger;
}

/** What a plugin's `init` receives besides its options. */
export interface PluginInitContext extends Omit<PluginEnv, 'phase'> {
  /** The environment variables fw was started with (`startServer({env})`, else process.env). */
  readonly env: NodeJS.ProcessEnv;
}

/** `plugin_info()`'s answer. */
export interface PluginInfo {
  readonly title: string;
  readonly version: string;
  readonly url: string;
  readonly description: string;
  readonly authors: readonly string[];
  /** `[name, description]` per option. */
  readonly options?: readonly (readonly [string, string])[];
}

/** Plugin options as written in the configuration. */
export type PluginOptions = Readonly<Record<string, unknown>>;

/** A phase callback: request, environment, options, state. */
export type PhaseCallback<S, O> = (
  req: FwRequest,
  env: PluginEnv,
  options: O,
  state: S,
) => PluginResult<S> | Promise<PluginResult<S>>;

/**
 * A plugin module; `name` is how configuration refers to it (`fw_request_plugin`). `init` runs once per instance at
 * start (a throw, e.g. an FwError for bad options, fails start-up); its value is the state, `undefined` without one,
 * so it is required when `S` does not admit `undefined`. `stop(state)` runs once at shutdown.
 */
export type FwPlugin<S = unknown, O = PluginOptions> = PluginMembers<S, O> &
  (undefined extends S ? unknown : Required<Pick<PluginMembers<S, O>, 'init'>>);

/** FwPlugin's members, `init` optional whatever the state. */
export interface PluginMembers<S, O> {
  readonly name: string;
  readonly pre_request?: PhaseCallback<S, O>;
  readonly post_request?: PhaseCallback<S, O>;
  readonly plugin_info?: () => PluginInfo;
  readonly init?: (options: O, context: PluginInitContext) => S | Promise<S>;
  readonly stop?: (state: S) => void | Promise<void>;
  /** The statuses it may answer with instead of the route (a 429), or a function of the options: `fw openapi` lists them on the group's operations. */
  readonly responses?: readonly number[] | ((options: O) => readonly number[]);
  /** The headers those answers carry (Retry-After on a 429), or a function of the options: `fw openapi` documents them. */
  readonly responseHeaders?: ResponseHeaders | ((options: O) => ResponseHeaders);
  /** True: not run for router misses (docs/pipeline.md, "Router misses"): a plugin describing the matched route has nothing to do there. */
  readonly matchedRoutesOnly?: boolean;
}

/** For `fw openapi`: the headers answers carry, by status then header name (a route's or a plugin's). */
export type ResponseHeaders = Readonly<Record<number, Readonly<Record<string, string | HeaderDescription>>>>;

/** One header of ResponseHeaders; a string is its description alone. `schema`: an OpenAPI 3.0 schema, default a string. */
interface HeaderDescription {
  readonly description: string;
  readonly schema?: Readonly<Record<string, unknown>>;
  readonly required?: boolean;
}

/** A registration in configuration or on a route group: `{phase, module, options}`. */
export interface PluginEntry {
  readonly phase: Phase;
  readonly module: string;
  readonly options?: PluginOptions;
}
