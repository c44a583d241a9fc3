/**
 * What may go on a header line as it is: a name that is an HTTP token (RFC 9110 §5.6.2) and a
 * value without control characters other than tab (what node:http's own check accepts). A value
 * holding CR or LF would end the line and start another, so configured headers are checked here
 * before anything writes them.
 */

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const INVALID_VALUE_CHARACTER = /[^\t\x20-\x7e\x80-\xff]/;

/** Whether `name` is an HTTP token. */
export function isHeaderName(name: string): boolean {
  return TOKEN.test(name);
}

/** Whether `value` holds no control character but tab. */
export function isHeaderValue(value: string): boolean {
  return !INVALID_VALUE_CHARACTER.test(value);
}
