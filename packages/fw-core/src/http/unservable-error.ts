/**
 * Which file-system errors mean "there is nothing to serve here" (answered 404) rather than a
 * server fault (answered 500 and logged). Permission errors are 404 on purpose: a client must not
 * learn that a file exists but is unreadable.
 */

const UNSERVABLE = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'EACCES', 'EPERM', 'ELOOP', 'ENAMETOOLONG', 'ENXIO']);

/** True when `error` is a file-system error that a static request answers with 404. */
export function isUnservableError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNSERVABLE.has(code);
}
