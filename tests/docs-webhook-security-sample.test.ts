/**
 * docs/plugins.md's webhook signature written as a group's security callback, run as the sample reads: a body signed
 * in X-Hub-Signature-256 reaches the handler decoded, another signature is a 401 before the body is parsed, a body over
 * the limit a 413 that closes the connection, and an unset secret refuses everything with a start-up warning naming the callback.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createListener, inject, type FwApp, type FwListener, type Logger } from 'fw-core';
import { importDocSample, type DocSample } from './support/doc-sample.ts';

const SECRET = 'a-webhook-secret-of-some-length';
const sign = (body: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

let sample: DocSample<{ default: FwApp }>;
let fw: FwListener;
const listener = (env: NodeJS.ProcessEnv) => createListener({ app: sample.module.default, config: {}, env: { LOG_LEVEL: 'silent', ...env } });

before(async () => {
  sample = await importDocSample('docs/plugins.md', (code) => code.includes('function githubSignature('), 'hooks.ts', 'docs-webhook-security-');
  fw = await listener({ WEBHOOK_SECRET: SECRET });
});
after(async () => {
  await fw?.close();
  await sample?.remove();
});

const post = (target: FwListener, payload: string, signed: string) =>
  inject(target, { method: 'POST', url: '/hooks/github', body: payload, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signed } });

describe("docs/plugins.md's webhook signature as a group's security", () => {
  const body = JSON.stringify({ action: 'opened' });

  it('lets a signed body through, decoded into req.body', async () => {
    const res = await post(fw, body, sign(body));
    assert.deepEqual([res.status, res.json()], [202, { received: { action: 'opened' } }]);
  });

  it('refuses another signature, or none, with 401', async () => {
    for (const signed of [sign(body, 'another-secret-of-some-length'), '']) {
      const res = await post(fw, body, signed);
      assert.deepEqual([res.status, res.json()], [401, { error: 'bad signature' }]);
    }
  });

  it('answers a body over its limit 413, closing the connection', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(70_000) });
    const res = await post(fw, big, sign(big));
    assert.deepEqual([res.status, res.json(), res.headers.connection], [413, { error: 'request body too large' }, 'close']);
  });

  it('refuses every request while WEBHOOK_SECRET is unset, and says so at start', async () => {
    const warned: { fields: Record<string, unknown>; message?: string }[] = [];
    const quiet = () => {};
    const logger: Logger = { trace: quiet, debug: quiet, info: quiet, warn: (fields, message) => warned.push({ fields, message }), error: quiet, fatal: quiet };
    const unset = await createListener({ app: sample.module.default, config: {}, env: {}, logger });
    try {
      const res = await post(unset, body, sign(body));
      assert.deepEqual([res.status, res.json()], [401, { error: 'unauthorized' }]);
      const warnings = warned.filter(({ fields }) => Object.values(fields).includes('security_refuses_every_request'));
      assert.equal(warnings.length, 1, JSON.stringify(warned));
      assert.match(String(warnings[0]!.message), /the security of group '\/hooks' \(githubSignature\)/);
    } finally {
      await unset.close();
    }
  });
});
