import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FwError } from '../src/errors.ts';
import { fwRequestPlugin, type RequestPluginOptions } from '../src/plugins/request-plugin.ts';
import { testInitContext } from './support/plugin-harness.ts';

function initWith(options: unknown): unknown {
  return fwRequestPlugin.init?.(options as RequestPluginOptions, testInitContext);
}

function assertBadOptions(options: unknown, message: string, option: string | undefined) {
  assert.throws(
    () => initWith(options),
    (error: unknown) => {
      assert.ok(error instanceof FwError);
      assert.equal(error.code, 'FW_ERR_PLUGIN_BAD_OPTIONS');
      assert.equal(error.message, message);
      assert.deepEqual(error.details, { plugin: 'fw_request_plugin', option });
      assert.equal(error.status, undefined);
      return true;
    },
  );
}

describe('fw_request_plugin validates its options in init', () => {
  it('is named fw_request_plugin and runs in pre_request only', () => {
    assert.equal(fwRequestPlugin.name, 'fw_request_plugin');
    assert.equal(typeof fwRequestPlugin.pre_request, 'function');
    assert.equal(fwRequestPlugin.post_request, undefined);
  });

  it('accepts every valid combination and returns undefined as its state', () => {
    assert.equal(initWith(undefined), undefined);
    assert.equal(initWith({}), undefined);
    assert.equal(initWith({ decode_json_body: true, read_urlencoded_body: false, max_body_size: 0 }), undefined);
    assert.equal(initWith({ max_body_size: 10 * 1024 * 1024 }), undefined);
  });

  it('refuses an unknown option name and lists the known ones', () => {
    assertBadOptions(
      { decode_json: true },
      'fw_request_plugin does not know option decode_json; its options are: decode_json_body, read_urlencoded_body, max_body_size',
      'decode_json',
    );
  });

  it('refuses a boolean option given as text or a number', () => {
    assertBadOptions({ decode_json_body: 'true' }, 'fw_request_plugin option decode_json_body must be true or false, e.g. true', 'decode_json_body');
    assertBadOptions({ read_urlencoded_body: 1 }, 'fw_request_plugin option read_urlencoded_body must be true or false, e.g. true', 'read_urlencoded_body');
  });

  it('refuses a max_body_size that is not a whole number of bytes', () => {
    for (const size of ['1mb', -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, null]) {
      assertBadOptions({ max_body_size: size }, 'fw_request_plugin option max_body_size must be a whole number of bytes, 0 or more, e.g. 1048576', 'max_body_size');
    }
  });

  it('refuses options that are not a map', () => {
    for (const options of ['decode_json_body', [], 42]) {
      assertBadOptions(options, 'fw_request_plugin options must be a map of option names to values', undefined);
    }
  });
});

describe('fw_request_plugin describes itself', () => {
  it('answers plugin_info with the spec fields and its options', () => {
    assert.deepEqual(fwRequestPlugin.plugin_info?.(), {
      title: 'fw request plugin',
      version: '0.1.0',
      url: 'docs/builtin-plugins.md#fw_request_plugin',
      description: 'Reads request bodies with a size limit and decodes JSON into body and urlencoded forms into params',
      authors: ['fw contributors'],
      options: [
        ['decode_json_body', 'Decode application/json and +json bodies into body (default false)'],
        ['read_urlencoded_body', 'Decode application/x-www-form-urlencoded bodies into params (default false)'],
        ['max_body_size', 'Largest body read, in bytes; larger is a 413 (default 1048576)'],
      ],
    });
  });
});
