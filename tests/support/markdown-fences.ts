/** The fenced code blocks of a markdown text, for tests that check what the docs show. */
import assert from 'node:assert/strict';

/** The prefix, in a fence's info string, of the project path of a block that is a whole file. */
const FILE = 'file=';

/** One fenced block. */
export interface FencedBlock {
  /** The info string's words: the language first (```ts file=src/app.ts → ['ts', 'file=src/app.ts']). */
  readonly info: readonly string[];
  /** 1-based line in the text of the block's first code line. */
  readonly line: number;
  /** The code, with a trailing newline. */
  readonly code: string;
}

/** The fenced blocks of `text` (named `doc` in the error of a fence never closed). */
export function fencedBlocks(doc: string, text: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  let open: { info: string[]; line: number; body: string[]; fence: string } | undefined;
  for (const [at, line] of text.split('\n').entries()) {
    if (open) {
      if (line.trim() === open.fence) {
        blocks.push({ info: open.info, line: open.line, code: `${open.body.join('\n')}\n` });
        open = undefined;
      } else {
        open.body.push(line);
      }
      continue;
    }
    const fence = /^\s*(`{3,}|~{3,})\s*(.*)$/.exec(line);
    if (fence) open = { fence: fence[1]!, info: fence[2]!.trim().split(/\s+/), line: at + 2, body: [] };
  }
  assert.equal(open, undefined, `${doc}: a code fence opened on line ${(open?.line ?? 1) - 1} is never closed`);
  return blocks;
}

/** The path a block is marked with (```ts file=src/app.ts → src/app.ts); undefined when none. */
export function blockFile(block: FencedBlock): string | undefined {
  return block.info.find((word) => word.startsWith(FILE))?.slice(FILE.length);
}

/** The files a guide marks with `file=<path>` in a fence's info string, by path, in order. */
export function guideFiles(doc: string, text: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const block of fencedBlocks(doc, text)) {
    const path = blockFile(block);
    if (path === undefined) continue;
    assert.ok(!files.has(path), `${doc}: two blocks are ${path}`);
    files.set(path, block.code);
  }
  return files;
}
