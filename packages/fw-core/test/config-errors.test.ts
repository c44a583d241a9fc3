import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { isFwError } from '../src/errors.ts';
import { resolveConfig } from '../src/config/index.ts';
import { validatePluginEntries } from '../src/config/validate-config.ts';
import { emptyApp, rejection, removeApps, writeApp } from './fixtures/config-helpers/temp-app.ts';

after(removeApps);

/** A file with a valid fw section plus `fw` fields merged in. */
function withFw(fields: Record<string, unknown>): unknown {
  return { fw: { bootstrap_application: 'blog', ...fields } };
}

function withServer(fields: Record<string, unknown>): unknown {
  return withFw({ server_configuration: fields });
}

describe('config file errors', () => {
  it('FW_ERR_CONFIG_NOT_FOUND names the missing file', async () => {
    const dir = await emptyApp();
    const file = join(dir, 'fw.config.json');
    await assert.rejects(resolveConfig(dir, {}), (error) => {
      assert.ok(isFwError(error, 'FW_ERR_CONFIG_NOT_FOUND'));
      assert.equal(error.message, `Cannot read the configuration file ${file} (ENOENT); create it with at least {"fw": {"bootstrap_application": "<your app's name>"}}, name another file with FW_CONFIG, or give the configuration in code: startServer({ app, config: { ... } }) or createListener({ app, config: { ... } }) (docs/applications-reference.md, "Configuration in code")`);
      assert.deepEqual(error.details, { file });
      assert.equal((error.cause as NodeJS.ErrnoException).code, 'ENOENT');
      return true;
    });
  });

  it('FW_ERR_CONFIG_NOT_FOUND when the path cannot be read as a file', async () => {
    const dir = await emptyApp();
    const file = join(dir, 'fw.config.json');
    await mkdir(file);
    await assert.rejects(resolveConfig(dir, {}), {
      code: 'FW_ERR_CONFIG_NOT_FOUND',
      message: `Cannot read the configuration file ${file} (EISDIR): it is a directory; fw.config.json must be a file`,
    });
  });

  const badJson: readonly (readonly [string, string, string])[] = [
    [
      'a trailing comma in an object',
      '{\n  "fw": {\n    "bootstrap_application": "blog",\n  }\n}',
      "line 4, column 3 (position 51): expected a double-quoted property name, found '}'",
    ],
    [
      'a trailing comma in an array',
      '{\n  "fw": { "plugins": [1,] }\n}',
      "line 2, column 25 (position 26): expected a value, found ']'",
    ],
    ['a bare word', '{"fw": {"use_stacktrace": yes}}', "line 1, column 27 (position 26): expected a value, found 'y'"],
    ['a misspelt literal', '{"a": tru}', "line 1, column 10 (position 9): expected 'true', found '}'"],
    ['a missing colon', '{"a" 1}', "line 1, column 6 (position 5): expected ':', found '1'"],
    ['a missing comma', '{"a": 1 "b": 2}', `line 1, column 9 (position 8): expected ',' or '}', found '"'`],
    ['a missing bracket', '[1 2]', "line 1, column 4 (position 3): expected ',' or ']', found '2'"],
    [
      'a line break inside a string',
      '{"a": "x\ny"}',
      'line 1, column 9 (position 8): expected an escape sequence for the control character, found "\\n"',
    ],
    [
      'a bad escape',
      String.raw`{"a": "\q"}`,
      String.raw`line 1, column 9 (position 8): expected one of " \ / b f n r t u after '\', found 'q'`,
    ],
    [
      'a short unicode escape',
      String.raw`{"a": "\u12"}`,
      `line 1, column 12 (position 11): expected a hex digit, found '"'`,
    ],
    ['a leading zero', '{"a": 01}', "line 1, column 8 (position 7): expected ',' or '}', found '1'"],
    ['a fraction without digits', '{"a": 1.}', "line 1, column 9 (position 8): expected a digit, found '}'"],
    [
      'an unterminated string',
      '{"a": "x',
      `line 1, column 9 (position 8): expected a closing '"', found the end of the file`,
    ],
    ['an empty file', '', `line 1, column 1 (position 0): expected a value, found the end of the file; it is empty: give it at least {"fw": {"bootstrap_application": "<your app's name>"}}`],
    [
      'an unterminated object',
      '{"fw": {}',
      "line 1, column 10 (position 9): expected ',' or '}', found the end of the file",
    ],
    ['text after the document', '{}\n{}', "line 2, column 1 (position 3): expected the end of the file, found '{'"],
  ];
  for (const [name, text, where] of badJson) {
    it(`FW_ERR_CONFIG_BAD_JSON gives the position of ${name}`, async () => {
      const dir = await writeApp(text);
      const file = join(dir, 'fw.config.json');
      await assert.rejects(resolveConfig(dir, {}), (error) => {
        assert.ok(isFwError(error, 'FW_ERR_CONFIG_BAD_JSON'));
        assert.equal(error.message, `${file} is not valid JSON at ${where}`);
        assert.ok(error.cause instanceof SyntaxError);
        return true;
      });
    });
  }

  it('FW_ERR_CONFIG_BAD_JSON details carry the position', async () => {
    const dir = await writeApp('{\n  "fw": {\n    "bootstrap_application": "blog",\n  }\n}');
    await assert.rejects(resolveConfig(dir, {}), (error) => {
      assert.ok(isFwError(error, 'FW_ERR_CONFIG_BAD_JSON'));
      assert.deepEqual(error.details, { file: join(dir, 'fw.config.json'), position: 51, line: 4, column: 3 });
      return true;
    });
  });

  it('accepts a file that starts with a byte order mark', async () => {
    const dir = await writeApp('\uFEFF{"fw": {"bootstrap_application": "blog"}}');
    assert.equal((await resolveConfig(dir, {})).entries[0]?.value, 'blog');
  });
});

describe('config unknown keys', () => {
  const cases: readonly (readonly [string, unknown, string])[] = [
    [
      'a misspelt server field',
      withServer({ prot: 80 }),
      'Unknown configuration key fw.server_configuration.prot; did you mean fw.server_configuration.port?',
    ],
    ['a misspelt fw key', withFw({ plugin: [] }), 'Unknown configuration key fw.plugin; did you mean fw.plugins?'],
    ['a key cut short', withFw({ server_config: { port: 80 } }), 'Unknown configuration key fw.server_config; did you mean fw.server_configuration?'],
    [
      'a misspelt environments section',
      { fw: { bootstrap_application: 'blog' }, enviroments: { prod: {} } },
      'Unknown configuration key enviroments; did you mean environments?',
    ],
    [
      'a key in the wrong case',
      withFw({ Log_Level: 'info' }),
      'Unknown configuration key fw.Log_Level; did you mean fw.log_level?',
    ],
    [
      'an fw key with no close match',
      withFw({ colour: 'blue' }),
      'Unknown configuration key fw.colour; the keys allowed in fw are bootstrap_application, environment, ' +
        'server_configuration, plugins, json_lib, use_stacktrace, dispatch_backend, log_level',
    ],
    [
      'a body size limit looked for in server_configuration (where Fastify users look: bodyLimit)',
      withServer({ max_body_size: 1048576 }),
      "Unknown configuration key fw.server_configuration.max_body_size; the body size limit is fw_request_plugin's " +
        'max_body_size option, set on its entry in fw.plugins or a group\'s plugins (docs/builtin-plugins.md)',
    ],
    [
      'a misspelt plugin entry key',
      withFw({ plugins: [{ phase: 'pre_request', module: 'm', option: {} }] }),
      'Unknown configuration key fw.plugins[0].option; did you mean fw.plugins[0].options?',
    ],
  ];
  for (const [name, config, message] of cases) {
    it(`FW_ERR_CONFIG_UNKNOWN_KEY for ${name}`, async () => {
      const error = await rejection(config);
      assert.equal(error.code, 'FW_ERR_CONFIG_UNKNOWN_KEY');
      assert.equal(error.message, message);
    });
  }

  it('FW_ERR_CONFIG_UNKNOWN_KEY details carry the key path and the suggestion', async () => {
    const error = await rejection(withServer({ prot: 80 }));
    assert.deepEqual(error.details, { key: 'fw.server_configuration.prot', suggestion: 'port' });
  });
});

describe('config bad values', () => {
  const cases: readonly (readonly [string, unknown, string])[] = [
    ['an fw section that is not an object', { fw: 'blog' }, 'fw must be an object; found "blog" (a string)'],
    [
      'an application section that is not an object',
      { fw: {}, blog: [1] },
      'blog must be an object; found [1] (an array)',
    ],
    [
      'an application name with capitals',
      withFw({ bootstrap_application: 'Blog' }),
      'fw.bootstrap_application must be an application name: a-z first, then a-z, 0-9 or _ (e.g. "blog"); ' +
        'found "Blog" (a string)',
    ],
    [
      'an empty environment',
      withFw({ environment: '' }),
      'fw.environment must be a non-empty string; found "" (a string)',
    ],
    [
      'a server map that is an array',
      withFw({ server_configuration: [] }),
      'fw.server_configuration must be an object; found [] (an array)',
    ],
    [
      'a port given as text',
      withServer({ port: '80' }),
      'fw.server_configuration.port must be an integer from 0 to 65535; found "80" (a string)',
    ],
    [
      'a port above 65535',
      withServer({ port: 70000 }),
      'fw.server_configuration.port must be an integer from 0 to 65535; found 70000 (a number)',
    ],
    [
      'a fractional port',
      withServer({ port: 80.5 }),
      'fw.server_configuration.port must be an integer from 0 to 65535; found 80.5 (a number)',
    ],
    ['a null host', withServer({ host: null }), 'fw.server_configuration.host must be an IP address or a host name, without a scheme, a port or spaces (e.g. "0.0.0.0", "::" or "localhost"); found null'],
    [
      'an empty stream handler list',
      withServer({ stream_handlers: [] }),
      'fw.server_configuration.stream_handlers must be a non-empty array of stream handler names ' +
        'ending with "fw_stream_h"; found [] (an array)',
    ],
    [
      'a stream handler list without fw_stream_h',
      withServer({ stream_handlers: ['auth_h'] }),
      'fw.server_configuration.stream_handlers must be an array ending with "fw_stream_h"; found ["auth_h"] (an array)',
    ],
    [
      'fw_stream_h before another handler',
      withServer({ stream_handlers: ['fw_stream_h', 'auth_h'] }),
      'fw.server_configuration.stream_handlers must be an array ending with "fw_stream_h"; ' +
        'found ["fw_stream_h","auth_h"] (an array)',
    ],
    [
      'a duplicate stream handler',
      withServer({ stream_handlers: ['auth_h', 'auth_h', 'fw_stream_h'] }),
      'fw.server_configuration.stream_handlers[1] must be a name not already listed at ' +
        'fw.server_configuration.stream_handlers[0]; found "auth_h" (a string)',
    ],
    [
      'an empty stream handler name',
      withServer({ stream_handlers: ['', 'fw_stream_h'] }),
      'fw.server_configuration.stream_handlers[0] must be a non-empty string; found "" (a string)',
    ],
    [
      'a zero request timeout',
      withServer({ request_timeout_ms: 0 }),
      'fw.server_configuration.request_timeout_ms must be an integer from 1 to 2147483647; found 0 (a number)',
    ],
    [
      'a headers timeout beyond the longest timer',
      withServer({ headers_timeout_ms: 2147483648 }),
      'fw.server_configuration.headers_timeout_ms must be an integer from 1 to 2147483647; found 2147483648 (a number)',
    ],
    [
      'a negative keep-alive timeout',
      withServer({ keep_alive_timeout_ms: -1 }),
      'fw.server_configuration.keep_alive_timeout_ms must be an integer from 1 to 2147483647; found -1 (a number)',
    ],
    [
      'a fractional header size',
      withServer({ max_header_size: 1.5 }),
      'fw.server_configuration.max_header_size must be an integer from 1 to 9007199254740991; found 1.5 (a number)',
    ],
    [
      'a shutdown grace given as text',
      withServer({ shutdown_grace_ms: '10s' }),
      'fw.server_configuration.shutdown_grace_ms must be an integer from 1 to 2147483647; found "10s" (a string)',
    ],
    [
      'a headers timeout longer than the request timeout',
      withServer({ request_timeout_ms: 1000, headers_timeout_ms: 2000 }),
      'fw.server_configuration.headers_timeout_ms must be at most fw.server_configuration.request_timeout_ms (1000) ' +
        'in environment "dev"; found 2000 (a number)',
    ],
    [
      'a request_id_header in capitals',
      withServer({ request_id_header: 'X-Request-Id' }),
      'fw.server_configuration.request_id_header must be false (always generate the id) or a lower-case header ' +
        'name such as "x-request-id"; found "X-Request-Id" (a string)',
    ],
    [
      'an empty request_id_header',
      withServer({ request_id_header: '' }),
      'fw.server_configuration.request_id_header must be false (always generate the id) or a lower-case header ' +
        'name such as "x-request-id"; found "" (a string)',
    ],
    [
      'a request_id_header with a space',
      withServer({ request_id_header: 'request id' }),
      'fw.server_configuration.request_id_header must be false (always generate the id) or a lower-case header ' +
        'name such as "x-request-id"; found "request id" (a string)',
    ],
    [
      'a request_id_header of true',
      withServer({ request_id_header: true }),
      'fw.server_configuration.request_id_header must be false (always generate the id) or a lower-case header ' +
        'name such as "x-request-id"; found true (a boolean)',
    ],
    ['an empty json_lib', withFw({ json_lib: '' }), 'fw.json_lib must be a non-empty string; found "" (a string)'],
    [
      'use_stacktrace given as text',
      withFw({ use_stacktrace: 'yes' }),
      'fw.use_stacktrace must be a boolean (true or false); found "yes" (a string)',
    ],
    [
      'another dispatch backend',
      withFw({ dispatch_backend: 'ets' }),
      'fw.dispatch_backend must be "persistent_term"; found "ets" (a string)',
    ],
    [
      'an unknown log level',
      withFw({ log_level: 'verbose' }),
      'fw.log_level must be one of "trace", "debug", "info", "warn", "error", "fatal", "silent"; ' +
        'found "verbose" (a string)',
    ],
    [
      'plugins that are not a list',
      withFw({ plugins: {} }),
      'fw.plugins must be an array of {phase, module, options} entries; found {} (an object)',
    ],
    [
      'a plugin entry that is not an object',
      withFw({ plugins: ['fw_request_plugin'] }),
      'fw.plugins[0] must be an object; found "fw_request_plugin" (a string)',
    ],
    [
      'a plugin entry with an unknown phase',
      withFw({ plugins: [{ phase: 'pre', module: 'm' }] }),
      'fw.plugins[0].phase must be one of "pre_request", "post_request"; found "pre" (a string)',
    ],
    [
      'a plugin entry with no module',
      withFw({ plugins: [{ phase: 'pre_request' }] }),
      'fw.plugins[0].module must be a non-empty string; found nothing',
    ],
    [
      'plugin options that are a list',
      withFw({ plugins: [{ phase: 'post_request', module: 'm', options: [] }] }),
      'fw.plugins[0].options must be an object; found [] (an array)',
    ],
  ];
  for (const [name, config, message] of cases) {
    it(`FW_ERR_CONFIG_BAD_VALUE for ${name}`, async () => {
      const error = await rejection(config);
      assert.equal(error.code, 'FW_ERR_CONFIG_BAD_VALUE');
      assert.equal(error.message, message);
    });
  }

  it('FW_ERR_CONFIG_BAD_VALUE details carry the key, the expectation and the value found', async () => {
    const error = await rejection(withServer({ port: '80' }));
    assert.deepEqual(error.details, {
      key: 'fw.server_configuration.port',
      expected: 'an integer from 0 to 65535',
      found: '80',
    });
  });

  it('is a start-up error, not an HTTP one', async () => {
    const error = await rejection(withServer({ port: '80' }));
    assert.equal(error.status, undefined);
    assert.equal(Object.hasOwn(error, 'status'), false);
    assert.equal(error.expose, false);
  });
});

describe('config environment variable errors', () => {
  const cases: readonly (readonly [string, NodeJS.ProcessEnv, string])[] = [
    ['PORT that is not a number', { PORT: 'abc' }, 'PORT must be an integer from 0 to 65535; found "abc" (a string)'],
    ['PORT above 65535', { PORT: '65536' }, 'PORT must be an integer from 0 to 65535; found "65536" (a string)'],
    ['negative PORT', { PORT: '-1' }, 'PORT must be an integer from 0 to 65535; found "-1" (a string)'],
    ['fractional PORT', { PORT: '80.5' }, 'PORT must be an integer from 0 to 65535; found "80.5" (a string)'],
    ['PORT with spaces', { PORT: ' 80' }, 'PORT must be an integer from 0 to 65535; found " 80" (a string)'],
    [
      'an unknown LOG_LEVEL',
      { LOG_LEVEL: 'INFO' },
      'LOG_LEVEL must be one of "trace", "debug", "info", "warn", "error", "fatal", "silent"; found "INFO" (a string)',
    ],
  ];
  for (const [name, env, message] of cases) {
    it(`FW_ERR_CONFIG_BAD_VALUE for ${name}`, async () => {
      const error = await rejection(withFw({}), env);
      assert.equal(error.code, 'FW_ERR_CONFIG_BAD_VALUE');
      assert.equal(error.message, message);
    });
  }
});

describe('validatePluginEntries', () => {
  it('returns the entries, options only where given', () => {
    const entries = validatePluginEntries(
      [
        { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } },
        { phase: 'post_request', module: 'audit_plugin' },
      ],
      'routes[0].plugins',
    );
    assert.deepEqual(entries, [
      { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } },
      { phase: 'post_request', module: 'audit_plugin' },
    ]);
  });

  it('names errors by the key path it is given', () => {
    assert.throws(() => validatePluginEntries([{ phase: 'pre_request', module: '' }], 'group /api plugins'), {
      code: 'FW_ERR_CONFIG_BAD_VALUE',
      message: 'group /api plugins[0].module must be a non-empty string; found "" (a string)',
    });
  });
});
