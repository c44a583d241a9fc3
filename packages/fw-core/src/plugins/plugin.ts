/**
 * The plugin contract (spec: "Request plugins"). A callback answers with the spec's result
 * tuples as TypeScript tuples: `['ok', req, state]`, `['break', req, state]`,
 * `['stop', req, state]`, `['error', reason]`. Every callback is optional and may be async.
 */
import type { FwRequest } from '../http/request.ts';
import type { Logger } from '../log/logger.ts';

/** The two plugin phases. */
export type Phase = 'pre_request' | 'post_request';

/** What a phase callback returns. */
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
export type PhaseCallback<S, O> = (req: FwRequest, env: PluginEnv, options: O, state: S) => PluginResult<S> | Promise<PluginResult<S>>;

/**
 * A plugin module. `name` is how configuration refers to it (`fw_request_plugin`).
 * `init` runs once per plugin instance at start (fw passes the registration's options and the
 * app, environment, env and logger it starts in) and may throw an FwError to refuse bad options: that
 * fails start-up. `stop(state)` runs once at shutdown.
 */
export interface FwPlugin<S = unknown, O = PluginOptions> {
  readonly name: string;
  readonly pre_request?: PhaseCallback<S, O>;
  readonly post_request?: PhaseCallback<S, O>;
  readonly plugin_info?: () => PluginInfo;
  readonly init?: (options: O, context: PluginInitContext) => S | Promise<S>;
  readonly stop?: (state: S) => void | Promise<void>;
  /**
   * The statuses this plugin may answer with instead of the route (e.g. 429), with an
   * `{"error": <message>}` body, or a function of the registration's options; `fw openapi` lists
   * them on every operation of a group that runs the plugin. fw never reads it.
   */
  readonly responses?: readonly number[] | ((options: O) => readonly number[]);
  /**
   * True: the plugin runs only for requests the router matched to a route. A router 404 or 405
   * runs the pre_request plugins of the best-matching group (docs/pipeline.md, "Router misses")
   * except these: a plugin whose work is describing the matched route (otel_fw_plugin names
   * the span and `http.route` after it) has nothing to do there.
   */
  readonly matchedRoutesOnly?: boolean;
}

/** A registration in configuration or on a route group: `{phase, module, options}`. */
export interface PluginEntry {
  readonly phase: Phase;
  readonly module: string;
  readonly options?: PluginOptions;
}
