/**
 * How route-definition errors name a route: its position in the definition list, its methods,
 * path and host, so the message points at one line of the user's route table.
 */

/** `route #2 (get,post /posts/:id on host 'api.example.com')`; `#` counts from 0, as the list does. */
export function routeLabel(
  index: number,
  path: unknown,
  methods: unknown,
  host: unknown,
): string {
  const methodText = Array.isArray(methods) ? methods.map(String).join(',') : String(methods ?? '_');
  const hostText = host === undefined || host === '_' ? '' : ` on host '${String(host)}'`;
  return `route #${index} (${methodText} ${String(path)}${hostText})`;
}
