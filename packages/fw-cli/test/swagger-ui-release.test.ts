/**
 * The Swagger UI fw-cli ships (issue 15, item 3): vendor/swagger-ui-dist holds the exact bytes
 * of the swagger-ui-dist release named in fw-cli's devDependencies (so the same bytes the CDN
 * serves from that npm tarball), and the CDN page loads that exact version with Subresource
 * Integrity hashes computed from those bytes. `npm run vendor:swagger-ui` keeps them in step.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { SWAGGER_VENDOR_DIR } from '../src/openapi/swagger-assets.ts';
import { swaggerPage } from '../src/openapi/swagger-page.ts';

const FW_CLI = join(import.meta.dirname, '..');
const SWAGGER_DIST = dirname(createRequire(join(FW_CLI, 'package.json')).resolve('swagger-ui-dist/package.json'));

function sha384(bytes: Buffer): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

describe('the vendored Swagger UI', () => {
  it('is the exact swagger-ui-dist release of the devDependency, byte for byte, with its licence texts', async () => {
    const manifest = JSON.parse(await readFile(join(FW_CLI, 'package.json'), 'utf8'));
    const pinned = manifest.devDependencies['swagger-ui-dist'];
    assert.match(pinned, /^\d+\.\d+\.\d+$/, 'an exact version, not a range');
    assert.equal(manifest.dependencies['swagger-ui-dist'], undefined, 'not a runtime dependency');
    assert.equal(JSON.parse(await readFile(join(SWAGGER_DIST, 'package.json'), 'utf8')).version, pinned);
    for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js', 'LICENSE', 'NOTICE', 'swagger-ui-bundle.js.LICENSE.txt']) {
      assert.ok((await readFile(join(SWAGGER_VENDOR_DIR, file))).equals(await readFile(join(SWAGGER_DIST, file))), `vendor/swagger-ui-dist/${file} is swagger-ui-dist@${pinned}'s (run npm run vendor:swagger-ui)`);
    }
  });

  it('is what the CDN page loads: the exact version, each tag with the sha384 of the vendored file', async () => {
    const { version } = JSON.parse(await readFile(join(SWAGGER_DIST, 'package.json'), 'utf8'));
    const page = swaggerPage({ specUrl: 'openapi.json', title: 'T', offline: false });
    const tags = [...page.matchAll(/<(?:link rel="stylesheet" href|script src)="([^"]+)"([^>]*)>/g)].map(([, url, rest]) => ({ url, rest }));
    assert.deepEqual(tags, [
      { url: `https://unpkg.com/swagger-ui-dist@${version}/swagger-ui.css`, rest: ` integrity="${sha384(await readFile(join(SWAGGER_VENDOR_DIR, 'swagger-ui.css')))}" crossorigin="anonymous"` },
      { url: `https://unpkg.com/swagger-ui-dist@${version}/swagger-ui-bundle.js`, rest: ` integrity="${sha384(await readFile(join(SWAGGER_VENDOR_DIR, 'swagger-ui-bundle.js')))}" crossorigin="anonymous"` },
    ]);
  });
});
