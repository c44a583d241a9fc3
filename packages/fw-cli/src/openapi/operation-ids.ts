/**
 * Unique operation ids. The first operation with a base id (`<controller_module>.<function>`,
 * route definition order, methods in route order) keeps it; a later one with the same base gets
 * `_<method>` appended, then `_2`, `_3`, ... while that is still taken. So adding a route never
 * renames the operations documented before it.
 */

/** The unique id of each base id, in order. */
export function uniqueOperationIds(operations: readonly { readonly baseId: string; readonly method: string }[]): string[] {
  const taken = new Set<string>();
  return operations.map(({ baseId, method }) => {
    let id = taken.has(baseId) ? `${baseId}_${method}` : baseId;
    for (let n = 2; taken.has(id); n += 1) id = `${baseId}_${method}_${n}`;
    taken.add(id);
    return id;
  });
}
