/**
 * A TypeScript type as a plain tree, and its printer: `fw openapi --types` builds the tree
 * (schema-types.ts, document-types.ts), then renders it as TypeScript's printer lays out
 * openapi-typescript's output (four-space indent, `;` after each member, a union or intersection
 * parenthesized inside another or before `[]`), so the two files read alike.
 */

/** A type: a name printed as is (keyword, literal, reference), a union, an intersection, an array, a tuple or an object literal. */
export type TypeNode =
  | { readonly kind: 'name'; readonly text: string }
  | { readonly kind: 'union' | 'intersection'; readonly types: readonly TypeNode[] }
  | { readonly kind: 'array'; readonly element: TypeNode }
  | { readonly kind: 'tuple'; readonly elements: readonly TypeNode[] }
  | { readonly kind: 'object'; readonly members: readonly Member[] };

/** A member of an object literal: a property, or with `index` the signature `[<key>: string]: <type>`. */
export interface Member {
  readonly key: string;
  readonly type: TypeNode;
  readonly optional?: boolean;
  readonly readonly?: boolean;
  readonly index?: boolean;
  /** The JSDoc lines (jsdocLines), printed above the member. */
  readonly doc?: readonly string[];
}

/** A type printed as written. */
export const named = (text: string): TypeNode => ({ kind: 'name', text });

export const UNKNOWN = named('unknown');
export const NEVER = named('never');
export const NULL = named('null');
export const STRING = named('string');
/** `Record<string, never>`: an object with no property. */
export const EMPTY_RECORD = named('Record<string, never>');

/** Keywords a union or intersection keeps once (openapi-typescript's tsDedupe), and the types a oneOf of only these joins as a plain union. */
const PRIMITIVES = new Set(['boolean', 'never', 'null', 'number', 'string', 'undefined']);

/** Whether `type` is a primitive keyword. */
export const isPrimitive = (type: TypeNode): boolean => type.kind === 'name' && PRIMITIVES.has(type.text);

function combine(kind: 'union' | 'intersection', types: readonly TypeNode[]): TypeNode {
  if (types.length === 0) return NEVER;
  if (types.length === 1) return types[0]!;
  const kept: TypeNode[] = [];
  const seen = new Set<string>();
  for (const type of types) {
    if (type.kind === 'name' && PRIMITIVES.has(type.text)) {
      if (seen.has(type.text)) continue;
      seen.add(type.text);
    }
    kept.push(type);
  }
  return { kind, types: kept };
}

/** `A | B`; one type is itself, none is `never`; a primitive keyword is kept once. */
export const union = (types: readonly TypeNode[]): TypeNode => combine('union', types);
/** `A & B`, as union. */
export const intersection = (types: readonly TypeNode[]): TypeNode => combine('intersection', types);
/** `T | null`, even when T is a union (printed `(A | B) | null`, as openapi-typescript does). */
export const nullable = (type: TypeNode): TypeNode => ({ kind: 'union', types: [type, NULL] });

/** A property key as TypeScript prints it: a number, an identifier or a string literal. */
export function propertyKey(key: string): string {
  if (String(Number(key)) === key && !key.startsWith('-')) return key;
  return /^[A-Za-z_$][A-Za-z_$0-9]*$/.test(key) ? key : JSON.stringify(key);
}

const pad = (depth: number): string => '    '.repeat(depth);

/** `type` printed as it appears inside a union, an intersection or before `[]`. */
function operand(type: TypeNode, depth: number): string {
  const text = printType(type, depth);
  return type.kind === 'union' || type.kind === 'intersection' ? `(${text})` : text;
}

/** The type's text; object literals span lines, their members at `depth + 1`. */
export function printType(type: TypeNode, depth: number): string {
  switch (type.kind) {
    case 'name':
      return type.text;
    case 'union':
      return type.types.map((member) => operand(member, depth)).join(' | ');
    case 'intersection':
      return type.types.map((member) => operand(member, depth)).join(' & ');
    case 'array':
      return `${operand(type.element, depth)}[]`;
    case 'tuple':
      return `[${type.elements.map((element) => printType(element, depth)).join(', ')}]`;
    case 'object':
      if (type.members.length === 0) return '{}';
      return `{\n${printMembers(type.members, depth + 1)}${pad(depth)}}`;
  }
}

/** The members at `depth`, one a line (after their JSDoc), each line ending in a newline. */
export function printMembers(members: readonly Member[], depth: number): string {
  let out = '';
  for (const member of members) {
    for (const line of member.doc ?? []) out += `${pad(depth)}${line}\n`;
    const key = member.index
      ? `[${member.key}: string]`
      : `${member.readonly ? 'readonly ' : ''}${propertyKey(member.key)}${member.optional ? '?' : ''}`;
    out += `${pad(depth)}${key}: ${printType(member.type, depth)};\n`;
  }
  return out;
}

/**
 * The JSDoc of a schema, parameter, operation or response, as openapi-typescript's
 * addJSDocComment writes it: title, summary, format, @deprecated, @description, @default,
 * @example(s), @constant, @enum; one item on one line, more as a block. No comment: [].
 */
export function jsdocLines(object: unknown): string[] {
  if (object === null || typeof object !== 'object' || Array.isArray(object)) return [];
  const source = object as Record<string, unknown>;
  const text = (value: unknown): string =>
    String(typeof value === 'object' ? JSON.stringify(value, null, 2) : value)
      .trim()
      .replace(/\r?\n/g, '\n *     ');
  const items: string[] = [];
  for (const field of ['title', 'summary'] as const)
    if (typeof source[field] === 'string' && source[field] !== '') items.push(text(source[field]));
  if (source.format) items.push(`Format: ${String(source.format)}`);
  if (source.deprecated) items.push('@deprecated');
  for (const field of ['description', 'default', 'example'] as const) {
    if (source[field] === undefined || (source[field] === '' && field === 'description')) continue;
    items.push(`@${field} ${text(source[field])}`);
  }
  if (Array.isArray(source.examples)) for (const example of source.examples) items.push(`@example ${text(example)}`);
  if ('const' in source) items.push('@constant');
  if (source.enum) {
    const type = Array.isArray(source.type)
      ? source.type.join('|')
      : typeof source.type === 'string'
        ? source.type
        : 'unknown';
    items.push(`@enum {${type}${source.nullable ? '|null' : ''}}`);
  }
  if (items.length === 0) return [];
  const safe = items.map((item) => item.replaceAll('*/', '*\\/'));
  if (safe.length === 1 && !safe[0]!.includes('\n')) return [`/** ${safe[0]} */`];
  // The printer keeps each line's indent before its `*` and trims the end of the line.
  return `/**\n * ${safe.join('\n * ')}\n */`.split('\n').map((line) => line.trimEnd());
}
