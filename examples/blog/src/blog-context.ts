/**
 * What the blog's handlers share once the app has started: the store, the logger and, when writes are guarded, the API token digest. The router is built before
 * start (fw reads routes first), so handlers reach these through the context rather than module
 * globals.
 *
 * Whether writes are guarded is decided when fw builds the routes, before start, from the env fw
 * was started with (routes() receives it); start reads the token from that same env, so a token
 * given only to startServer({env}) guards the writes as one in process.env does for `npm start`.
 */
import type { AppContext, Logger } from 'fw-core';
import { readStoreSettings } from './config/store-settings.ts';
import { BlogError } from './errors.ts';
import { protectsWrites, readApiToken } from './security/api-token.ts';
import { createStore, type PgPoolMetrics } from './store/create-store.ts';
import type { PostStore } from './store/store.ts';

/** The started app's shared parts. */
export interface BlogContext {
  /** The open store; throws BLOG_ERR_NOT_STARTED before start. */
  readonly store: PostStore;
  readonly logger: Logger;
  /** SHA-256 of BLOG_API_TOKEN when writes are guarded. */
  readonly apiTokenDigest: Buffer | undefined;
  /** True when the router must guard POST, PUT and DELETE in `environment` with `env` (api-token.ts). */
  guardsWrites(environment: string, env: NodeJS.ProcessEnv): boolean;
  /** The app's start hook: checks the token, opens the store. */
  start(app: AppContext): Promise<void>;
  /** Registers the store's metrics (the PostgreSQL pool's) on the global meter: call once telemetry has started. */
  observeStore(): void;
  /** The app's stop hook: closes the store. */
  stop(): Promise<void>;
}

/** A context; its start hook reads BLOG_* variables from the env fw was started with. */
export function createBlogContext(): BlogContext {
  let store: PostStore | undefined;
  let logger: Logger | undefined;
  let apiTokenDigest: Buffer | undefined;
  let poolMetrics: PgPoolMetrics | undefined;
  let unobserve: (() => void) | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new BlogError('BLOG_ERR_NOT_STARTED', 'the blog app has not started: its start hook opens the store');
    return value;
  };
  return {
    get store() {
      return started(store);
    },
    get logger() {
      return started(logger);
    },
    get apiTokenDigest() {
      return apiTokenDigest;
    },
    guardsWrites: protectsWrites,
    async start({ config, logger: appLogger, appDir, env }) {
      // Cheap checks first: nothing is opened when the token is wrong.
      if (protectsWrites(config.fw.environment, env)) apiTokenDigest = readApiToken(env);
      const settings = readStoreSettings(config.app, env, config.fw.environment);
      logger = appLogger;
      store = await createStore(settings, {
        appDir,
        env,
        logger: appLogger,
        onPoolMetrics: (metrics) => (poolMetrics = metrics),
      });
      appLogger.info({ event: 'store_opened', store: settings.store }, `blog store: ${settings.store}`);
    },
    observeStore() {
      unobserve ??= poolMetrics?.observe();
    },
    async stop() {
      unobserve?.();
      unobserve = undefined;
      poolMetrics = undefined;
      const open = store;
      store = undefined;
      await open?.close();
    },
  };
}
