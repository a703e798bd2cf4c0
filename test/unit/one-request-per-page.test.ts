// Remix gives each loader of a page the request with its own parameters (?index, ?_data,
// ?_routes) taken off. Patched (patches/@remix-run+server-runtime), a request without them is
// passed on as it came, the same object to every loader: what the app reads once per request
// (her session) is keyed by it, and no loader pays for making a copy. With one of them, each
// loader still sees the address without it. And every loader of a page has begun before any
// of them takes a turn of promises: a read one asks to send with her session (which takes
// one, for her cookie) goes in the same statement (app/server/visitor/session.server.ts).
import { createRequestHandler, type ServerBuild } from "@remix-run/server-runtime";
import { describe, expect, it } from "vitest";

function aPage(
  seen: { root: Request[]; page: Request[] },
  options: { singleFetch?: boolean; rootLoader?: () => Promise<unknown> } = {},
): ServerBuild {
  const route = (id: string, parentId: string | undefined, path: string | undefined, index: boolean | undefined, list: Request[]) => ({
    id,
    parentId,
    path,
    index,
    caseSensitive: undefined,
    module: {
      // A component: a document, whose loaders all run (a route without one is a resource).
      default: () => null,
      loader: ({ request }: { request: Request }) => {
        list.push(request);
        return id === "root" && options.rootLoader ? options.rootLoader() : null;
      },
    },
  });
  return {
    mode: "production",
    entry: { module: { default: () => new Response("page", { headers: { "Content-Type": "text/html" } }) } },
    routes: {
      root: route("root", undefined, "", undefined, seen.root),
      "routes/_index": route("routes/_index", "root", undefined, true, seen.page),
    },
    assets: { entry: { imports: [], module: "/entry.js" }, routes: {}, url: "/manifest.js", version: "1" },
    assetsBuildDirectory: "public/build",
    publicPath: "/build/",
    future: { v3_singleFetch: options.singleFetch ?? false } as ServerBuild["future"],
    isSpaMode: false,
  };
}

describe("a page's loaders and the request", () => {
  it("get the request as it came, one object for every loader, when it has nothing to take off", async () => {
    const seen = { root: [] as Request[], page: [] as Request[] };
    const request = new Request("http://localhost/?utm_source=mail");
    expect((await createRequestHandler(aPage(seen))(request)).status).toBe(200);
    expect(seen.root).toHaveLength(1);
    expect(seen.page).toHaveLength(1);
    expect(seen.root[0]).toBe(request);
    expect(seen.page[0]).toBe(request);
  });

  it("see the address without ?index when it has one, and keep the rest of it", async () => {
    const seen = { root: [] as Request[], page: [] as Request[] };
    const request = new Request("http://localhost/?index&utm_source=mail");
    expect((await createRequestHandler(aPage(seen))(request)).status).toBe(200);
    expect(seen.root.length + seen.page.length).toBe(2);
    for (const received of [...seen.root, ...seen.page]) {
      expect(received).not.toBe(request);
      expect(new URL(received.url).search).toBe("?utm_source=mail");
    }
  });

  it("are all begun before the first of them takes a turn of promises (as the app's build: single fetch)", async () => {
    const seen = { root: [] as Request[], page: [] as Request[] };
    let pageBegunAfterOneTurn: boolean | undefined;
    const rootLoader = async () => {
      await Promise.resolve();
      pageBegunAfterOneTurn = seen.page.length === 1;
      return null;
    };
    const answer = await createRequestHandler(aPage(seen, { singleFetch: true, rootLoader }))(new Request("http://localhost/"));
    expect(answer.status).toBe(200);
    expect(pageBegunAfterOneTurn).toBe(true);
  });
});
