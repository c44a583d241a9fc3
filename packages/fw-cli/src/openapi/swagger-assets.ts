/**
 * `--offline`: copies the Swagger UI assets the page needs from fw-cli's vendored copy of
 * swagger-ui-dist (vendor/swagger-ui-dist, see swagger-ui-release.ts) next to the page, so the
 * docs work without network access, and without swagger-ui-dist and its install-time analytics
 * among fw-cli's dependencies.
 */
import { join } from 'node:path';
import { SWAGGER_UI_INTEGRITY } from './swagger-ui-release.ts';

/** The vendored Swagger UI files, from src/openapi or dist/openapi alike. */
export const SWAGGER_VENDOR_DIR = join(import.meta.dirname, '..', '..', 'vendor', 'swagger-ui-dist');

/** Copies the assets into `dir`, each replaced whole (replace-file.ts); returns the paths written. */
export async function copySwaggerAssets(dir: string): Promise<string[]> {
  // Imported here: swaggerUi's route reads SWAGGER_VENDOR_DIR and loads nothing else of the writer (cli-usage.test.ts).
  const { replaceFile } = await import('./replace-file.ts');
  const written: string[] = [];
  for (const asset of Object.keys(SWAGGER_UI_INTEGRITY)) {
    const target = join(dir, asset);
    await replaceFile(target, { copyOf: join(SWAGGER_VENDOR_DIR, asset) });
    written.push(target);
  }
  return written;
}
