/** Static files: the handler behind `{path, directory|file, options}` routes. */
export type { StaticHandler, StaticOptions, StaticSpec } from './static-handler.ts';
export { createStaticHandler, STATIC_OPTION_DEFAULTS } from './static-handler.ts';
export { contentTypeFor, DEFAULT_CONTENT_TYPE, MIME_TYPES } from '../http/mime-types.ts';
