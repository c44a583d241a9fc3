/** The links and heading anchors of a markdown text, outside code fences and inline code. */

/** One `[text](target)` link. */
export interface MarkdownLink {
  /** 1-based line. */
  readonly line: number;
  readonly target: string;
}

/** The text's lines with fenced code blocks blanked (line numbers kept). */
function proseLines(text: string): string[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && marker !== undefined) {
      fence = marker;
      return '';
    }
    if (fence !== undefined) {
      if (line.trim() === fence) fence = undefined;
      return '';
    }
    return line.replace(/`[^`]*`/g, '``');
  });
}

/** Every inline link of `text` (images included), in order. */
export function markdownLinks(text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const [at, line] of proseLines(text).entries()) {
    for (const m of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) links.push({ line: at + 1, target: m[1]! });
  }
  return links;
}

/**
 * The anchors GitHub gives the headings of `text`: the heading's text without markup, lower
 * case, punctuation dropped, spaces to hyphens; a repeated slug gets `-1`, `-2`, ….
 */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (line.trim() === fence) fence = undefined;
      continue;
    }
    if (marker !== undefined) {
      fence = marker;
      continue;
    }
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
