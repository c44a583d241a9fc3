/**
 * What the blog's handlers share once the app has started: the store, the compiled validators,
 * the logger and, in prod, the API token digest. The router is built before start (fw reads
 * routes first), so handlers reach these through the context rather than module globals.
 */
import type { AppContext, Logger } from 'fw-core';
import { readStoreSettings } from './config/store-settings.ts';
import { BlogError } from './errors.ts';
import { readPostSchema } from './posts/post-schema.ts';
import { compilePostValidators, type PostValidators } from './posts/post-validation.ts';
import { protectsWrites, readApiToken } from './security/api-token.ts';
import { createStore } from './store/create-store.ts';
import type { PostStore } from './store/store.ts';

/** The started app's shared parts. */
export interface BlogContext {
  /** The open store; throws BLOG_ERR_NOT_STARTED before start. */
  readonly store: PostStore;
  readonly validators: PostValidators;
  readonly logger: Logger;
  /** SHA-256 of BLOG_API_TOKEN when the environment protects writes. */
  readonly apiTokenDigest: Buffer | undefined;
  /** The app's start hook: checks the token, compiles validators, opens the store. */
  start(app: AppContext): Promise<void>;
  /** The app's stop hook: closes the store. */
  stop(): Promise<void>;
}

/** A context; its start hook reads BLOG_* variables from the env fw was started with. */
export function createBlogContext(): BlogContext {
  let store: PostStore | undefined;
  let validators: PostValidators | undefined;
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
    get validators() {
      return started(validators);
    },
    get logger() {
      return started(logger);
    },
    get apiTokenDigest() {
      return apiTokenDigest;
    },
    async start({ config, logger: appLogger, appDir, env }) {
      // Cheap checks first: nothing is opened when the token or the schema is wrong.
      if (protectsWrites(config.fw.environment)) apiTokenDigest = readApiToken(env);
      const settings = readStoreSettings(config.app, env);
      validators = compilePostValidators(await readPostSchema(appDir));
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
