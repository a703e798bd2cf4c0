// The app's routes as the tree React Router matches an address against, made from the server
// build's flat list (each route names its parent), as Remix makes it: for the answers the
// server gives before Remix (entry pages, kept pages), which must match as Remix would.
import type { ServerBuild } from "@remix-run/node";
import type { RouteObject } from "react-router-dom";

export function routeTreeOf(routes: ServerBuild["routes"]): RouteObject[] {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
      );
  return childrenOf(undefined);
}
