/**
 * The projection of an object schema with `properties` as generated code, built once at start (as
 * fast-json-stringify builds its serializers): one object literal with the listed keys in schema
 * order, so every copy has one shape and JSON.stringify takes V8's fast path (bench/list-answer.bench.ts).
 */
import type { Projection } from '../http/response.ts';

/** One listed key, its projection, and how the code calls it: not at all, only on objects (a scalar check), always. */
export interface Field {
  readonly name: string;
  readonly project: Projection;
  readonly kind: 'value' | 'scalar' | 'call';
}

/**
 * Copies the listed keys an object has as own, each projected, as `copyOwn` does; an array goes
 * through `array`, or as it is; other values as they are. The literal is built when no key can be
 * inherited (a null prototype, or Object.prototype holding none of them, looked at on each call)
 * and the object has every key; otherwise the keys it has are copied one by one, as `copyOwn` does.
 */
export function generateObjectProjection(fields: readonly Field[], array: Projection | undefined, copyOwn: (value: object) => unknown): Projection {
  const keys = fields.map((field) => JSON.stringify(field.name));
  const projected = fields.map((field, index) => {
    const value = `a${index}`;
    if (field.kind === 'value') return value;
    return field.kind === 'call' ? `f[${index}](${value})` : `(typeof ${value} !== "object" || ${value} === null ? ${value} : f[${index}](${value}))`;
  });
  const source = `return function project(v) {
    if (typeof v !== "object" || v === null) return v;
    if (isArray(v)) return ${array === undefined ? 'v' : 'array(v)'};
    ${keys.length === 0 ? '' : `if (!(${keys[0]} in v)) return copyOwn(v); // also tells V8 v's map, so the prototype below is a constant`}
    const p = getPrototypeOf(v);
    if (p !== null && (p !== OP${keys.map((key) => ` || ${key} in OP`).join('')})) return copyOwn(v);
    const ${keys.map((key, index) => `a${index} = v[${key}]`).join(', ') || '_ = 0'};
    if (${keys.map((_, index) => `a${index} !== undefined`).join(' && ') || 'true'}) return {${keys.map((key, index) => `${key}: ${projected[index]}`).join(', ')}};
    const out = {};
    ${keys.map((key, index) => `if (a${index} !== undefined || hasOwn(v, ${key})) out[${key}] = ${projected[index]};`).join('\n    ')}
    return out;
  };`;
  const build = new Function('isArray', 'getPrototypeOf', 'OP', 'hasOwn', 'array', 'copyOwn', 'f', source) as (...args: unknown[]) => Projection;
  return build(Array.isArray, Object.getPrototypeOf, Object.prototype, Object.hasOwn, array, copyOwn, fields.map((field) => field.project));
}
