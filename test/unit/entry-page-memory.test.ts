// The server's in-memory entry pages, in front of a stand-in app, over real HTTP.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEntryPageMemory } from "../../app/server/http/entry-page-memory.server";

const routes = {
  root: { id: "root", path: "", parentId: undefined },
  "routes/welcome": { id: "routes/welcome", path: "welcome", parentId: "root" },
  "routes/home": { id: "routes/home", path: "home", parentId: "root" },
  "routes/checkout": { id: "routes/checkout", path: "checkout/:responderUuid?", parentId: "root" },
  "routes/$": { id: "routes/$", path: "*", parentId: "root" },
} as unknown as ServerBuild["routes"];

let server: Server;
let origin: string;
let renders: string[];
let appAnswers: string[];
/** What the stand-in app's render gives for a path. */
let renderOf: (url: URL) => Response;

const page = (body: string, status = 200, cacheControl = "public, max-age=300, stale-while-revalidate=60") =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": cacheControl, "Content-Security-Policy": "script-src 'none'" },
  });

beforeEach(async () => {
  renders = [];
  appAnswers = [];
  renderOf = (url) => (url.pathname === "/welcome" ? page(`<h1>Welcome</h1>${"x".repeat(2000)}`) : page("<h1>404</h1>", 404));
  const memory = createEntryPageMemory({
    routes,
    render: async (url) => {
      renders.push(url);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return renderOf(new URL(url));
    },
    headers: [["X-Content-Type-Options", "nosniff"]],
    requestId: () => randomUUID(),
    isFile: (pathname) => pathname === "/favicon.svg",
  });
  server = createServer((req, res) => {
    const answered = memory.answer(req, res);
    const app = () => {
      appAnswers.push(req.url!);
      res.writeHead(200, { "Content-Type": "text/plain" }).end("the app");
    };
    if (answered === false) app();
    else if (answered !== true) void answered.then((done) => done || app());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("entry pages from memory", () => {
  it("draws a page once, however many new visitors ask at once, and answers all of them the same bytes", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => fetch(`${origin}/welcome?utm_source=ad&gclid=${i}`)));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(renders).toHaveLength(1);
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain("<h1>Welcome</h1>");
    const headers = answers[0]!.headers;
    expect(headers.get("Cache-Control")).toBe("public, max-age=300, stale-while-revalidate=60");
    expect(headers.get("ETag")).toMatch(/^W\/"[\w-]+"$/);
    expect(headers.get("Vary")).toBe("Accept-Encoding");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Content-Security-Policy")).toBe("script-src 'none'");
    expect(headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.get("Set-Cookie")).toBeNull();
    expect(appAnswers).toEqual([]);
  });

  it("answers each encoding the client takes, all the same page, and 304 to a matching validator", async () => {
    const identity = await (await fetch(`${origin}/welcome`, { headers: { "Accept-Encoding": "identity" } })).text();
    const raw = async (encoding: string) => {
      const { request } = await import("node:http");
      return new Promise<{ headers: Record<string, unknown>; body: Buffer; status: number }>((resolve) => {
        request(`${origin}/welcome`, { headers: { "Accept-Encoding": encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks), status: res.statusCode! }));
        }).end();
      });
    };
    const br = await raw("gzip, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(identity);
    const gzip = await raw("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(identity);
    expect(Number(gzip.headers["content-length"])).toBe(gzip.body.length);

    const etag = br.headers["etag"] as string;
    const again = await fetch(`${origin}/welcome`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(await again.text()).toBe("");
  });

  it("answers HEAD with the headers alone", async () => {
    const head = await fetch(`${origin}/welcome`, { method: "HEAD", headers: { "Accept-Encoding": "identity" } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("Content-Length"))).toBeGreaterThan(2000);
    expect(await head.text()).toBe("");
  });

  it("leaves to the app a visitor with our cookie where the page reads it, a post, her own pages and files", async () => {
    await fetch(`${origin}/home`, { headers: { Cookie: "funnel_variant=classic" } });
    await fetch(`${origin}/welcome`, {
      method: "POST",
      body: "reason=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    await fetch(`${origin}/checkout/123`);
    await fetch(`${origin}/favicon.svg`);
    await fetch(`${origin}/welcome.data`);
    await fetch(`${origin}/welcome?email_address=jane%40example.org`);
    expect(appAnswers).toEqual([
      "/home",
      "/welcome",
      "/checkout/123",
      "/favicon.svg",
      "/welcome.data",
      "/welcome?email_address=jane%40example.org",
    ]);
    expect(renders).toEqual([]);
  });

  it("answers a visitor with a session the copy of a page that reads nothing of hers", async () => {
    const fresh = await fetch(`${origin}/welcome`);
    const hers = await fetch(`${origin}/welcome`, { headers: { Cookie: "__session=abc; __toast=x" } });
    expect(hers.status).toBe(200);
    expect(await hers.text()).toBe(await fresh.text());
    expect(hers.headers.get("ETag")).toBe(fresh.headers.get("ETag"));
    expect(appAnswers).toEqual([]);
    expect(renders).toHaveLength(1);
  });

  it("keeps one 404 page for every path no route matches", async () => {
    const first = await fetch(`${origin}/nowhere`);
    const second = await fetch(`${origin}/somewhere/else`);
    expect([first.status, second.status]).toEqual([404, 404]);
    expect(await second.text()).toBe(await first.text());
    expect(renders).toHaveLength(1);
  });

  it("leaves to the app, from then on, a page the app drew for one visitor; a failure is asked again", async () => {
    renderOf = (url) => (url.pathname === "/home" ? page("mine", 200, "no-store") : page("down", 503, "no-store"));
    for (let i = 0; i < 2; i++) await fetch(`${origin}/home`);
    expect(renders).toHaveLength(1);
    expect(appAnswers).toEqual(["/home", "/home"]);
    for (let i = 0; i < 2; i++) await fetch(`${origin}/welcome`);
    expect(renders).toHaveLength(3);
  });
});
