/**
 * `--offline`: copies the Swagger UI assets the page needs from the installed swagger-ui-dist
 * next to the page, so the docs work without network access.
 */
import { copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The files swagger.html loads. */
const SWAGGER_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js'] as const;

/** Copies the assets into `dir`; returns the paths written. */
export async function copySwaggerAssets(dir: string): Promise<string[]> {
  const source = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const written: string[] = [];
  for (const asset of SWAGGER_ASSETS) {
    const target = join(dir, asset);
    await copyFile(join(source, asset), target);
    written.push(target);
  }
  return written;
}
