/**
 * The optional directory listing (`list_dir: true`), rendered from plain entries (which ones to
 * show is decided in serve-directory.ts). Names are HTML-escaped as text and percent-encoded
 * in links; links start with './' so no name can ever read as a URL scheme (`javascript:`).
 */
import { escapeHtml } from '../http/error-body.ts';

/** One row of a listing. */
export interface ListingEntry {
  readonly name: string;
  readonly directory: boolean;
}

/** What a listing page shows. */
export interface Listing {
  /** Shown as "Index of <title>", e.g. `/css/` (relative to the route's directory). */
  readonly title: string;
  /** Whether to link `../`. */
  readonly parent: boolean;
  readonly entries: readonly ListingEntry[];
}

/** Entries sorted by name (code-unit order, the same on every machine). */
export function sortEntries(entries: readonly ListingEntry[]): ListingEntry[] {
  return [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The listing page. */
export function renderListing(listing: Listing): string {
  const title = `Index of ${escapeHtml(listing.title)}`;
  const rows = listing.entries.map((entry) => {
    const suffix = entry.directory ? '/' : '';
    const href = `./${encodeURIComponent(entry.name)}${suffix}`;
    return `<li><a href="${escapeHtml(href)}">${escapeHtml(entry.name)}${suffix}</a></li>\n`;
  });
  if (listing.parent) rows.unshift('<li><a href="../">../</a></li>\n');
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>\n<ul>\n${rows.join('')}</ul>\n</body></html>\n`;
}
