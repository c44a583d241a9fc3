/** The route printer in two pure steps, as find-my-way's: a plain tree of the radix edges, then text. */
import { buildHostTables } from './radix-router.ts';
import { parsePath } from './parse-path.ts';
import type { RadixNode, RouteLeaf } from './radix-tree.ts';
import { routeLabel } from './create-router.ts';
import type { Router } from './router.ts';

/** The routes of a router, host by host in precedence order (exact, wildcard, `'_'`). */
export interface RouteTree<T> {
  readonly hosts: readonly RouteTreeHost<T>[];
}

/** One host's tree. */
export interface RouteTreeHost<T> {
  /** `'_'`, `api.example.com` or `*.example.com`. */
  readonly host: string;
  /** The root; its `segment` is empty. */
  readonly root: RouteTreeNode<T>;
}

/** One edge of the radix tree. */
export interface RouteTreeNode<T> {
  /** The edge text relative to the parent node: `/api/posts`, `/:id`, `/[...]`, `/` for a trailing slash. */
  readonly segment: string;
  /** One entry per method of each route ending here, routes in definition order. */
  readonly routes: readonly RouteTreeRoute<T>[];
  /** Static children in definition order, then the binding, then the `[...]`. */
  readonly children: readonly RouteTreeNode<T>[];
}

/** One method of one route. */
export interface RouteTreeRoute<T> {
  /** Uppercase (`GET`), or `_` for a route answering every method. */
  readonly method: string;
  readonly path: string;
  readonly data: T;
}

/** Builds the printable tree of a router's routes (recompiled from `router.routes()`). */
export function buildRouteTree<T>(router: Router<T>): RouteTree<T> {
  const entries = router.routes().map((route, index) => {
    const label = routeLabel(`route #${index}`, route.path, route.methods, route.host);
    return { parsed: parsePath(route.path, label), route, label };
  });
  const { exact, wildcards, any } = buildHostTables(entries);
  const ordered = [
    ...[...exact.values()].sort((a, b) => (a.host < b.host ? -1 : 1)),
    ...wildcards.map((wildcard) => wildcard.table),
    ...(any === undefined ? [] : [any]),
  ];
  return { hosts: ordered.map((table) => ({ host: table.host, root: treeNode(table.root, '') })) };
}

function treeNode<T>(node: RadixNode<T>, segment: string): RouteTreeNode<T> {
  const children = node.statics.map((child) => treeNode(child, `/${child.label}`));
  if (node.binding !== undefined) children.push(treeNode(node.binding, `/${node.binding.label}`));
  if (node.rest !== undefined) children.push({ segment: '/[...]', routes: leafRoutes(node.rest), children: [] });
  return { segment, routes: node.end === undefined ? [] : leafRoutes(node.end), children };
}

function leafRoutes<T>(leaf: RouteLeaf<T>): RouteTreeRoute<T>[] {
  return leaf.routes.flatMap(({ route }) =>
    (route.methods === '_' ? ['_'] : route.methods.map((method) => method.toUpperCase())).map((method) => ({
      method,
      path: route.path,
      data: route.data,
    })),
  );
}

/** Text for the parenthesis after a route (`blog, blog_posts_controller:index/1`), or undefined. */
type Describe<T> = (data: T) => string | undefined;

/** Renders a route tree, two spaces a level: `Host: '<host>'`, each edge, under it `<METHOD> <path> (<describe(data)>)` unless describe gives undefined. */
export function renderRouteTree<T>(tree: RouteTree<T>, describe: Describe<T>): string {
  return tree.hosts.flatMap(({ host, root }) => [`Host: '${host}'`, ...renderChildren(root, 1, describe)]).join('\n');
}

/** The lines under `node`: its routes, then each child's edge and the lines under it. */
function renderChildren<T>(node: RouteTreeNode<T>, depth: number, describe: Describe<T>): string[] {
  const indent = '  '.repeat(depth);
  const routes = node.routes.map(({ method, path, data }) => {
    const description = describe(data);
    return `${indent}${method} ${path}${description === undefined ? '' : ` (${description})`}`;
  });
  return [
    ...routes,
    ...node.children.flatMap((child) => [`${indent}${child.segment}`, ...renderChildren(child, depth + 1, describe)]),
  ];
}
