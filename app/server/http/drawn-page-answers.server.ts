// Her views of a page drawn from its data (RouteHandle.drawnFromData), answered before Express
// and Remix. Her data are read as Remix reads them: every loader of the page is called with
// the request, all in one turn (so a read can go with her session's, session.server.ts).
// When each gives plain data (no status, no headers, nothing thrown) and a page drawn from the
// same data is kept (drawn-pages.server.ts), that page is the answer, with the headers the
// app gives such a page. Anything else (a redirect, a refusal, a cookie to set, a failure, a
// page not drawn yet) goes on to Remix with what the loaders gave: the replaying routes hand
// each outcome back to Remix in place of a second call, so no loader runs twice and Remix
// answers as it always has. Under load, Express, Remix's document handling and the answer's
// stream were half of the server's time for a view of the selection page.
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "react-router-dom";
import { drawnPageKey, type DrawnPage } from "./drawn-pages.server";
import { routeTreeOf } from "./route-tree.server";

type Routes = ServerBuild["routes"];
type Loader = NonNullable<Routes[string]["module"]["loader"]>;

/** What a loader did: returned a value, or threw one. */
export type LoaderOutcome = { returned: unknown } | { threw: unknown };

/** The outcomes of a request's loaders, by route id, carried to Remix in its load context. */
const outcomesKey = Symbol("the loaders' outcomes");
export type ReplayContext = { [outcomesKey]?: Map<string, LoaderOutcome> };

/** The load context that hands Remix what the loaders already gave. */
export function replayContext(outcomes: Map<string, LoaderOutcome>): ReplayContext {
  return { [outcomesKey]: outcomes };
}

/**
 * The app's routes, each loader replaying its outcome when the load context carries one (the
 * view began here and went on to Remix), else called as it is.
 */
export function replayingRoutes(routes: Routes): Routes {
  return Object.fromEntries(
    Object.entries(routes).map(([id, route]) => {
      const loader = route.module.loader;
      if (!loader) return [id, route];
      const replaying: Loader = (args) => {
        const outcome = (args.context as ReplayContext | undefined)?.[outcomesKey]?.get(id);
        if (!outcome) return loader(args);
        if ("threw" in outcome) throw outcome.threw;
        return outcome.returned as ReturnType<Loader>;
      };
      return [id, { ...route, module: { ...route.module, loader: replaying } }];
    }),
  );
}

/** A page's routes as they matched an address: each with its loader and its parameters. */
export interface MatchedPage {
  matches: { id: string; loader: Loader; params: Record<string, string | undefined> }[];
}

/** Remix's own parameters, which its loaders never see as they came: such an address is Remix's. */
const remixParams = /(?:^|[?&])(?:_data|index|_routes)(?:[=&]|$)/;

/**
 * The pages answered here: a GET whose matched routes, by their handles, draw a page from its
 * data alone without scripts (`isDrawnPage`: the root's rule, route-handle.ts), each with a
 * loader. Undefined for anything else (Remix's data requests among them).
 */
export function drawnPageMatcher(
  routes: Routes,
  isDrawnPage: (handles: unknown[]) => boolean,
): (pathname: string, search: string) => MatchedPage | undefined {
  const tree = routeTreeOf(routes);
  const drawnLeaves = new Set(
    Object.values(routes)
      .filter((route) => isDrawnPage([route.module.handle]))
      .map((route) => route.id),
  );
  return (pathname, search) => {
    if (drawnLeaves.size === 0 || pathname.endsWith(".data") || pathname.startsWith("/__") || remixParams.test(search)) return undefined;
    const found = matchRoutes(tree, pathname);
    if (!found || !drawnLeaves.has(found.at(-1)!.route.id!)) return undefined;
    const modules = found.map((match) => routes[match.route.id!]!.module);
    if (!isDrawnPage(modules.map((module) => module.handle)) || modules.some((module) => !module.loader)) return undefined;
    return { matches: found.map((match, index) => ({ id: match.route.id!, loader: modules[index]!.loader!, params: match.params })) };
  };
}

/**
 * Every loader of the page called with the request, as Remix calls them: in one turn, each
 * with its parameters and an empty load context. Never rejects: what each did is its outcome.
 */
export async function loadersOutcomes(page: MatchedPage, request: Request): Promise<Map<string, LoaderOutcome>> {
  const settled = page.matches.map(async ({ id, loader, params }): Promise<[string, LoaderOutcome]> => {
    try {
      return [id, { returned: await loader({ request, params, context: {} }) }];
    } catch (thrown) {
      return [id, { threw: thrown }];
    }
  });
  return new Map(await Promise.all(settled));
}

/** `data()`'s answer, as Remix tells it from a plain value. */
function isDataWithInit(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

function hasHeaders(init: HeadersInit | undefined): boolean {
  if (!init) return false;
  if (init instanceof Headers) return !init.keys().next().done;
  return Array.isArray(init) ? init.length > 0 : Object.keys(init).length > 0;
}

/**
 * The page's data by route id, as Remix would give them to the page, when every loader gave
 * plain data: nothing thrown, no Response, no status and no headers. Else undefined.
 */
export function plainLoaderData(outcomes: Map<string, LoaderOutcome>): Record<string, unknown> | undefined {
  const loaderData: Record<string, unknown> = {};
  for (const [id, outcome] of outcomes) {
    if ("threw" in outcome) return undefined;
    const value = outcome.returned;
    if (value instanceof Response || value === undefined) return undefined;
    if (isDataWithInit(value)) {
      if (value.init && (value.init.status !== undefined || value.init.statusText !== undefined || hasHeaders(value.init.headers)))
        return undefined;
      loaderData[id] = value.data;
    } else loaderData[id] = value;
  }
  return loaderData;
}

/** The kept page for a view, when its loaders gave plain data and a page drawn from them is kept. */
export function keptPageFor(
  url: string,
  outcomes: Map<string, LoaderOutcome>,
  kept: (key: string) => DrawnPage | undefined,
): DrawnPage | undefined {
  const loaderData = plainLoaderData(outcomes);
  if (!loaderData) return undefined;
  const key = drawnPageKey(url, "GET", 200, { loaderData, actionData: null, errors: null });
  return key === undefined ? undefined : kept(key);
}
