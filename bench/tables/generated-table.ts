/**
 * A generated table of 5000 routes for the router build bench: 200 REST resources under
 * `/api/v2/<service>/<resource>`, each a collection, its members and four nested collections
 * with their members (25 route-method pairs, one or two bindings each). Deterministic: the same
 * routes on every run. Requests: one GET per GET route, for the answer check only.
 */
import { concreteUrl, routesFromLines, type BenchTable } from './route-table.ts';

const SERVICES = ['billing', 'catalog', 'identity', 'shipping', 'analytics', 'support', 'marketing', 'inventory', 'payments', 'search'];
const RESOURCES = [
  'accounts', 'invoices', 'plans', 'items', 'bundles', 'users', 'groups', 'roles', 'labels', 'carriers',
  'reports', 'dashboards', 'tickets', 'queues', 'campaigns', 'segments', 'warehouses', 'batches', 'payouts', 'indexes',
];
const NESTED = ['notes', 'attachments', 'events', 'members', 'versions', 'tags', 'comments', 'permissions'];

function resourceLines(service: string, resource: string, index: number): string[] {
  const base = `/api/v2/${service}/${resource}`;
  const member = `${base}/:${resource}_id`;
  const lines = [`GET,POST ${base}`, `GET,PATCH,DELETE ${member}`];
  for (let k = 0; k < 4; k++) {
    const nested = NESTED[(index + k) % NESTED.length] ?? 'notes';
    lines.push(`GET,POST ${member}/${nested}`, `GET,PATCH,DELETE ${member}/${nested}/:${nested}_id`);
  }
  return lines;
}

const routes = routesFromLines({
  _: SERVICES.flatMap((service, s) => RESOURCES.flatMap((resource, r) => resourceLines(service, resource, s + r))),
});

/** The generated table. */
export const generatedTable: BenchTable = {
  name: `generated (${routes.length} routes)`,
  routes,
  requests: routes.filter((route) => route.method === 'get').map((route) => ({ method: 'GET', host: undefined, url: concreteUrl(route.path, {}, '') })),
};
