/**
 * Operation ids. An id a route declares (`options.openapi.operationId`) is kept as it is, and must
 * be the id of no other operation. The others are generated: the first operation with a base id
 * (`<controller_module>.<function>`, route definition order, methods in route order) keeps it; a
 * later one with the same base gets `_<method>` appended, then `_2`, `_3`, ... while that is still
 * taken. So adding a route never renames the operations documented before it, and declaring an
 * id never renames another operation.
 */
import { CliError } from '../errors.ts';

/** What an operation's id is made from. */
export interface IdSource {
  readonly baseId: string;
  readonly method: string;
  /** `options.openapi.operationId`. */
  readonly declaredId: string | undefined;
  /** `GET /api/posts`, for messages. */
  readonly route: string;
  /** The route definition the operation comes from (one per method). */
  readonly definition: object;
}

/** The id of each operation, in order; throws when a declared id is another operation's too. */
export function uniqueOperationIds(operations: readonly IdSource[]): string[] {
  const taken = new Set<string>();
  const ids = operations.map(({ baseId, method, declaredId }) => {
    if (declaredId !== undefined) return declaredId;
    let id = taken.has(baseId) ? `${baseId}_${method}` : baseId;
    for (let n = 2; taken.has(id); n += 1) id = `${baseId}_${method}_${n}`;
    taken.add(id);
    return id;
  });
  const owners = new Map<string, IdSource>();
  ids.forEach((id, index) => {
    const operation = operations[index]!;
    const first = owners.get(id);
    if (first === undefined) owners.set(id, operation);
    else throw duplicate(id, first, operation);
  });
  return ids;
}

function duplicate(id: string, first: IdSource, second: IdSource): CliError {
  const declared = second.declaredId === id ? second : first;
  const other = declared === second ? first : second;
  const whose = other.declaredId === id ? 'declares it too' : 'has it as its generated id';
  const split =
    first.definition === second.definition ? ' (split a route of several methods to declare one id per method)' : '';
  return new CliError(
    'FW_CLI_ERR_OPENAPI_DUPLICATE_OPERATION_ID',
    `route ${declared.route} declares the operationId ${id}, but route ${other.route} ${whose}; give each operation its own${split}`,
  );
}
