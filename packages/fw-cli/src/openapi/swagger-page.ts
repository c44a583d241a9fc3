/**
 * swagger.html: a standalone Swagger UI 5 page that loads the spec file beside it. Its two
 * assets (`swagger-ui.css`, `swagger-ui-bundle.js`) come from a CDN, or, offline, from files
 * beside the page (see swagger-assets.ts). From the CDN they are the exact release fw-cli
 * vendors, checked by the browser against the vendored bytes' hashes (Subresource Integrity,
 * https://www.w3.org/TR/SRI/), so a changed or compromised CDN file is refused, not run.
 */
import { SWAGGER_UI_INTEGRITY, SWAGGER_UI_VERSION } from './swagger-ui-release.ts';

/** Where the online page loads Swagger UI from: the npm package's files, at the exact vendored version. */
export const SWAGGER_CDN = `https://unpkg.com/swagger-ui-dist@${SWAGGER_UI_VERSION}/`;

/** Inputs of the page. */
export interface SwaggerPageOptions {
  /** The spec's file name, relative to the page (`openapi.json`). */
  readonly specUrl: string;
  /** The page title (the API's title). */
  readonly title: string;
  /** Load the assets from beside the page instead of the CDN. */
  readonly offline: boolean;
}

/** The page's HTML. */
export function swaggerPage(options: SwaggerPageOptions): string {
  const base = options.offline ? '' : SWAGGER_CDN;
  // SRI on a cross-origin file needs a CORS request: crossorigin="anonymous".
  const check = (asset: keyof typeof SWAGGER_UI_INTEGRITY): string =>
    options.offline ? '' : ` integrity="${SWAGGER_UI_INTEGRITY[asset]}" crossorigin="anonymous"`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} API reference</title>
<link rel="stylesheet" href="${base}swagger-ui.css"${check('swagger-ui.css')}>
</head>
<body>
<div id="swagger-ui"></div>
<script src="${base}swagger-ui-bundle.js"${check('swagger-ui-bundle.js')}></script>
<script>
  window.ui = SwaggerUIBundle({
    url: ${scriptString(options.specUrl)},
    dom_id: '#swagger-ui',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
  });
</script>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// A single-quoted JS string that cannot close the <script> element.
function scriptString(text: string): string {
  return `'${text.replace(/[\\'\n\r\u2028\u2029<>&]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;
}
