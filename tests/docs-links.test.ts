/**
 * The docs hold together: README.md links every page of docs/ (with a line on what it
 * answers), and every relative link of README.md and docs/*.md reaches an existing file and,
 * for a `#anchor` into a markdown file, one of its headings (GitHub's slugs).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { headingAnchors, markdownLinks } from './support/markdown-links.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const pages = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`);
const read = (file: string): string => readFileSync(join(root, file), 'utf8');

/** The broken relative links of `doc`, as `doc:line → target (why)`. */
function brokenLinks(doc: string): string[] {
  const broken: string[] = [];
  for (const { line, target } of markdownLinks(read(doc))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [path = '', anchor] = target.split('#', 2);
    const file = path === '' ? join(root, doc) : join(root, dirname(doc), decodeURIComponent(path));
    const where = `${doc}:${line} → ${target}`;
    if (!existsSync(file)) broken.push(`${where} (no file ${relative(root, file)})`);
    else if (anchor !== undefined && file.endsWith('.md') && !headingAnchors(readFileSync(file, 'utf8')).has(anchor)) {
      broken.push(`${where} (no heading #${anchor} in ${relative(root, file)})`);
    }
  }
  return broken;
}

describe('docs links', () => {
  it('README.md links every page of docs/, each with a line on what it answers', () => {
    const readme = read('README.md');
    const listed = new Set(markdownLinks(readme).map(({ target }) => target.split('#')[0]));
    assert.deepEqual(pages.filter((page) => !listed.has(page)), [], 'pages README.md does not link');
    for (const page of pages) {
      assert.match(readme, new RegExp(`^- \\[${page.replace('.', '\\.')}\\]\\(${page.replace('.', '\\.')}\\): \\S.{20,}$`, 'm'), `${page}: a list item with what it answers`);
    }
  });

  it('every relative link of README.md and docs/*.md reaches a file and heading that exist', () => {
    const broken = ['README.md', ...pages].flatMap(brokenLinks);
    assert.deepEqual(broken, []);
  });

  it('computes GitHub heading anchors and finds links outside code', () => {
    const text = '# A `code` title\n## Who can reach /metrics?\n## Who can reach /metrics?\n```md\n# not a heading [x](y.md)\n```\nsee [t](a.md#b) and `[c](d.md)`\n';
    assert.deepEqual([...headingAnchors(text)], ['a-code-title', 'who-can-reach-metrics', 'who-can-reach-metrics-1']);
    assert.deepEqual(markdownLinks(text), [{ line: 7, target: 'a.md#b' }]);
  });
});
