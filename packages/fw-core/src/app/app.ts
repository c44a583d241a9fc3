/** The application contract (docs/applications-reference.md, "The app module"): an app module default-exports an FwApp. */
import type { LoadedConfig } from '../config/config.ts';
import type { Logger } from '../log/logger.ts';
import type { FwPlugin } from '../plugins/plugin.ts';
import type { AjvOptions, InvalidRequestHook, NamedSchemaMap, SchemaCompiler } from '../schema/route-schema.ts';
import type { StreamHandler } from '../stream/stream-handler.ts';
import type { ErrorAnswers, RouteGroup } from './route-group.ts';

/** A router module: a name (printed by `fw middleware`) and the route groups per environment. */
export interface RouterModule {
  readonly name: string;
  /** The route groups of `environment`; routes that depend on env or config read them from `context`, not process.env. */
  routes(environment: string, context: RoutesContext): readonly RouteGroup[];
}

/** What a router module's `routes` receives besides the environment's name. */
export interface RoutesContext {
  /** The environment variables fw was started with (`startServer({env})`, else process.env). */
  readonly env: NodeJS.ProcessEnv;
  readonly config: LoadedConfig;
  readonly lifecycle: Lifecycle;
}

/** What an app's start hook receives: what its routes got (the same `env` and `lifecycle`), a logger and the app directory. */
export interface AppContext extends RoutesContext {
  readonly logger: Logger;
  /** The app directory (where fw.config.json is). */
  readonly appDir: string;
}

/**
 * What an app sees of its listener's life: `draining` turns true for good when a stop begins, so a readiness
 * route fails while everything else is still answered (docs/pipeline.md, "Shutdown").
 */
export interface Lifecycle {
  readonly draining: boolean;
}

/** An fw application; its ErrorAnswers answer the requests of groups that declare none. */
export interface FwApp extends ErrorAnswers {
  /** Must equal `bootstrap_application`. */
  readonly name: string;
  readonly router: RouterModule;
  /** Plugins the app provides, referred to by `name` in configuration. */
  readonly plugins?: readonly FwPlugin<any, any>[];
  /** Stream handlers the app provides, referred to by `name` in `stream_handlers`. */
  readonly streamHandlers?: readonly StreamHandler[];
  /** Set by withTelemetry (fw-core/otel): a configuration that lists neither otel_fw_stream_h nor otel_fw_plugin gets both, first. */
  readonly telemetry?: boolean;
  /** Compiles route schemas; default ajv (an optional peer dependency, imported only when a route has a schema). */
  readonly schemaCompiler?: SchemaCompiler;
  /** Named JSON Schemas (Fastify's addSchema) a route schema refers to as `{$ref: 'task'}`; `fw openapi` writes each once. */
  readonly schemas?: NamedSchemaMap;
  /** Options and plugins for the default ajv compiler (Fastify's `ajv`: `{customOptions, plugins}`); not with schemaCompiler. */
  readonly ajv?: AjvOptions;
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
