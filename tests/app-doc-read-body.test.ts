/**
 * docs/api.md's `readBody` and docs/applications-reference.md's "Uploads": the body is read once
 * and every call gets the same bytes, each within the limit that call gives (413 past it, the
 * code FW_ERR_BODY_TOO_LARGE), whatever fw_request_plugin's max_body_size (which reads no body it does not decode).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createListener, defineApp, inject, isFwError, json, readBody, type Logger } from '../packages/fw-core/src/index.ts';

const silent: Logger = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} };

describe('readBody', () => {
  it('gives every call the same bytes, each checked against its own limit', async () => {
    const app = defineApp({
      name: 'upload',
      router: {
        name: 'upload_router',
        routes: () => [
          {
            prefix: '',
            security: false,
            routes: [
              {
                path: '/files',
                options: { methods: ['put'] },
                handler: async (req) => {
                  const first = await readBody(req.raw, 1000);
                  const again = await readBody(req.raw, 1000);
                  const tight = await readBody(req.raw, 3).then(
                    () => 'read',
                    (error: unknown) => (isFwError(error, 'FW_ERR_BODY_TOO_LARGE') ? error.status : 'other'),
                  );
                  return json({ first: first.toString(), same: first.equals(again), tight });
                },
              },
            ],
          },
        ],
      },
    });
    const fw = await createListener({ app, config: { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { max_body_size: 2 } }] }, env: {}, logger: silent });
    try {
      const answer = await inject(fw, { method: 'PUT', url: '/files', body: 'twelve bytes' });
      assert.deepEqual(answer.json(), { first: 'twelve bytes', same: true, tight: 413 });
    } finally {
      await fw.close();
    }
  });

  it('is described so in docs/api.md', () => {
    const line = readFileSync(join(import.meta.dirname, '..', 'docs', 'api.md'), 'utf8').split('\n').find((text) => text.startsWith('- `readBody`:'));
    assert.ok(line !== undefined && !line.includes('the configured limit'), line);
  });
});
