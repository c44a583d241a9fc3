/**
 * The blog's error registry: every error the HTTP side throws across a module boundary is a
 * BlogError with a stable code, so main.ts and tests switch on codes, never on text. The store
 * has its own (src/store/store.ts: StoreUnavailableError, BLOG_ERR_STORE_UNAVAILABLE).
 */

/** Every code the blog's HTTP side throws, with what it means. All are start-up errors. */
export const blogErrorCodes = {
  BLOG_ERR_BAD_ENV: 'BLOG_STORE names no store (memory, sqlite or postgres)',
  BLOG_ERR_API_TOKEN_MISSING: 'FW_ENV=prod protects the write routes, but BLOG_API_TOKEN is not set',
  BLOG_ERR_API_TOKEN_WEAK: 'BLOG_API_TOKEN is shorter than 16 characters or holds characters a header cannot carry',
  BLOG_ERR_SCHEMA: 'priv/schemas/post.json is missing, not JSON, or not an object schema',
  BLOG_ERR_NOT_STARTED: 'A request reached a controller before the app start hook opened the store (a bug)',
  BLOG_ERR_PLUGIN_OPTION:
    'A cors_plugin or rate_limit_plugin option has a value of the right type that is still invalid (an origin with a path, a bad CIDR)',
  BLOG_ERR_CORS_CREDENTIALS_WILDCARD:
    'cors_plugin has allow_credentials true together with "*" in allow_origins, allow_methods or allow_headers, which browsers refuse',
  BLOG_ERR_RATE_LIMIT_STORE_UNAVAILABLE:
    'rate_limit_plugin uses Redis, and Redis did not answer PING at start (the message names the address)',
  BLOG_ERR_MEMORY_STORE_IN_PROD:
    'FW_ENV=prod selects the memory store (which loses every post on restart) without blog.allow_memory_store or BLOG_ALLOW_MEMORY_STORE=true',
} as const;

/** A code from the registry. */
export type BlogErrorCode = keyof typeof blogErrorCodes;

/** An error with a stable code; `cause` keeps what it wraps. */
export class BlogError extends Error {
  readonly code: BlogErrorCode;

  constructor(code: BlogErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BlogError';
    this.code = code;
  }
}
