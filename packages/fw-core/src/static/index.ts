/** Static files: the handler behind `{path, directory|file, options}` routes. */
export { createStaticHandler, type StaticHandler, type StaticOptions, type StaticSpec } from './static-handler.ts';
