/**
 * `fw_request_plugin` (built in, pre_request; docs/builtin-plugins.md): JSON bodies to `req.body`,
 * urlencoded forms to `req.params`, bad bodies answered 4xx `{error}`. Its options configure the
 * pipeline's body stage (pipeline/stages.ts), after security: a refused request's body is never read.
 */
import {
  checkJsonValue,
  DEFAULT_MAX_BODY_SIZE,
  isJsonMediaType,
  parseContentType,
  parseJsonBody,
  readBody,
  refusingBody,
  UTF8_LABELS,
  type ContentType,
} from '../http/read-body.ts';
import { replyJson } from '../http/write-response.ts';
import type { FwRequest } from '../http/request.ts';
import { FwError, isFwError } from '../errors.ts';
import { booleanOption, checkPluginOptions, type OptionRule } from './check-plugin-options.ts';
import type { FwPlugin, PluginInfo } from './plugin.ts';

/** `fw_request_plugin`'s options as written in configuration. */
export type RequestPluginOptions = {
  /** Decode `application/json` and `+json` bodies into `req.body`. Default false. */
  readonly decode_json_body?: boolean;
  /** Decode `application/x-www-form-urlencoded` bodies into `req.params`. Default false. */
  readonly read_urlencoded_body?: boolean;
  /** Largest body read, in bytes; more is a 413. Default 1 MiB. */
  readonly max_body_size?: number;
};

const optionRules: Readonly<Record<keyof RequestPluginOptions, OptionRule>> = {
  decode_json_body: booleanOption,
  read_urlencoded_body: booleanOption,
  max_body_size: {
    expected: 'a whole number of bytes, 0 or more',
    example: String(DEFAULT_MAX_BODY_SIZE),
    accepts: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
  },
};

/** Bodies are only read for methods whose requests carry one by meaning (RFC 9110 §9.3). */
export const METHODS_WITHOUT_BODY: ReadonlySet<string> = new Set(['GET', 'HEAD', 'DELETE']);

const info: PluginInfo = {
  title: 'fw request plugin',
  version: '0.1.0',
  url: 'docs/builtin-plugins.md#fw_request_plugin',
  description: 'Reads request bodies with a size limit and decodes JSON into body and urlencoded forms into params',
  authors: ['fw contributors'],
  options: [
    ['decode_json_body', 'Decode application/json and +json bodies into body (default false)'],
    ['read_urlencoded_body', 'Decode application/x-www-form-urlencoded bodies into params (default false)'],
    ['max_body_size', `Largest body read, in bytes; larger is a 413 (default ${DEFAULT_MAX_BODY_SIZE})`],
  ],
};

/** The built-in body reader and decoder. */
export const fwRequestPlugin: FwPlugin<undefined, RequestPluginOptions> = {
  name: 'fw_request_plugin',
  init: (options) => void checkPluginOptions('fw_request_plugin', options, optionRules),
  // Its work is the body stage (bodyDecodingOf); as a plain callback it lets the request through.
  pre_request: (req, _env, _options, state) => ['ok', req, state],
  plugin_info: () => info,
  // A router miss has no route whose body to read.
  matchedRoutesOnly: true,
};

/** The body stage's settings for fw_request_plugin's `options`; undefined when it would decode nothing. */
export function bodyDecodingOf(options: RequestPluginOptions | undefined): RequestPluginOptions | undefined {
  return options?.decode_json_body === true || options?.read_urlencoded_body === true ? options : undefined;
}

/** The content type of `req`'s body when `decoding` decodes it, else undefined. */
export function bodyToDecode(req: FwRequest, decoding: RequestPluginOptions): ContentType | undefined {
  if (METHODS_WITHOUT_BODY.has(req.method)) return undefined;
  const contentType = parseContentType(req.headers['content-type']);
  if (contentType === undefined) return undefined;
  if (decoding.decode_json_body === true && isJsonMediaType(contentType.mediaType)) return contentType;
  return decoding.read_urlencoded_body === true && contentType.mediaType === 'application/x-www-form-urlencoded'
    ? contentType
    : undefined;
}

/**
 * Reads and decodes `req`'s body into `req.body` (JSON) or `req.params` (form): true when done, false when a bad body
 * was answered here (4xx `{error}`); rejects with any other failure. `contentType` is bodyToDecode's, so a form's is
 * told by its media type alone. Not async: the read's promise and one reaction (bench/schemas.bench.ts, case a).
 */
export function decodeBody(req: FwRequest, contentType: ContentType, decoding: RequestPluginOptions): Promise<boolean> {
  const form = contentType.mediaType === 'application/x-www-form-urlencoded';
  const settle = (decode: () => unknown): boolean => {
    try {
      decode();
      return true;
    } catch (error) {
      if (!isFwError(error) || !error.expose) throw error;
      replyJson(req, error.status, { error: error.message }, refusingBody(error));
      return false;
    }
  };
  const refuse = (error: unknown): boolean =>
    settle(() => {
      throw error;
    });
  if (contentType.charset !== undefined && !UTF8_LABELS.has(contentType.charset)) {
    return Promise.resolve(
      refuse(
        new FwError('FW_ERR_UNSUPPORTED_CHARSET', 'unsupported charset: only utf-8 is accepted', {
          details: { charset: contentType.charset },
        }),
      ),
    );
  }
  // A parser in front of fw decoded the stream into `req.body` (express.json()); a string or Buffer there is bytes readBody
  // takes, and one that did not read the stream is not its body (Express 4 sets `req.body = {}` without reading).
  const parsed = req.raw.readableDidRead ? (req.raw as { body?: unknown }).body : undefined;
  if (typeof parsed === 'object' && parsed !== null && !Buffer.isBuffer(parsed))
    return new Promise((resolve) =>
      resolve(
        settle(() =>
          form
            ? (req.params = Object.assign(Object.create(null) as FormFields, parsed))
            : (req.body = checkJsonValue(parsed)),
        ),
      ),
    );
  const decode = (bytes: Buffer) => () => {
    if (form) return (req.params = parseUrlencoded(bytes.toString('utf8')));
    const body = parseJsonBody(bytes, req.json);
    if (body !== undefined) req.body = body;
  };
  return readBody(req.raw, decoding.max_body_size ?? DEFAULT_MAX_BODY_SIZE).then(
    (bytes) => settle(decode(bytes)),
    refuse,
  );
}

/** Form fields by name; a repeated name collects its values in order. A leading `?` is part of the first name (`?a=1` from `/q??a=1`), which URLSearchParams of a string would drop. */
type FormFields = Record<string, string | string[]>;

/**
 * A urlencoded body or query (WHATWG URL §5.1) as a map, `a=1&a=2&b=3` → `{a: ['1', '2'], b: '3'}`
 * (a schema can refuse repeats), with a null prototype: a field named `__proto__` is just data.
 */
export function parseUrlencoded(text: string): FormFields {
  const fields: FormFields = Object.create(null) as FormFields;
  // A pair at a time: URLSearchParams looks for a pair's '=' up to the end of its text, so a 1 MiB `a&a&...` took seconds.
  for (const pair of text.split('&')) {
    for (const [name, value] of new URLSearchParams(pair.charCodeAt(0) === 63 /* '?' */ ? `&${pair}` : pair)) {
      const seen = fields[name];
      if (seen === undefined) fields[name] = value;
      else if (typeof seen === 'string') fields[name] = [seen, value];
      else seen.push(value);
    }
  }
  return fields;
}
