/**
 * One of fw's keys written a map off (`fw.port` for fw.server_configuration.port, as Fastify's listen takes `port`;
 * `log_level` inside server_configuration; `port` at the top level) was refused with the list of allowed keys, or
 * as "port must be an object", the place it belongs unsaid. The error now names that place.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { rejection, removeApps } from './fixtures/config-helpers/temp-app.ts';

after(removeApps);

/** `code: message` of resolving `config`. */
async function said(config: unknown): Promise<string> {
  const error = await rejection(config);
  return `${error.code}: ${error.message}`;
}

describe('a key of fw written in the wrong map is pointed to where it belongs', { concurrency: true }, () => {
  it('fw.port: fw.server_configuration.port', async () => {
    assert.equal(await said({ fw: { bootstrap_application: 'blog', port: 3000 } }), 'FW_ERR_CONFIG_UNKNOWN_KEY: Unknown configuration key fw.port; did you mean fw.server_configuration.port?');
  });

  it("an overlay's fw.host: its own server_configuration.host", async () => {
    const config = { fw: { bootstrap_application: 'blog' }, environments: { prod: { fw: { host: '0.0.0.0' } } } };
    assert.equal(await said(config), 'FW_ERR_CONFIG_UNKNOWN_KEY: Unknown configuration key environments.prod.fw.host; did you mean environments.prod.fw.server_configuration.host?');
  });

  it('fw.server_configuration.log_level: fw.log_level', async () => {
    const config = { fw: { bootstrap_application: 'blog', server_configuration: { log_level: 'debug' } } };
    assert.equal(await said(config), 'FW_ERR_CONFIG_UNKNOWN_KEY: Unknown configuration key fw.server_configuration.log_level; did you mean fw.log_level?');
  });

  it('port at the top level: inside fw.server_configuration', async () => {
    assert.equal(
      await said({ fw: { bootstrap_application: 'blog' }, port: 8080 }),
      "FW_ERR_CONFIG_BAD_VALUE: port must be inside fw.server_configuration, as fw.server_configuration.port: it is one of fw's server settings; found 8080 (a number)",
    );
  });
});
