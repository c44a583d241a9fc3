/** Static files: the handler behind `{path, directory|file, options}` routes. */
export type { StaticHandler, StaticOptions, StaticSpec } from './static-handler.ts';
export { createStaticHandler } from './static-handler.ts';
export { contentTypeFor } from '../http/write-response.ts';
