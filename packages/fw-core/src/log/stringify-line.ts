/**
 * A log line's JSON: Errors rendered usefully (name, message, code, stack, cause), never a throw
 * (cycles, BigInt). An error's cause is written too, nested (a wrapper's stack says where fw
 * caught it, the cause's where it was thrown), each error once: a cause chain that loops ends at
 * the repeat. Without stacks (a line whose error was logged with them already, json-logger.ts)
 * the chain is names, codes and messages only.
 */

/** JSON.stringify of `value`; `stacks: false` leaves every error's stack out. */
export function stringifyLine(value: unknown, stacks: boolean): string {
  // Made at the first error: most lines (one per request) hold none.
  let seen: Set<Error> | undefined;
  try {
    return JSON.stringify(value, (_key, v: unknown) => {
      if (v instanceof Error) {
        seen ??= new Set();
        if (seen.has(v)) return `[cause: ${v.name}]`;
        seen.add(v);
        const code = (v as { code?: unknown }).code;
        return { name: v.name, message: v.message, ...(code !== undefined && { code }), ...(stacks && { stack: v.stack }), ...(v.cause !== undefined && { cause: v.cause }) };
      }
      return typeof v === 'bigint' ? v.toString() : v;
    });
  } catch {
    return JSON.stringify({ level: 'error', msg: 'unserialisable log line' });
  }
}
