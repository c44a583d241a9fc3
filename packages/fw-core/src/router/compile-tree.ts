/**
 * A host table's tree compiled to one JavaScript function that walks it as matchTree() does
 * (radix-tree.ts: static > binding > `[...]`, backtracking, the same MatchState), with the
 * tree's labels and shape as constants in the code: a `switch` on a segment's first character
 * instead of a bucket array, labels compared against literals, each node a labelled block that
 * a dead end leaves with `break` so the walk goes on with the parent's next alternative.
 *
 * Code is generated only for tables up to MAX_COMPILED_NODES nodes (larger ones keep the
 * generic walk, so building a 5000-route router stays fast), and only where code generation
 * from strings is allowed (`--disallow-code-generation-from-strings` keeps the generic walk).
 * Subtrees whose code grows past INLINE_LIMIT characters become functions of their own: V8 does
 * not optimise a function of more than about 60 KB of bytecode.
 */
import type { RadixNode, RouteLeaf, MatchState } from './radix-tree.ts';
import type { RouteTarget } from './route-target.ts';

/** What a compiled tree answers: matchTree(root, path, 0, end, 0, method, state). */
export type CompiledMatcher<T> = (path: string, end: number, method: string, state: MatchState) => RouteTarget<T> | undefined;

/** Larger tables keep the generic walk. */
const MAX_COMPILED_NODES = 2000;
/** A subtree's code longer than this becomes a function of its own. */
const INLINE_LIMIT = 6000;
/**
 * The end of a compiled function that found nothing: the walk's reach (MatchState.reach) is
 * kept in a local `R` while it runs, a register rather than a store per segment, and handed over
 * here; a walk that finds a route never needs it.
 */
const MISSED = 'if (R > S.reach) S.reach = R;\nreturn undefined;';
/** Labels up to this long are compared character by character, longer ones with slice(). */
const UNROLLED_LABEL = 12;

/** The compiled walk of the tree under `root`, or undefined where the generic walk is kept. */
export function compileTree<T>(root: RadixNode<T>): CompiledMatcher<T> | undefined {
  if (countNodes(root) > MAX_COMPILED_NODES) return undefined;
  const generator = new Generator<T>();
  const body = generator.node(root, '0', 0);
  const source = `"use strict";\n${generator.functions.join('\n')}\nreturn function match(path, end, method, S) {\nlet R = 0;\n${body}\n${MISSED}\n};`;
  try {
    const factory = new Function('L', source) as (leaves: readonly RouteLeaf<T>[]) => CompiledMatcher<T>;
    return factory(generator.leaves);
  } catch (error) {
    // Code generation from strings is off: the generic walk answers. Anything else is a bug here.
    if (error instanceof EvalError) return undefined;
    throw error;
  }
}

function countNodes<T>(node: RadixNode<T>): number {
  let count = 1;
  for (const child of node.statics) count += countNodes(child);
  if (node.binding !== undefined) count += countNodes(node.binding);
  return count;
}

/** Writes the code of a tree, node by node; `leaves` are the RouteLeafs the code reads as `L[i]`. */
class Generator<T> {
  readonly leaves: RouteLeaf<T>[] = [];
  /** Subtrees compiled to functions of their own, declared before the matcher. */
  readonly functions: string[] = [];
  #next = 0;

  /**
   * The code of `node`, reached with the path's position in the expression `at` (a '/' or the
   * end) and `depth` bindings matched: returns the route's target when it finds one, else leaves
   * its block with everything matchTree() records on the way (allowed methods, reach).
   */
  node(node: RadixNode<T>, at: string, depth: number): string {
    const id = this.#next++;
    const s = `s${id}`;
    const c = `c${id}`;
    const lines = [`n${id}: {`, `if (${at} === end) {`];
    if (node.end !== undefined) lines.push(this.#leaf(node.end, undefined));
    if (node.rest !== undefined) lines.push(this.#leaf(node.rest, at));
    lines.push(`break n${id};`, '}');
    if (node.statics.length === 0 && node.binding === undefined) {
      // A leaf of the tree: only its `[...]` can take a longer path.
      if (node.rest !== undefined) lines.push(this.#leaf(node.rest, at));
      lines.push('}');
      return lines.join('\n');
    }
    lines.push(`const ${s} = ${at} + 1;`, `const ${c} = path.charCodeAt(${s});`, `if (${s} >= R) R = ${s} + 1;`);
    lines.push(`if (${s} === end || ${c} === 47) {`);
    if (node.emptyChild !== undefined) lines.push(this.#child(node.emptyChild, s, depth));
    lines.push('} else {');
    lines.push(...this.#statics(node, s, c, depth));
    if (node.binding !== undefined) {
      const b = `b${id}`;
      // The segment's end, noting a '%' or '#' on the way (S.escaped): a capture holding one
      // is looked up again in canonical form, and this saves scanning the captures again.
      lines.push(
        `let ${b} = ${s};`,
        `for (; ${b} < end; ${b}++) { const k = path.charCodeAt(${b}); if (k === 47) break; if (k === 37 || k === 35) S.escaped = true; }`,
        `if (${b} >= R) R = ${b} + 1;`,
        `S.starts[${depth}] = ${s};`,
        `S.ends[${depth}] = ${b};`,
        this.#child(node.binding, b, depth + 1),
      );
    }
    lines.push('}');
    if (node.rest !== undefined) lines.push(this.#leaf(node.rest, at));
    lines.push('}');
    return lines.join('\n');
  }

  /** The switch over a segment's first character that tries the static children. */
  #statics(node: RadixNode<T>, s: string, c: string, depth: number): string[] {
    const byCode = new Map<number, RadixNode<T>[]>();
    for (const child of node.statics) {
      // The empty edge (a trailing slash) is taken before the switch.
      if (child.label !== '') byCode.set(child.label.charCodeAt(0), [...(byCode.get(child.label.charCodeAt(0)) ?? []), child]);
    }
    if (byCode.size === 0) return [];
    const lines = [`switch (${c}) {`];
    for (const [code, children] of byCode) {
      lines.push(`case ${code}: {`);
      for (const child of children) {
        const q = `q${this.#next++}`;
        const label = child.label;
        lines.push(
          `const ${q} = ${s} + ${label.length};`,
          `if (${q} <= end) {`,
          `if (${q} >= R) R = ${q} + 1;`,
          `if ((${q} === end || path.charCodeAt(${q}) === 47) && ${sameText(label, s, q)}) {`,
          this.#child(child, q, depth),
          // Siblings' first segments differ: once one matched, the others cannot.
          'break;',
          '}',
          '}',
        );
      }
      lines.push('break;', '}');
    }
    lines.push('}');
    return lines;
  }

  /**
   * A child's code in a block of its own, where `p` is its position (`at`), or a call of a
   * function of its own when the code is long.
   */
  #child(child: RadixNode<T>, at: string, depth: number): string {
    const code = this.node(child, 'p', depth);
    if (code.length <= INLINE_LIMIT) return `{\nconst p = ${at};\n${code}\n}`;
    const name = `f${this.#next++}`;
    this.functions.push(`function ${name}(path, end, method, S, p) {\nlet R = 0;\n${code}\n${MISSED}\n}`);
    return `{ const r = ${name}(path, end, method, S, ${at}); if (r !== undefined) return r; }`;
  }

  /** A leaf's routes for the method; `rest` names the position a `[...]` captures from. */
  #leaf(leaf: RouteLeaf<T>, rest: string | undefined): string {
    const i = this.leaves.push(leaf) - 1;
    const found = rest === undefined ? 'return r;' : `{ S.wildStart = ${rest}; return r; }`;
    return `{ const f = L[${i}]; const r = f.targetFor(method); if (r !== undefined) ${found} S.allowed |= f.mask; }`;
  }
}

/** The test that `path` holds `label` from `${s}` to `${q}` (lengths and first character already checked). */
function sameText(label: string, s: string, q: string): string {
  if (label.length > UNROLLED_LABEL) return `path.slice(${s}, ${q}) === ${JSON.stringify(label)}`;
  const checks: string[] = [];
  for (let i = 1; i < label.length; i++) checks.push(`path.charCodeAt(${s} + ${i}) === ${label.charCodeAt(i)}`);
  return checks.length === 0 ? 'true' : checks.join(' && ');
}
