/**
 * Reads back the bytes node:http wrote for one response (RFC 9112): skips interim 1xx heads,
 * takes the status and header fields, and removes chunked framing (§7.1) so the body is the
 * content as a client would see it. A response cut midway yields the bytes that were written.
 */

/** One parsed response. */
export interface ParsedResponse {
  /** 0 when nothing was written. */
  readonly status: number;
  /** Lower-case names; `set-cookie` as a list, repeated others joined with `, ` as node:http does. */
  readonly headers: Readonly<Record<string, string | string[]>>;
  readonly body: Buffer;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/** Parses `raw`; `method` says whether a body can follow (HEAD: never). */
export function parseResponse(raw: Buffer, method: string): ParsedResponse {
  let offset = 0;
  for (;;) {
    const end = raw.indexOf(HEAD_END, offset);
    if (end === -1) return { status: 0, headers: {}, body: Buffer.alloc(0) };
    const lines = raw.toString('latin1', offset, end).split('\r\n');
    const status = Number(lines[0]?.slice(9, 12));
    offset = end + HEAD_END.length;
    // 100 Continue and 103 Early Hints come before the final response (RFC 9110 §15.2).
    if (status >= 100 && status < 200) continue;
    const headers = parseFields(lines.slice(1));
    const rest = raw.subarray(offset);
    const bodyless = method === 'HEAD' || status === 204 || status === 304;
    if (bodyless) return { status, headers, body: Buffer.alloc(0) };
    return { status, headers, body: headers['transfer-encoding'] === 'chunked' ? unchunk(rest) : rest };
  }
}

function parseFields(lines: readonly string[]): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    const seen = headers[name];
    if (name === 'set-cookie') headers[name] = [...((seen as string[] | undefined) ?? []), value];
    else headers[name] = seen === undefined ? value : `${seen as string}, ${value}`;
  }
  return headers;
}

// chunk = size [; ext] CRLF data CRLF, ending with a zero-size chunk and optional trailers.
function unchunk(framed: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = framed.indexOf(CRLF, offset);
    if (lineEnd === -1) break;
    const size = Number.parseInt(framed.toString('latin1', offset, lineEnd).split(';')[0] ?? '', 16);
    if (!(size > 0)) break;
    const start = lineEnd + CRLF.length;
    parts.push(framed.subarray(start, Math.min(start + size, framed.length)));
    offset = start + size + CRLF.length;
  }
  return Buffer.concat(parts);
}
