/**
 * Validators and conditional GET (RFC 9110 §8.8 and §13): a weak ETag from size and mtime, a
 * Last-Modified date, and the 304 decision.
 */
import type { Stats } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';

/** The validators of one file version. */
export interface Validators {
  readonly etag: string;
  readonly lastModified: string;
}

/** Weak ETag (`W/"<size hex>-<mtime ms hex>"`) and Last-Modified of `stats`. */
export function validatorsFor(stats: Stats): Validators {
  // Weak: equal size and mtime say "same content" with high, not byte-exact, confidence (§8.8.1).
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  return { etag, lastModified: stats.mtime.toUTCString() };
}

/**
 * True when the client's copy is current: If-None-Match decides when present (weak comparison,
 * §13.1.2); If-Modified-Since is consulted only without it (§13.2.2 step 3).
 */
export function isNotModified(headers: IncomingHttpHeaders, validators: Validators, mtimeMs: number): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) return etagListMatches(noneMatch, validators.etag);
  const modifiedSince = headers['if-modified-since'];
  if (modifiedSince === undefined) return false;
  const since = Date.parse(modifiedSince);
  // An invalid date is ignored (§13.1.3); HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

function etagListMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = opaqueTag(etag);
  return header.split(',').some((tag) => opaqueTag(tag.trim()) === opaque);
}

function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}
