/** Loads an app as the server runs it, starting nothing: the CLI inspects it, the server starts from it. */
import { readFile } from 'node:fs/promises';
import * as nodeModule from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadedConfig } from '../config/config.ts';
import { parseJsonText } from '../config/read-config-file.ts';
import { inCodeDocument, loadConfig, type InCodeConfig } from '../config/resolve-config.ts';
import { FwError } from '../errors.ts';
import type { JsonLib } from '../http/request.ts';
import { silentLogger } from '../log/logger.ts';
import { builtinPlugins, initPlugins, PluginRegistry } from '../plugins/plugin-registry.ts';
import { createRouter, type Router } from '../router/index.ts';
import { compileRouteSchemas, type RouteSchemas } from '../schema/compile-route-schemas.ts';
import { namedStreamHandlers } from '../stream/stream-handler.ts';
import type { FwApp, Lifecycle } from './app.ts';
import { importFailure } from './import-failure.ts';
import { compileRoutes, type CompiledRoutes, type RouteTarget } from './compile-routes.ts';
import { OTEL_PLUGIN, OTEL_STREAM_HANDLER, startupWarnings, type StartupWarning } from './startup-warnings.ts';

/** Options of loadApplication. */
export interface LoadApplicationOptions {
  /** Directory holding fw.config.json and package.json. */
  readonly appDir: string;
  /** Use this app instead of importing the app module. */
  readonly app?: FwApp;
  readonly env?: NodeJS.ProcessEnv;
  /** fw's configuration in code (the `fw` section) instead of `<appDir>/fw.config.json`; checked by the same rules. */
  readonly config?: InCodeConfig;
  /** The app's own section (what fw.config.json would hold under the app's name), in place of the file's. */
  readonly appConfig?: Readonly<Record<string, unknown>>;
  /** Prepare static handlers (they check their directories exist). */
  readonly serveStatic?: boolean;
  /** The listener's lifecycle, handed to the router module's routes(); default one that never drains: an app only inspected (fw-cli) never serves. */
  readonly lifecycle?: Lifecycle;
}

/** An application ready to inspect or start. */
export interface LoadedApplication {
  readonly appDir: string;
  readonly config: LoadedConfig;
  readonly app: FwApp;
  readonly registry: PluginRegistry;
  readonly routes: CompiledRoutes;
  readonly router: Router<RouteTarget>;
  /** Problems that do not stop the app (startup-warnings.ts): the server logs them at start, `fw audit` reports them. */
  readonly startupWarnings: readonly StartupWarning[];
  /** Compiled route schemas of the routes that declare one. */
  readonly schemas: RouteSchemas;
}

/** Loads and validates the app in `options.appDir`. Throws coded FwErrors on any problem. */
export async function loadApplication(options: LoadApplicationOptions): Promise<LoadedApplication> {
  const env = options.env ?? process.env;
  // Node's compile cache (22.8+; as fw-cli's bin; off under coverage, which it blurs): from the second start on the app's modules and ajv load compiled (bench/startup.bench.ts).
  if (process.env.NODE_V8_COVERAGE === undefined) nodeModule.enableCompileCache?.();
  const appOf = (): Promise<FwApp> | FwApp =>
    options.app ? checkApp(options.app, 'the app given to fw') : loadAppModule(options.appDir);
  // The in-code document defaults bootstrap_application to the app's name, so there the app comes first.
  const inCode = options.config === undefined ? undefined : { config: options.config, app: await appOf() };
  const read = await loadConfig(
    options.appDir,
    env,
    inCode && inCodeDocument(inCode.config, inCode.app.name, options.appConfig),
  );
  // Beside the file too, appConfig is the app's section: a test keeps the project's plugins and gives its own store.
  const loaded =
    inCode || options.appConfig === undefined ? read : { ...read, app: Object.freeze({ ...options.appConfig }) };
  const app = inCode?.app ?? (await appOf());
  const config = app.telemetry === true ? listTelemetry(loaded) : loaded;
  const name = config.fw.bootstrap_application;
  if (app.name !== name)
    throw new FwError(
      'FW_ERR_APP_NAME_MISMATCH',
      `bootstrap_application is ${name} but the app module is named ${app.name}: make them the same, in the configuration or in defineApp({name})`,
    );
  const registry = new PluginRegistry([...builtinPlugins, ...(app.plugins ?? [])]);
  const routes = compileRoutes({
    app,
    groups: app.router.routes(config.fw.environment, {
      env,
      config,
      lifecycle: options.lifecycle ?? { draining: false },
    }),
    globalPlugins: config.fw.plugins,
    registry,
    baseDir: options.appDir,
    serveStatic: options.serveStatic ?? false,
  });
  const router = createRouter(routes.definitions);
  const schemas = await compileRouteSchemas(routes.definitions, app);
  return {
    appDir: options.appDir,
    config,
    app,
    registry,
    routes,
    router,
    startupWarnings: startupWarnings(config, router.routes(), env, routes.groups),
    schemas,
  };
}

/** Imports the FwApp of the app in `appDir`: the module `fw.app` in its package.json names, else `main`. */
async function loadAppModule(appDir: string): Promise<FwApp> {
  const manifest = resolve(appDir, 'package.json');
  const read = await readFile(manifest, 'utf8').catch((error: unknown) => {
    throw new FwError('FW_ERR_APP_NOT_FOUND', `cannot read ${manifest}: an fw app directory needs a package.json`, {
      cause: error,
    });
  });
  const pkg = parseJsonText(read, manifest, 'FW_ERR_APP_BAD_PACKAGE_JSON') as {
    fw?: { app?: unknown };
    main?: unknown;
  } | null;
  const entry = pkg?.fw?.app ?? pkg?.main;
  if (typeof entry !== 'string' || entry === '')
    throw new FwError(
      'FW_ERR_APP_NOT_FOUND',
      `${manifest} names no app module: set "fw": {"app": "./src/app.ts"} (or "main")`,
    );
  const named = `${resolve(appDir, entry)}, the module ${manifest} names in ${pkg?.fw?.app === undefined ? '"main"' : '"fw": {"app"}'}`;
  const loaded = (await import(pathToFileURL(resolve(appDir, entry)).href).catch((error: unknown) => {
    throw importFailure(error, resolve(appDir, entry), named);
  })) as Record<string, unknown>;
  return checkApp(loaded.default, `${named},`, loaded);
}

/** withTelemetry's app under a configuration that lists neither of fw-core/otel's names: both, first (docs/telemetry.md, "In one call"). */
function listTelemetry(config: LoadedConfig): LoadedConfig {
  const { server_configuration: server, plugins } = config.fw;
  if (server.stream_handlers.includes(OTEL_STREAM_HANDLER) || plugins.some((entry) => entry.module === OTEL_PLUGIN))
    return config;
  return {
    ...config,
    fw: {
      ...config.fw,
      server_configuration: { ...server, stream_handlers: [OTEL_STREAM_HANDLER, ...server.stream_handlers] },
      plugins: [{ phase: 'pre_request', module: OTEL_PLUGIN, options: {} }, ...plugins],
    },
  };
}

/** Whether `value` has an FwApp's shape: a name and a router module. */
const isApp = (value: unknown): value is FwApp =>
  typeof (value as Partial<FwApp> | null)?.name === 'string' &&
  typeof (value as FwApp).router?.name === 'string' &&
  typeof (value as FwApp).router.routes === 'function';

/** `value` as an FwApp, or FW_ERR_APP_BAD_MODULE naming `where` and the likely slip: an app the module `exports` by name, a factory not called. */
function checkApp(value: unknown, where: string, exports?: Readonly<Record<string, unknown>>): FwApp {
  if (isApp(value)) return value;
  const named = Object.keys(exports ?? {}).find((key) => key !== 'default' && isApp(exports![key]));
  const factory =
    typeof value !== 'function' ? undefined : value.name === '' || value.name === 'default' ? 'createApp' : value.name;
  const others = Object.keys(exports ?? {}).join(', ');
  const hint =
    named !== undefined
      ? `; it exports the app as ${named}, not as its default: add \`export default ${named};\``
      : factory !== undefined
        ? `; it is a function, not an app: if the function makes the app, give what it returns (\`${exports ? 'export default' : 'app:'} ${factory}()\`)`
        : exports !== undefined && value === undefined
          ? `; it has no default export${others === '' ? '' : ` (its named exports: ${others})`}`
          : '';
  throw new FwError(
    'FW_ERR_APP_BAD_MODULE',
    `${where} must ${exports ? 'default-export' : 'be'} defineApp({name, router: {name, routes(env)}})${hint}`,
  );
}

/**
 * createListener's start-up checks without side effects, failing with the server's coded errors, for tools (fw-cli): not the
 * app plugins' init (it may connect to a store), the start hook nor listening. Load with `serveStatic: true` for static routes.
 */
export async function checkStartup(
  application: LoadedApplication,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const { appDir, app, registry } = application;
  const { fw } = application.config;
  await resolveJsonLib(fw.json_lib, appDir);
  namedStreamHandlers(fw.server_configuration.stream_handlers, app.streamHandlers ?? []);
  // Copies: the registry's instances keep no state from a check.
  await initPlugins(
    registry
      .instances()
      .filter((instance) => builtinPlugins.includes(instance.plugin))
      .map((instance) => ({ ...instance })),
    { app: app.name, environment: fw.environment, env, logger: silentLogger },
  );
}

/** The JsonLib `json_lib` names: `JSON`, else a module resolved from `appDir` with stringify and parse. */
export async function resolveJsonLib(specifier: string, appDir: string): Promise<JsonLib> {
  if (specifier === 'JSON') return JSON;
  // async, so a specifier require cannot resolve rejects as a failed import does; a builtin resolves to its own name, no file.
  const load = async (): Promise<Record<string, unknown>> => {
    const found = nodeModule.createRequire(resolve(appDir, 'package.json')).resolve(specifier);
    return import(nodeModule.isBuiltin(found) ? found : pathToFileURL(found).href);
  };
  const named = `fw.json_lib ${JSON.stringify(specifier)}`;
  const loaded = await load().catch((error: unknown) => {
    const reason = String((error as Error).message).split('\n')[0];
    throw new FwError(
      'FW_ERR_CONFIG_BAD_VALUE',
      `${named} cannot be loaded from ${appDir} (${reason}): install it in the app or fix the name, or give "JSON", the built-in one`,
      { cause: error },
    );
  });
  const byName = typeof loaded.stringify === 'function' || typeof loaded.parse === 'function';
  const lib = (byName ? loaded : loaded.default) as Partial<JsonLib> | undefined;
  const lacks = (['stringify', 'parse'] as const).filter((name) => typeof lib?.[name] !== 'function');
  if (lacks.length > 0)
    throw new FwError(
      'FW_ERR_CONFIG_BAD_VALUE',
      `${named} has no ${lacks.join(' and no ')}: it must export stringify and parse, as JSON has them, by name or as its default export`,
    );
  return lib as JsonLib;
}
