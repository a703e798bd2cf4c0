// Views of a page drawn from its data, answered before Express and Remix (which with the answer's
// stream were half the server's time for a selection page view). Every loader is called as Remix
// calls them, in one turn; when each gives plain data and a page drawn from it is kept, that page
// is the answer. Anything else goes on to Remix, the replaying routes handing each outcome back
// so no loader runs twice.
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "react-router-dom";
import { drawnPageKey, type DrawnPage } from "./drawn-pages.server";
import { routeTreeOf } from "./route-tree.server";

type Routes = ServerBuild["routes"];
type Loader = NonNullable<Routes[string]["module"]["loader"]>;

export type LoaderOutcome = { returned: unknown } | { threw: unknown };

/** Carried to Remix in its load context. */
const outcomesKey = Symbol("the loaders' outcomes");
export type ReplayContext = { [outcomesKey]?: Map<string, LoaderOutcome> };

export function replayContext(outcomes: Map<string, LoaderOutcome>): ReplayContext {
  return { [outcomesKey]: outcomes };
}

/** Each loader replays its outcome when the load context carries one, else is called as it is. */
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

export interface MatchedPage {
  matches: { id: string; loader: Loader; params: Record<string, string | undefined> }[];
}

/** Its loaders never see these as they came: such an address is Remix's. */
const remixParams = /(?:^|[?&])(?:_data|index|_routes)(?:[=&]|$)/;

/** A GET whose routes draw a page from data alone, without scripts (`isDrawnPage`), each with a loader. */
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

/** In one turn, each with an empty load context. Never rejects. */
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

function isDataWithInit(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

function hasHeaders(init: HeadersInit | undefined): boolean {
  if (!init) return false;
  if (init instanceof Headers) return !init.keys().next().done;
  return Array.isArray(init) ? init.length > 0 : Object.keys(init).length > 0;
}

/** Only when nothing was thrown and no Response, status or headers were given. */
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
