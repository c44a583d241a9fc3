/**
 * The projection of an object schema with `properties` as code generated at start, as fast-json-stringify builds its
 * serializers: one object literal of the listed keys in schema order, so copies share one shape and JSON.stringify
 * takes V8's fast path (bench/list-answer.bench.ts).
 */
import type { Projection } from '../http/response.ts';

/** One listed key, its projection, and how the code calls it: not at all, only on objects (a scalar check), always. */
export type Field = { readonly name: string; readonly project: Projection; readonly kind: 'value' | 'scalar' | 'call' };

/**
 * Copies the listed own keys of an object, each projected; arrays go through `array`, other values as
 * they are. The literal is built when the object has every key and none can be inherited (a null prototype, or
 * Object.prototype holding none) and no toJSON; otherwise the keys it has are copied one by one, or by `copyOwn`.
 */
export function generateObjectProjection(
  fields: readonly Field[],
  array: (value: unknown[]) => unknown,
  copyOwn: (value: object) => unknown,
): Projection {
  const keys = fields.map((field) => JSON.stringify(field.name));
  const values = fields.map(({ kind }, i) =>
    kind === 'value'
      ? `a${i}`
      : kind === 'call'
        ? `f[${i}](a${i})`
        : `(typeof a${i} !== "object" || a${i} === null ? a${i} : f[${i}](a${i}))`,
  );
  const source = `return function project(v) {
    if (typeof v !== "object" || v === null) return v;
    if (isArray(v)) return array(v);
    ${keys.length === 0 ? '' : `if (!(${keys[0]} in v)) return copyOwn(v); // this tells V8 the map of v, so the prototype below is a constant (bench/list-answer.bench.ts)`}
    const p = getPrototypeOf(v);
    if ((p !== null && (p !== OP${keys.map((key) => ` || ${key} in OP`).join('')})) || "toJSON" in v) return copyOwn(v);
    let ${keys.map((key, i) => `a${i} = v[${key}], `).join('')}_; if (true${keys.map((_, i) => ` && a${i} !== undefined`).join('')}) return {${keys.map((key, i) => `${key}: ${values[i]}`).join(', ')}};
    const out = {}; ${keys.map((key, i) => `if (a${i} !== undefined || hasOwn(v, ${key})) out[${key}] = ${values[i]};`).join('\n    ')}
    return out;
  };`;
  return (
    new Function('isArray', 'getPrototypeOf', 'OP', 'hasOwn', 'array', 'copyOwn', 'f', source) as (
      ...args: unknown[]
    ) => Projection
  )(
    Array.isArray,
    Object.getPrototypeOf,
    Object.prototype,
    Object.hasOwn,
    array,
    copyOwn,
    fields.map((field) => field.project),
  );
}
