// The framework files patched in patches/ (applied by patch-package at install), each held to
// what its patch makes it do: every test here fails when its patch is missing or an upgrade
// has moved the code it changed. Why each patch exists, its measured gain and the release that
// makes it unnecessary: docs/decisions/0042 and 0044. What the patches must not change (the
// answers themselves) is tested beside them in one-request-per-page.
import { createRequire } from "node:module";
import { createRequestHandler, type ServerBuild } from "@remix-run/server-runtime";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);

/** A two-route build (root and its index page) whose document is drawn by `draw`. */
function aBuild(
  draw: (request: Request, context: Parameters<ServerBuild["entry"]["module"]["default"]>[3]) => string,
  loaderData: () => unknown = () => null,
): ServerBuild {
  const route = (id: string, parentId: string | undefined, path: string | undefined, index: boolean | undefined) => ({
    id,
    parentId,
    path,
    index,
    caseSensitive: undefined,
    module: { default: () => null, loader: () => (id === "root" ? loaderData() : null) },
  });
  return {
    mode: "production",
    entry: {
      module: {
        default: (request: Request, status: number, headers: Headers, context: never) =>
          new Response(draw(request, context), { status, headers: { "Content-Type": "text/html" } }),
      },
    },
    routes: { root: route("root", undefined, "", undefined), "routes/_index": route("routes/_index", "root", undefined, true) },
    assets: {
      entry: { imports: [], module: "/entry.js" },
      routes: {
        root: { id: "root", path: "", module: "/root.js", hasLoader: true, hasAction: false },
        "routes/_index": { id: "routes/_index", parentId: "root", index: true, module: "/index.js", hasLoader: true, hasAction: false },
      },
      url: "/manifest.js",
      version: "1",
    },
    assetsBuildDirectory: "public/build",
    publicPath: "/build/",
    future: { v3_singleFetch: true } as ServerBuild["future"],
    isSpaMode: false,
  } as unknown as ServerBuild;
}

describe("@remix-run/server-runtime: a document's data encoded only when read", () => {
  it("is not walked at all for a page that never reads it (no <Scripts />)", async () => {
    let read = 0;
    const data = () => ({
      get probe() {
        read += 1;
        return "seen";
      },
    });
    const handler = createRequestHandler(aBuild(() => "<p>no scripts</p>", data));
    const answer = await handler(new Request("http://localhost/"));
    expect(await answer.text()).toBe("<p>no scripts</p>");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).toBe(0);
  });

  it("is still encoded whole for a page that reads it", async () => {
    let stream: ReadableStream<Uint8Array> | undefined;
    const handler = createRequestHandler(
      aBuild(
        (_request, context) => {
          stream = (context as { serverHandoffStream?: ReadableStream<Uint8Array> }).serverHandoffStream;
          return "<p>scripts</p>";
        },
        () => ({ probe: "seen" }),
      ),
    );
    await handler(new Request("http://localhost/"));
    const text = await new Response(stream).text();
    expect(text).toContain("probe");
    expect(text).toContain("seen");
  });
});

describe("@remix-run/router: ranked branches and compiled paths kept", () => {
  /** How many regular expressions `work` builds. */
  function expressionsBuilt(work: () => void): number {
    const Original = globalThis.RegExp;
    let built = 0;
    globalThis.RegExp = new Proxy(Original, {
      construct(target, args: [string | RegExp, string?]) {
        built += 1;
        return new target(...args);
      },
    });
    try {
      work();
    } finally {
      globalThis.RegExp = Original;
    }
    return built;
  }

  it("matches the same routes again without compiling a path", () => {
    const { matchRoutes } = require("@remix-run/router") as typeof import("@remix-run/router");
    const routes = [
      { id: "welcome", path: "/welcome" },
      { id: "checkout", path: "/checkout/:uuid" },
      { id: "plan", path: "/plan/:uuid" },
    ];
    expect(matchRoutes(routes, "/checkout/a")?.[0]?.params).toEqual({ uuid: "a" });
    expect(expressionsBuilt(() => expect(matchRoutes(routes, "/checkout/b")?.[0]?.params).toEqual({ uuid: "b" }))).toBe(0);
  });

  it("passes over a branch whose first segment differs without matching it", () => {
    const { matchRoutes } = require("@remix-run/router") as typeof import("@remix-run/router");
    const many = Array.from({ length: 50 }, (_, i) => ({ id: `page-${i}`, path: `/page-${i}/:uuid` }));
    const routes = [...many, { id: "plan", path: "/plan/:uuid" }];
    matchRoutes(routes, "/plan/x");
    // Each branch tried would run its compiled expression: count the runs.
    const exec = Object.getOwnPropertyDescriptor(RegExp.prototype, "exec")!.value as (this: RegExp, text: string) => RegExpExecArray | null;
    let runs = 0;
    RegExp.prototype.exec = function (this: RegExp, text: string) {
      runs += 1;
      return exec.call(this, text);
    };
    try {
      expect(matchRoutes(routes, "/plan/y")?.[0]?.route.id).toBe("plan");
    } finally {
      RegExp.prototype.exec = exec;
    }
    // A few runs are the path's own decoding; one per branch would be 50 more.
    expect(runs).toBeLessThan(many.length / 2);
  });
});
