import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FwError } from '../src/errors.ts';
import { fwCorsPlugin, type CorsPluginOptions } from '../src/plugins/cors-plugin.ts';
import { testInitContext } from './support/plugin-harness.ts';

const ORIGIN_RULE = '"*" or one origin as browsers send it, scheme://host[:port] in lower case (several origins need a plugin of your own: docs/builtin-plugins.md)';
const NEEDS_ALLOW_ORIGINS = `fw_cors_plugin needs option allow_origins (${ORIGIN_RULE}, e.g. "https://app.example")`;
const BAD_ALLOW_ORIGINS = `fw_cors_plugin option allow_origins must be ${ORIGIN_RULE}, e.g. "https://app.example"`;

function initWith(options: unknown): unknown {
  return fwCorsPlugin.init?.(options as CorsPluginOptions, testInitContext);
}

function assertBadOptions(options: unknown, message: string, option: string | undefined) {
  assert.throws(
    () => initWith(options),
    (error: unknown) => {
      assert.ok(error instanceof FwError);
      assert.equal(error.code, 'FW_ERR_PLUGIN_BAD_OPTIONS');
      assert.equal(error.message, message);
      assert.deepEqual(error.details, { plugin: 'fw_cors_plugin', option });
      return true;
    },
  );
}

describe('fw_cors_plugin validates allow_origins in init', () => {
  it('is named fw_cors_plugin and runs in pre_request only', () => {
    assert.equal(fwCorsPlugin.name, 'fw_cors_plugin');
    assert.equal(typeof fwCorsPlugin.pre_request, 'function');
    assert.equal(fwCorsPlugin.post_request, undefined);
  });

  it('accepts * and a single origin', () => {
    const defaults = { expose: undefined, allow: '*' };
    assert.deepEqual(initWith({ allow_origins: '*' }), defaults);
    assert.deepEqual(initWith({ allow_origins: 'https://app.example' }), defaults);
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:8080', 'app+x.y-z://host']) assert.deepEqual(initWith({ allow_origins: origin }), defaults);
  });

  it('refuses what no browser sends as its Origin, which the header, sent as written, would match for none: a list, a path, a trailing slash, upper case', () => {
    for (const value of ['https://a.example, https://b.example', 'https://a.example https://b.example', 'https://app.example/', 'https://app.example/api', 'https://App.example', 'app.example', 'https://app.example:', 'https://app.example?x']) {
      assertBadOptions({ allow_origins: value }, BAD_ALLOW_ORIGINS, 'allow_origins');
    }
  });

  it('refuses missing options or a missing allow_origins', () => {
    assertBadOptions(undefined, NEEDS_ALLOW_ORIGINS, 'allow_origins');
    assertBadOptions({}, NEEDS_ALLOW_ORIGINS, 'allow_origins');
  });

  it('refuses an allow_origins that is given but not a usable string, saying it must be one (not that it is missing)', () => {
    for (const value of [42, true, ['*'], null, '', '  ', 'https://a.example\r\nset-cookie: x=1']) {
      assertBadOptions({ allow_origins: value }, BAD_ALLOW_ORIGINS, 'allow_origins');
    }
  });

  it('takes expose_headers and allow_headers, lists of header names, as its state: the header values, joined once (allow-headers * without one)', () => {
    assert.deepEqual(initWith({ allow_origins: '*', expose_headers: ['Location', 'Retry-After'] }), { expose: 'Location, Retry-After', allow: '*' });
    assert.deepEqual(initWith({ allow_origins: '*', allow_headers: ['Authorization', 'If-Match'] }), { expose: undefined, allow: 'Authorization, If-Match' });
  });

  it('refuses an allow_headers that is not a non-empty list of header names', () => {
    for (const value of ['*', [], ['Authorization', ''], ['If Match'], ['x\r\ny'], [42]]) {
      assertBadOptions({ allow_origins: '*', allow_headers: value }, 'fw_cors_plugin option allow_headers must be a list of header names, e.g. ["Authorization", "Content-Type"]', 'allow_headers');
    }
  });

  it('refuses an expose_headers that is not a non-empty list of header names', () => {
    for (const value of ['Location', [], ['Location', ''], ['Retry After'], ['x\r\ny'], [42]]) {
      assertBadOptions({ allow_origins: '*', expose_headers: value }, 'fw_cors_plugin option expose_headers must be a list of header names, e.g. ["Location", "Retry-After"]', 'expose_headers');
    }
  });

  it('refuses options of the configurable variant, whose headers the built-in fixes to *', () => {
    assertBadOptions(
      { allow_origins: '*', allow_methods: 'GET' },
      'fw_cors_plugin does not know option allow_methods; its options are: allow_origins, expose_headers, allow_headers',
      'allow_methods',
    );
  });
});

describe('fw_cors_plugin describes itself', () => {
  it('answers plugin_info with the spec fields and its option', () => {
    assert.deepEqual(fwCorsPlugin.plugin_info?.(), {
      title: 'fw cross-origin plugin',
      version: '0.1.0',
      url: 'docs/builtin-plugins.md#fw_cors_plugin',
      description: 'Adds access-control-allow-* headers to every response and answers OPTIONS preflights with 204',
      authors: ['fw contributors'],
      options: [
        ['allow_origins', 'Value of access-control-allow-origin; "*" allows any origin (required)'],
        ['expose_headers', 'Response headers a page may read, as access-control-expose-headers (optional)'],
        ['allow_headers', 'Request headers a page may send, as access-control-allow-headers (optional; default "*")'],
      ],
    });
  });
});
