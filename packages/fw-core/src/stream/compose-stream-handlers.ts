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
  let listener = terminal;
  for (const handler of namedStreamHandlers(names, available).reverse()) listener = handler.wrap(listener);
  return listener;
}

/**
 * The handlers `names` lists before `fw_stream_h`, outermost first, without wrapping anything
 * (wrap() may take a tracer): FW_ERR_STREAM_HANDLER_UNKNOWN for a name nobody provides.
 */
export function namedStreamHandlers(names: readonly string[], available: readonly StreamHandler[]): StreamHandler[] {
  const byName = new Map(available.map((handler) => [handler.name, handler] as const));
  return names.slice(0, -1).map((name) => {
    const handler = byName.get(name);
    if (!handler) {
      const known = ['fw_stream_h', ...byName.keys()].join(', ');
      throw new FwError(
        'FW_ERR_STREAM_HANDLER_UNKNOWN',
        `server_configuration.stream_handlers names ${name}, which neither fw nor the app provides; known: ${known}`,
        { details: { name } },
      );
    }
    return handler;
  });
}
