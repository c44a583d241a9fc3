/**
 * swagger.html: a standalone Swagger UI 5 page that loads the spec file beside it. Its two
 * assets (`swagger-ui.css`, `swagger-ui-bundle.js`) come from a CDN, or, offline, from files
 * beside the page (see swagger-assets.ts).
 */

/** Where the online page loads Swagger UI 5 from. */
const SWAGGER_CDN = 'https://unpkg.com/swagger-ui-dist@5/';

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
  const cross = options.offline ? '' : ' crossorigin="anonymous"';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} API reference</title>
<link rel="stylesheet" href="${base}swagger-ui.css"${cross}>
</head>
<body>
<div id="swagger-ui"></div>
<script src="${base}swagger-ui-bundle.js"${cross}></script>
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
