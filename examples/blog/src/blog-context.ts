/**
 * What the blog's handlers share once the app has started: the store, the logger and, when writes are guarded, the API token digest. The router is built before
 * start (fw reads routes first), so handlers reach these through the context rather than module
 * globals.
 *
 * Whether writes are guarded is decided when fw builds the routes, before start, and fw hands
 * routes() only the environment's name: so that decision reads BLOG_API_TOKEN from the
 * environment the app module was loaded in (process.env, as for `npm start`, `fw routes` and
 * `fw audit`). start then reads the token itself from the env fw was started with and refuses
 * to run when the two disagree, so a token given only to startServer({env}) cannot leave the
 * writes open.
 */
import type { AppContext, Logger } from 'fw-core';
import { readStoreSettings } from './config/store-settings.ts';
import { BlogError } from './errors.ts';
import { hasApiToken, protectsWrites, readApiToken } from './security/api-token.ts';
import { createStore } from './store/create-store.ts';
import type { PostStore } from './store/store.ts';

/** The started app's shared parts. */
export interface BlogContext {
  /** The open store; throws BLOG_ERR_NOT_STARTED before start. */
  readonly store: PostStore;
  readonly logger: Logger;
  /** SHA-256 of BLOG_API_TOKEN when writes are guarded. */
  readonly apiTokenDigest: Buffer | undefined;
  /** True when the router must guard POST, PUT and DELETE in `environment` (api-token.ts). */
  guardsWrites(environment: string): boolean;
  /** The app's start hook: checks the token, opens the store. */
  start(app: AppContext): Promise<void>;
  /** The app's stop hook: closes the store. */
  stop(): Promise<void>;
}

/**
 * A context; its start hook reads BLOG_* variables from the env fw was started with.
 * `loadEnv` is what the routes are built from (see above).
 */
export function createBlogContext(loadEnv: NodeJS.ProcessEnv = process.env): BlogContext {
  let store: PostStore | undefined;
  let logger: Logger | undefined;
  let apiTokenDigest: Buffer | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new BlogError('BLOG_ERR_NOT_STARTED', 'the blog app has not started: its start hook opens the store');
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
    guardsWrites(environment) {
      return protectsWrites(environment, loadEnv);
    },
    async start({ config, logger: appLogger, appDir, env }) {
      // Cheap checks first: nothing is opened when the token is wrong.
      const guarded = protectsWrites(config.fw.environment, loadEnv);
      if (guarded !== protectsWrites(config.fw.environment, env)) throw tokenEnvMismatch(hasApiToken(env));
      if (guarded) apiTokenDigest = readApiToken(env);
      const settings = readStoreSettings(config.app, env);
      logger = appLogger;
      store = await createStore(settings, { appDir, env, logger: appLogger });
      appLogger.info({ event: 'store_opened', store: settings.store }, `blog store: ${settings.store}`);
    },
    async stop() {
      const open = store;
      store = undefined;
      await open?.close();
    },
  };
}

function tokenEnvMismatch(onlyAtStart: boolean): BlogError {
  const [has, lacks] = onlyAtStart ? ['the env fw was started with', 'process.env'] : ['process.env', 'the env fw was started with'];
  return new BlogError(
    'BLOG_ERR_API_TOKEN_ENV_MISMATCH',
    `BLOG_API_TOKEN is set in ${has} but not in ${lacks}; the write routes are built from process.env when the app module loads, so set BLOG_API_TOKEN in both or in neither`,
  );
}
