/**
 * Lists of HTTP tokens (method and header names) as cors_plugin takes them: a comma-separated
 * string (`"GET, POST"`, the spec's form) or a list (`["GET", "POST"]`).
 */
import { BlogError } from '../../errors.ts';

/** RFC 9110 §5.6.2 token, or `*`. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** True for a string or a list of strings (the shape; names are checked by headerList). */
export function isHeaderList(value: unknown): boolean {
  return typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
}

/** The names in `value`, trimmed, empty items dropped; throws BLOG_ERR_PLUGIN_OPTION for a name that is not a token. */
export function headerList(plugin: string, option: string, value: string | readonly string[]): string[] {
  const items = typeof value === 'string' ? value.split(',') : value;
  const names = items.map((item) => item.trim()).filter((item) => item !== '');
  for (const name of names) {
    if (!TOKEN.test(name)) {
      throw new BlogError(
        'BLOG_ERR_PLUGIN_OPTION',
        `${plugin} option ${option}: ${JSON.stringify(name)} is not a method or header name; use names such as "GET" or "Content-Type", separated by commas`,
      );
    }
  }
  return names;
}
