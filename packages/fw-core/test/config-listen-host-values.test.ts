/**
 * A listen address that cannot be one (HOST=0.0.0.0:8080, a URL, a space, a mistyped 999.1.1.1) passed configuration and
 * failed at listen as `FW_ERR_SERVER_LISTEN: cannot listen on 0.0.0.0:8080:0: ENOTFOUND`, naming neither HOST nor the
 * fix. host and HOST are now checked with the other keys: an IP address or a host name.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { resolveConfig } from '../src/config/index.ts';
import { rejection, removeApps, writeApp } from './fixtures/config-helpers/temp-app.ts';

after(removeApps);

const EXPECTED = 'an IP address or a host name, without a scheme, a port or spaces (e.g. "0.0.0.0", "::" or "localhost")';
const BLOG = { fw: { bootstrap_application: 'blog' } };

describe('host and HOST are an IP address or a host name', { concurrency: true }, () => {
  for (const host of ['0.0.0.0:8080', 'http://localhost', ' ', 'localhost ', '999.1.1.1', '[::1]']) {
    it(`refuses HOST=${JSON.stringify(host)} and "host": ${JSON.stringify(host)}, naming each`, async () => {
      const fromEnv = await rejection(BLOG, { HOST: host });
      assert.equal(`${fromEnv.code}: ${fromEnv.message}`, `FW_ERR_CONFIG_BAD_VALUE: HOST must be ${EXPECTED}; found ${JSON.stringify(host)} (a string)`);
      const fromFile = await rejection({ fw: { bootstrap_application: 'blog', server_configuration: { host } } });
      assert.equal(fromFile.message, `fw.server_configuration.host must be ${EXPECTED}; found ${JSON.stringify(host)} (a string)`);
    });
  }

  it('takes addresses and names', async () => {
    const dir = await writeApp(BLOG);
    for (const host of ['0.0.0.0', '::', '::1', '10.0.1.11', 'fe80::1%eth0', 'localhost', 'blog-db.internal', 'api_1', 'example.com.']) {
      const { entries } = await resolveConfig(dir, { HOST: host });
      assert.equal((entries.find((entry) => entry.key === 'server_configuration')!.value as { host: string }).host, host);
    }
  });
});
