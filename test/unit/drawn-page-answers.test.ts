// Her views of a page drawn from its data, answered before Express and Remix
// (app/server/http/drawn-page-answers.server.ts): which addresses are such views, her loaders
// called as Remix calls them, the kept page given only for plain data it was drawn from, and
// whatever else handed to Remix as it was, so that no loader runs twice.
import { data, redirect, type ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import {
  drawnPageMatcher,
  keptPageFor,
  loadersOutcomes,
  plainLoaderData,
  replayContext,
  replayingRoutes,
  type LoaderOutcome,
} from "../../app/server/http/drawn-page-answers.server";
import { DrawnPages, drawnPageKey } from "../../app/server/http/drawn-pages.server";

type Routes = ServerBuild["routes"];
type LoaderArgs = { request: Request; params: Record<string, string | undefined>; context: unknown };

function route(id: string, parentId: string | undefined, path: string | undefined, module: Record<string, unknown>) {
  return { id, parentId, path, index: undefined, caseSensitive: undefined, module } as unknown as Routes[string];
}

const isDrawnPage = (handles: unknown[]) =>
  (handles.at(-1) as { drawnFromData?: boolean } | undefined)?.drawnFromData === true &&
  !handles.some((handle) => (handle as { hydrate?: boolean } | undefined)?.hydrate);

/** An app: the root, the selection page (drawn from its data), a page that is not, one that hydrates. */
function anApp(loaders: Record<string, (args: LoaderArgs) => unknown> = {}): Routes {
  const loader = (id: string) => loaders[id] ?? (() => ({ id }));
  return {
    root: route("root", undefined, "", { loader: loader("root") }),
    "routes/checkout": route("routes/checkout", "root", "checkout/:responderUuid?", {
      handle: { title: "Checkout", drawnFromData: true },
      loader: loader("routes/checkout"),
    }),
    "routes/pre-checkout": route("routes/pre-checkout", "root", "pre-checkout/:responderUuid?", {
      handle: { title: "Pre-checkout" },
      loader: loader("routes/pre-checkout"),
    }),
    "routes/final": route("routes/final", "root", "final/:responderUuid?", {
      handle: { title: "Final", drawnFromData: true, hydrate: true },
      loader: loader("routes/final"),
    }),
    "routes/$": route("routes/$", "root", "*", { loader: loader("routes/$") }),
  };
}

const uuid = "0b6f3a4e-8a2c-4c1e-9f7d-2b1a3c4d5e6f";

describe("which views are answered before Remix", () => {
  const match = drawnPageMatcher(anApp(), isDrawnPage);

  it("a page drawn from its data, with each route's loader and parameters", () => {
    const page = match(`/checkout/${uuid}`, "?utm_source=mail");
    expect(page?.matches.map((m) => m.id)).toEqual(["root", "routes/checkout"]);
    expect(page?.matches.at(-1)?.params).toEqual({ responderUuid: uuid });
    expect(match("/checkout", "")?.matches.map((m) => m.id)).toEqual(["root", "routes/checkout"]);
  });

  it("never another page, a page that hydrates, an unknown address, or Remix's own requests", () => {
    expect(match(`/pre-checkout/${uuid}`, "")).toBeUndefined();
    expect(match(`/final/${uuid}`, "")).toBeUndefined();
    expect(match("/nowhere", "")).toBeUndefined();
    expect(match(`/checkout/${uuid}.data`, "")).toBeUndefined();
    expect(match("/__manifest", "")).toBeUndefined();
    for (const search of ["?_data=routes%2Fcheckout", "?index", "?a=1&index=", "?_routes=root"])
      expect(match(`/checkout/${uuid}`, search)).toBeUndefined();
    expect(match(`/checkout/${uuid}`, "?indexes=1")).toBeDefined();
  });

  it("none at all when a route of the page has no loader", () => {
    const routes = anApp();
    routes.root = route("root", undefined, "", {});
    expect(drawnPageMatcher(routes, isDrawnPage)(`/checkout/${uuid}`, "")).toBeUndefined();
  });
});

describe("her loaders, called as Remix calls them", () => {
  it("all begin in one turn, each with its parameters; what each did is kept, thrown or returned", async () => {
    const begun: string[] = [];
    let checkoutBegunWhenRootWaited: boolean | undefined;
    const failure = new Error("the database went away");
    const routes = anApp({
      root: async () => {
        begun.push("root");
        await Promise.resolve();
        checkoutBegunWhenRootWaited = begun.includes("routes/checkout");
        throw failure;
      },
      "routes/checkout": ({ params }) => {
        begun.push("routes/checkout");
        return { uuid: params.responderUuid };
      },
    });
    const page = drawnPageMatcher(routes, isDrawnPage)(`/checkout/${uuid}`, "")!;
    const outcomes = await loadersOutcomes(page, new Request(`http://localhost/checkout/${uuid}`));
    expect(checkoutBegunWhenRootWaited).toBe(true);
    expect([...outcomes.keys()]).toEqual(["root", "routes/checkout"]);
    expect(outcomes.get("root")).toEqual({ threw: failure });
    expect(outcomes.get("routes/checkout")).toEqual({ returned: { uuid } });
  });
});

describe("the data a kept page may answer", () => {
  const outcomes = (...entries: [string, LoaderOutcome][]) => new Map(entries);

  it("are each loader's plain data, or data() without a status or headers", () => {
    expect(
      plainLoaderData(outcomes(["root", { returned: { language: "en" } }], ["page", { returned: data({ plan: "monthly" }) }])),
    ).toEqual({
      root: { language: "en" },
      page: { plan: "monthly" },
    });
    expect(plainLoaderData(outcomes(["page", { returned: data({ plan: "monthly" }, { headers: new Headers() }) }]))).toEqual({
      page: { plan: "monthly" },
    });
    expect(plainLoaderData(outcomes(["page", { returned: null }]))).toEqual({ page: null });
  });

  it("are none when a loader threw, answered itself, set a header or a status, or gave nothing", async () => {
    const none = [
      { threw: new Error("x") },
      { threw: redirect("/welcome") },
      { returned: redirect("/welcome") },
      { returned: new Response("x") },
      { returned: data({}, { headers: { "Set-Cookie": "__session=x" } }) },
      { returned: data({}, { headers: [["Set-Cookie", "__session=x"]] }) },
      { returned: data({}, { headers: new Headers({ "Set-Cookie": "__session=x" }) }) },
      { returned: data({}, { status: 200 }) },
      { returned: undefined },
    ] satisfies LoaderOutcome[];
    for (const outcome of none) expect(plainLoaderData(outcomes(["root", { returned: {} }], ["page", outcome]))).toBeUndefined();
  });

  it("find the page Remix drew from the same data, and only it", () => {
    const pages = new DrawnPages();
    const url = `http://localhost/checkout/${uuid}`;
    // What handleRequest keys the page by when Remix draws it.
    const drawnKey = drawnPageKey(url, "GET", 200, {
      loaderData: { root: { language: "en" }, page: { plan: "monthly" } },
      actionData: null,
      errors: null,
    });
    pages.draw(drawnKey, () => "<p>monthly</p>");
    const kept = (key: string) => pages.kept(key);
    expect(
      keptPageFor(url, outcomes(["root", { returned: { language: "en" } }], ["page", { returned: data({ plan: "monthly" }) }]), kept)?.html,
    ).toBe("<p>monthly</p>");
    expect(
      keptPageFor(url, outcomes(["root", { returned: { language: "en" } }], ["page", { returned: { plan: "yearly" } }]), kept),
    ).toBeUndefined();
    expect(
      keptPageFor(
        `${url}?lang=en`,
        outcomes(["root", { returned: { language: "en" } }], ["page", { returned: { plan: "monthly" } }]),
        kept,
      ),
    ).toBeUndefined();
    expect(
      keptPageFor(url, outcomes(["root", { returned: { language: "en" } }], ["page", { threw: new Error("x") }]), kept),
    ).toBeUndefined();
  });
});

describe("the routes Remix is given", () => {
  it("hand back what each loader gave before Remix, and call it only when nothing was given", async () => {
    let calls = 0;
    const routes = replayingRoutes(anApp({ "routes/checkout": () => ({ call: ++calls }) }));
    const loader = routes["routes/checkout"]!.module.loader!;
    const args = (context: unknown) =>
      ({ request: new Request("http://localhost/checkout"), params: {}, context }) as Parameters<typeof loader>[0];
    const given = { plan: "monthly" };
    expect(await loader(args(replayContext(new Map([["routes/checkout", { returned: given }]]))))).toBe(given);
    const refusal = redirect("/welcome");
    await expect(async () => loader(args(replayContext(new Map([["routes/checkout", { threw: refusal }]]))))).rejects.toBe(refusal);
    expect(calls).toBe(0);
    expect(await loader(args({}))).toEqual({ call: 1 });
    // Another route's outcome is not this one's.
    expect(await loader(args(replayContext(new Map([["root", { returned: given }]]))))).toEqual({ call: 2 });
  });

  it("keep everything else of each route as it was", () => {
    const app = anApp();
    const routes = replayingRoutes(app);
    expect(Object.keys(routes)).toEqual(Object.keys(app));
    expect(routes["routes/checkout"]!.module.handle).toBe(app["routes/checkout"]!.module.handle);
    expect(routes["routes/checkout"]!.path).toBe("checkout/:responderUuid?");
  });
});
