/**
 * The list cursor: opaque to clients, it is the base64url (RFC 4648 §5, no padding) of
 * `<inserted_at ms|null>,<id>` of the last post on a page. Decoding is strict: only the exact
 * text encodeCursor produces is accepted, so a tampered cursor is a 400, never a query.
 */
import type { ListCursor } from '../store/store.ts';
import { parsePostId } from './post-id.ts';

/** Longest cursor text: "-8640000000000000,9007199254740991" is 34 bytes, 46 in base64url. */
const MAX_CURSOR_LENGTH = 46;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const PLAIN = /^(null|0|-?[1-9][0-9]{0,15}),([^,]+)$/;
/** The range of a JavaScript Date (ECMA-262 §21.4.1.1). */
const MAX_TIME = 8.64e15;

/** The cursor that starts the page after `cursor`. */
export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(`${cursor.inserted_at ?? 'null'},${cursor.id}`, 'utf8').toString('base64url');
}

/** The position `text` encodes, or undefined when it is not a cursor this service made. */
export function decodeCursor(text: string): ListCursor | undefined {
  if (text.length > MAX_CURSOR_LENGTH || !BASE64URL.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  // Buffer ignores stray trailing bits; re-encoding catches them
  if (bytes.toString('base64url') !== text) return undefined;
  const match = PLAIN.exec(bytes.toString('latin1'));
  if (match === null) return undefined;
  const id = parsePostId(match[2]);
  if (id === undefined) return undefined;
  if (match[1] === 'null') return { inserted_at: null, id };
  const time = Number(match[1]);
  return Math.abs(time) <= MAX_TIME ? { inserted_at: time, id } : undefined;
}
