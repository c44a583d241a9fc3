/**
 * Writing a `jsonStream()` response: the array's items are encoded one at a time and written in
 * chunks of about 64 KiB, waiting for the socket to drain whenever Node's buffer is full, so a
 * slow client holds one chunk of memory, not the whole page, and the event loop serves other
 * requests between chunks. A client that goes away ends the work at the next chunk: nothing more
 * is encoded, and an async iterator's `return()` runs (a database cursor is released).
 */
import type { ServerResponse } from 'node:http';
import type { JsonStreamResponse, Projection } from './response.ts';
import type { ResponseTarget } from './write-head.ts';

/** Bytes gathered before one `res.write`: large enough that writes stay cheap, small enough to yield often. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Writes the body of `response`; the head is already written. `project` is the route's response
 * schema for the status, applied to each item as it would be to the whole body. Rejects with what
 * the iterator or json_lib throws: the response is then cut by the caller's error path (headers
 * are sent).
 */
export async function writeJsonStream(target: ResponseTarget, response: JsonStreamResponse, project?: Projection): Promise<void> {
  const { res, json } = target;
  if (target.raw.method === 'HEAD') {
    res.end();
    return;
  }
  const open = response.key === undefined ? '[' : `{${json.stringify(response.key)}:[`;
  const close = response.key === undefined ? ']' : ']}';
  const items = response.items;
  const iterator = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : (items as Iterable<unknown>)[Symbol.iterator]();
  let chunk = open;
  let first = true;
  let finished = false;
  try {
    for (;;) {
      const next = iterator.next();
      const step = typeof (next as Partial<PromiseLike<unknown>>).then === 'function' ? await next : (next as IteratorResult<unknown>);
      if (step.done === true) break;
      if (res.destroyed) return;
      // JSON.stringify gives undefined for undefined and functions; inside an array JSON says null.
      const item = project === undefined ? step.value : projectItem(project, response.key, step.value);
      const text = json.stringify(item) ?? 'null';
      chunk = first ? chunk + text : `${chunk},${text}`;
      first = false;
      if (chunk.length >= CHUNK_CHARS) {
        const flowing = res.write(chunk);
        chunk = '';
        if (!flowing) await drained(res);
        if (res.destroyed) return;
      }
    }
    finished = true;
    res.end(chunk + close);
  } finally {
    if (!finished) await iterator.return?.();
  }
}

/**
 * One item through the whole body's projection: as the only item of `[item]`, or of
 * `{"<key>": [item]}`, so one response schema describes a streamed body and a json() one alike.
 */
function projectItem(project: Projection, key: string | undefined, item: unknown): unknown {
  if (key === undefined) return (project([item]) as unknown[])[0];
  const projected = project({ [key]: [item] }) as Record<string, unknown[] | undefined>;
  return projected[key]?.[0];
}

/** Resolves when `res` can take more, or when it closed (the client went away). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}
