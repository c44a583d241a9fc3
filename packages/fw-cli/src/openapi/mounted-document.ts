/**
 * The document as the Swagger UI route serves it below a mount path (Express's
 * `app.use('/fw', listener)`, docs/applications-reference.md "Mounting fw in another server"):
 * OpenAPI appends each path to its server's URL, so the servers take the mount path, and
 * "Try it out" reaches `/fw/api/...` rather than the host's `/api/...`. Unmounted, the document
 * is unchanged: what `fw openapi` writes.
 */

type Json = Record<string, unknown>;

/** `document` with its servers, and each operation's (a host group's `//api.example.com`), under `mount` (`/fw`, or `''`). */
export function mountedDocument(document: Json, mount: string): Json {
  if (mount === '') return document;
  const under = (servers: unknown): Json[] =>
    (servers as Json[]).map((server) => ({ ...server, url: `${String(server.url).replace(/\/$/, '')}${mount}` }));
  const paths = Object.fromEntries(
    Object.entries(document.paths as Record<string, Json>).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          const servers = (operation as Json).servers;
          return [method, servers === undefined ? operation : { ...(operation as Json), servers: under(servers) }];
        }),
      ),
    ]),
  );
  return { ...document, servers: under(document.servers), paths };
}
