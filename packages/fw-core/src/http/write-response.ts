/**
 * Writes a controller's response description. JSON goes through `json_lib`; files stream; HEAD
 * requests get the GET headers without a body (node:http drops the body for HEAD).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { FwError } from '../errors.ts';
import { setHeaders } from '../pipeline/send-error.ts';
import type { JsonLib } from '../pipeline/runtime.ts';
import { contentTypeFor } from '../static/index.ts';
import type { FwRequest } from './request.ts';
import type { FwResponse, HeaderMap } from './response.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Writes `response` for `req`. Throws FW_ERR_HANDLER_BAD_RESPONSE before writing anything when it is malformed. */
export async function writeResponse(req: FwRequest, response: FwResponse, json: JsonLib, close: boolean): Promise<void> {
  const { res } = req;
  const status = checkStatus(response);
  switch (response.kind) {
    case 'json': {
      const body = json.stringify(response.body);
      if (typeof body !== 'string') throw badResponse('a JSON body that json_lib cannot encode');
      head(req, status, response.headers, close);
      setDefault(res, 'content-type', JSON_TYPE);
      res.setHeader('content-length', Buffer.byteLength(body));
      res.end(body);
      return;
    }
    case 'status': {
      head(req, status, response.headers, close);
      const body = status === 204 || status === 304 ? undefined : response.body;
      if (body === undefined) {
        if (status !== 204 && status !== 304) res.setHeader('content-length', 0);
        res.end();
      } else {
        res.setHeader('content-length', typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
        res.end(body);
      }
      return;
    }
    case 'redirect':
      head(req, status, response.headers, close);
      res.setHeader('location', response.location);
      res.setHeader('content-length', 0);
      res.end();
      return;
    case 'file':
      await writeFile(req, response.path, status, response.headers, close);
      return;
  }
}

function checkStatus(response: FwResponse): number {
  if (typeof response !== 'object' || response === null) throw badResponse(String(response));
  const status = response.status ?? 200;
  if (!Number.isInteger(status) || status < 200 || status > 599) throw badResponse(`status ${String(status)}`);
  if (!['json', 'status', 'redirect', 'file'].includes(response.kind)) throw badResponse(`kind ${String(response.kind)}`);
  return status;
}

function badResponse(what: string): FwError {
  return new FwError('FW_ERR_HANDLER_BAD_RESPONSE', `handler returned ${what}; return json(), status(), html(), redirect() or sendFile()`);
}

function head(req: FwRequest, status: number, headers: HeaderMap | undefined, close: boolean): void {
  const { res } = req;
  res.statusCode = status;
  setHeaders(res, req.responseHeaders);
  setHeaders(res, headers);
  res.setHeader('x-request-id', req.id);
  if (close) res.setHeader('connection', 'close');
}

function setDefault(res: FwRequest['res'], name: string, value: string): void {
  if (!res.hasHeader(name)) res.setHeader(name, value);
}

async function writeFile(req: FwRequest, path: string, status: number, headers: HeaderMap | undefined, close: boolean): Promise<void> {
  const info = await stat(path);
  if (!info.isFile()) throw new FwError('FW_ERR_HANDLER_BAD_RESPONSE', `sendFile(${path}) is not a regular file`);
  head(req, status, headers, close);
  setDefault(req.res, 'content-type', contentTypeFor(path));
  req.res.setHeader('content-length', info.size);
  if (req.method === 'HEAD') {
    req.res.end();
    return;
  }
  await pipeline(createReadStream(path), req.res);
}
