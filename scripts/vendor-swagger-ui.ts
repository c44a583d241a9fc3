/**
 * Vendors Swagger UI into fw-cli (`npm run vendor:swagger-ui`, after changing fw-cli's
 * swagger-ui-dist devDependency): copies the files `fw openapi --offline` serves, with
 * swagger-ui-dist's Apache-2.0 LICENSE and NOTICE, into packages/fw-cli/vendor/swagger-ui-dist/,
 * and writes packages/fw-cli/src/openapi/swagger-ui-release.ts: the exact version the CDN page
 * loads and the Subresource Integrity hashes of those same bytes.
 *
 * Why vendor: swagger-ui-dist depends on @scarf/scarf, whose postinstall reports installs to an
 * analytics service. As a devDependency it never reaches fw-cli's users, and the repository's
 * package.json denies its script (allowScripts).
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const FW_CLI = join(import.meta.dirname, '..', 'packages', 'fw-cli');
const TARGET = join(FW_CLI, 'vendor', 'swagger-ui-dist');
const RELEASE_MODULE = join(FW_CLI, 'src', 'openapi', 'swagger-ui-release.ts');

/** What swagger.html loads; their hashes go into the page. */
const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js'] as const;
/** The licence texts that travel with the assets. */
const NOTICES = ['LICENSE', 'NOTICE', 'swagger-ui-bundle.js.LICENSE.txt'] as const;

const source = dirname(createRequire(join(FW_CLI, 'package.json')).resolve('swagger-ui-dist/package.json'));
const { version } = JSON.parse(await readFile(join(source, 'package.json'), 'utf8')) as { version: string };
await rm(TARGET, { recursive: true, force: true });
await mkdir(TARGET, { recursive: true });
for (const file of [...ASSETS, ...NOTICES]) await copyFile(join(source, file), join(TARGET, file));
const integrity = Object.fromEntries(
  await Promise.all(ASSETS.map(async (asset) => [asset, `sha384-${createHash('sha384').update(await readFile(join(source, asset))).digest('base64')}`])),
);
await writeFile(RELEASE_MODULE, releaseModule(version, integrity));
process.stdout.write(`vendored swagger-ui-dist ${version} into packages/fw-cli/vendor/swagger-ui-dist\n`);

function releaseModule(exact: string, hashes: Record<string, string>): string {
  return `/**
 * The Swagger UI release fw-cli ships in vendor/swagger-ui-dist/ (swagger-ui-dist on npm,
 * Apache-2.0). Written by scripts/vendor-swagger-ui.ts; do not edit by hand.
 */

/** The exact swagger-ui-dist version vendored, and loaded from the CDN. */
export const SWAGGER_UI_VERSION = '${exact}';

/** Subresource Integrity of each asset the page loads (the vendored bytes, as on npm). */
export const SWAGGER_UI_INTEGRITY = {
${Object.entries(hashes).map(([asset, hash]) => `  '${asset}': '${hash}',`).join('\n')}
} as const;
`;
}
