/** HTML text fw writes itself (error pages, directory listings). */

/** Escapes `text` for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
