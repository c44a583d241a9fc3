/**
 * The Swagger UI release fw-cli ships in vendor/swagger-ui-dist/ (swagger-ui-dist on npm,
 * Apache-2.0). Written by scripts/vendor-swagger-ui.ts; do not edit by hand.
 */

/** The exact swagger-ui-dist version vendored, and loaded from the CDN. */
export const SWAGGER_UI_VERSION = '5.35.0';

/** Subresource Integrity of each asset the page loads (the vendored bytes, as on npm). */
export const SWAGGER_UI_INTEGRITY = {
  'swagger-ui.css': 'sha384-WlYgdmXYOOBWL5apwjDEZwN+U3HmXSSu5R6V5aGxEcf7z+KuRNwBhoxKVN1i3D5I',
  'swagger-ui-bundle.js': 'sha384-gjRm0bEPMeTmMh5jT2cHccIwCUZSTd8YC+j0d0sXw0MdGEfScduGpSyF3ZSSLkX9',
} as const;
