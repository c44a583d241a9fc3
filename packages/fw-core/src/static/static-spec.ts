/**
 * The static-files contract: what a static route hands `createStaticHandler` and the handler it
 * gets back. Implementations sit beside this file; docs/static-files.md describes the behaviour.
 */
import type { FwRequest } from '../http/request.ts';

/** Options of a static route (`{path, directory|file, options}`), snake_case as in route tables. */
export interface StaticOptions {
  /** File names tried, in order, for a directory request; default `['index.html']`. */
  readonly index_files?: readonly string[];
  /** Answer a directory request that has no index file with an HTML listing; default false. */
  readonly list_dir?: boolean;
  /** Extension without the dot → content type; overrides and extends the built-in table. */
  readonly mimetype?: Readonly<Record<string, string>>;
  /** Seconds for `cache-control: public, max-age=<n>`; default 0. */
  readonly max_age?: number;
}

/** What a static route serves: a directory (route path ends in `/[...]`) or always one file. */
export type StaticSpec = ({ readonly directory: string } | { readonly file: string }) & {
  readonly options?: StaticOptions;
  /** The route template (e.g. `/docs/[...]`), named in start-up errors when given. */
  readonly route?: string;
};

/**
 * Serves one request: writes the whole response on `req.res` itself and resolves when done.
 * Client input never makes it reject; an unexpected file-system failure is answered with 500
 * and then rejects with FW_ERR_STATIC_READ_FAILED so the pipeline logs it.
 */
export type StaticHandler = (req: FwRequest) => Promise<void>;
