/**
 * The application contract. An app module's default export is an FwApp: its name, its router
 * module, the plugins and stream handlers it provides and its start and stop hooks (see
 * docs/applications.md).
 */
import type { LoadedConfig } from '../config/config.ts';
import type { Lifecycle } from './lifecycle.ts';
import type { Logger } from '../log/logger.ts';
import type { FwPlugin } from '../plugins/plugin.ts';
import type { InvalidRequestHook, SchemaCompiler } from '../schema/route-schema.ts';
import type { StreamHandler } from '../stream/stream-handler.ts';
import type { RouteGroup } from './route-group.ts';

/** A router module: a name (printed by `fw middleware`) and the route groups per environment. */
export interface RouterModule {
  readonly name: string;
  /**
   * The route groups of `environment`. `context` carries the environment variables fw was
   * started with and the loaded configuration, so routes that depend on them (a token that guards
   * writes, a feature flag) see what `startServer({env, config})` was given, not process.env.
   */
  routes(environment: string, context: RoutesContext): readonly RouteGroup[];
}

/** What a router module's `routes` receives besides the environment's name. */
export interface RoutesContext {
  /** The environment variables fw was started with (`startServer({env})`, else process.env). */
  readonly env: NodeJS.ProcessEnv;
  readonly config: LoadedConfig;
  /** The listener's lifecycle: `draining` turns true when a stop begins (readinessHandler reads it). */
  readonly lifecycle: Lifecycle;
}

/** What an app's start hook receives. */
export interface AppContext {
  readonly config: LoadedConfig;
  readonly logger: Logger;
  /** The app directory (where fw.config.json is). */
  readonly appDir: string;
  /** The environment variables fw was started with (`startServer({env})`, else process.env). */
  readonly env: NodeJS.ProcessEnv;
  /** The listener's lifecycle, the same object its routes got in RoutesContext. */
  readonly lifecycle: Lifecycle;
}

/** An fw application. */
export interface FwApp {
  /** Must equal `bootstrap_application`. */
  readonly name: string;
  readonly router: RouterModule;
  /** Plugins the app provides, referred to by `name` in configuration. */
  readonly plugins?: readonly FwPlugin<any, any>[];
  /** Stream handlers the app provides, referred to by `name` in `stream_handlers`. */
  readonly streamHandlers?: readonly StreamHandler[];
  /** Compiles route schemas; default ajv (an optional peer dependency, imported only when a route has a schema). */
  readonly schemaCompiler?: SchemaCompiler;
  /** Answers a request that fails its route schema, for routes without their own onInvalid; undefined keeps fw's 400. */
  readonly onInvalid?: InvalidRequestHook;
  /** Runs before the listener opens (open stores here); a throw fails start-up. */
  start?(context: AppContext): void | Promise<void>;
  /** Runs at shutdown after in-flight requests and plugins' stop. */
  stop?(): void | Promise<void>;
}

/** Identity helper that gives an app literal its type. */
export function defineApp(app: FwApp): FwApp {
  return app;
}
