/**
 * A response schema whose `type` allows only scalars (`string`, `number`, `integer`, `boolean`,
 * `null`) must never let an object through: JSON.stringify would write whatever the object's
 * `toJSON` returns, or all of its fields (issue 35, item 16). An object is turned into its
 * `toJSON()` result when that is a scalar (a Date under `{type: 'string'}`); anything else fails
 * the answer with FW_ERR_RESPONSE_NOT_PROJECTABLE (a 500, logged), so nothing leaves.
 */
import { FwError } from '../errors.ts';
import type { Projection } from '../http/write-response.ts';

const SCALAR_TYPES: ReadonlySet<unknown> = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** True when `schema.type` names only scalar types. */
export function isScalarSchema(schema: Readonly<Record<string, unknown>>): boolean {
  const type = schema.type;
  if (typeof type === 'string') return SCALAR_TYPES.has(type);
  return Array.isArray(type) && type.length > 0 && type.every((name) => SCALAR_TYPES.has(name));
}

/** Scalars pass; an object becomes its scalar `toJSON()` or fails the answer, naming `where` and `at`. */
export function scalarProjection(schema: Readonly<Record<string, unknown>>, at: string, where: string): Projection {
  const types = [schema.type].flat().join(' or ');
  return (value) => {
    if (typeof value !== 'object' || value === null) return value;
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    const encoded: unknown = typeof toJSON === 'function' ? toJSON.call(value, '') : value;
    if (typeof encoded !== 'object' || encoded === null) return encoded;
    throw new FwError('FW_ERR_RESPONSE_NOT_PROJECTABLE', `${where}: ${at} allows only ${types}, but the answer has ${Array.isArray(encoded) ? 'an array' : 'an object'} there`, {
      details: { where, at },
    });
  };
}
