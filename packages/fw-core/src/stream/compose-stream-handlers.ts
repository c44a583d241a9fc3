/**
 * Builds the listener a server runs from `server_configuration.stream_handlers`: the first name
 * is the outermost wrapper, `fw_stream_h` (always last) runs fw's pipeline.
 */
import { FwError } from '../errors.ts';
import type { Listener, StreamHandler } from './stream-handler.ts';

/** Wraps `terminal` in the named handlers; every name but the last must be in `available`. */
export function composeStreamHandlers(
  names: readonly string[],
  available: readonly StreamHandler[],
  terminal: Listener,
): Listener {
  const byName = new Map(available.map((handler) => [handler.name, handler] as const));
  let listener = terminal;
  for (const name of names.slice(0, -1).reverse()) {
    const handler = byName.get(name);
    if (!handler) {
      const known = ['fw_stream_h', ...byName.keys()].join(', ');
      throw new FwError(
        'FW_ERR_STREAM_HANDLER_UNKNOWN',
        `server_configuration.stream_handlers names ${name}, which neither fw nor the app provides; known: ${known}`,
        { details: { name } },
      );
    }
    listener = handler.wrap(listener);
  }
  return listener;
}
