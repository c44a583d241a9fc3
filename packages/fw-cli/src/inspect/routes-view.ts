/**
 * `fw routes`: fw-core's own route printer (buildRouteTree, renderRouteTree), fed with a plain
 * copy of the tree whose route data is the handler model (also the `--json` shape).
 */
import {
  buildRouteTree,
  renderRouteTree,
  type Router,
  type RouteTarget,
  type RouteTree,
  type RouteTreeNode,
} from 'fw-core/inspect';
import { handlerModel, staticSourceOf, type HandlerModel } from './route-handler.ts';

/** What a route leaf carries in the model. */
export interface RouteDataModel {
  readonly app: string;
  readonly handler: HandlerModel;
}

/** What `fw routes --json` prints: the router's tree, host by host in precedence order. */
export type RoutesModel = RouteTree<RouteDataModel>;

/** The model of a router's routes. */
export function buildRoutesModel(router: Router<RouteTarget>): RoutesModel {
  const tree = buildRouteTree(router);
  return { hosts: tree.hosts.map(({ host, root }) => ({ host, root: plainNode(root) })) };
}

function plainNode(node: RouteTreeNode<RouteTarget>): RouteTreeNode<RouteDataModel> {
  return {
    segment: node.segment,
    routes: node.routes.map(({ method, path, data }) => ({
      method,
      path,
      data: { app: data.info.app, handler: handlerModel(data) },
    })),
    children: node.children.map(plainNode),
  };
}

/**
 * The parenthesis after a leaf: `blog, blog_posts_controller:index/1` for an action,
 * `blog, static:priv/assets` for a static route, none for an inline handler.
 */
function describeRoute(data: RouteDataModel): string | undefined {
  const { app, handler } = data;
  switch (handler.kind) {
    case 'action':
      return `${app}, ${handler.module}:${handler.function}/1`;
    case 'static':
      return `${app}, static:${staticSourceOf(handler)}`;
    case 'inline':
      return undefined;
  }
}

/** The text of `fw routes`, exactly the router's printer output. */
export function renderRoutes(model: RoutesModel): string {
  return renderRouteTree(model, describeRoute);
}
