// Entry pages a new visitor may share (entry-pages.server.ts), drawn once, kept compressed in
// memory and answered before any routing, session or render: an ad's burst costs next to nothing.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "react-router-dom";
import { entryPageAt, sharedEntryPage } from "./entry-pages.server";
import { routeTreeOf } from "./route-tree.server";

type Encoding = "br" | "gzip" | "identity";

interface KeptPage {
  status: number;
  etag: string;
  bodies: Record<Encoding, Buffer>;
  headers: Record<Encoding, Record<string, string>>;
  notModified: Record<string, string>;
}

export interface EntryPageMemoryOptions {
  /** To tell a path no page matches. */
  routes: ServerBuild["routes"];
  /** As the app does for a request without cookies. */
  render: (url: string) => Promise<Response>;
  /** Security headers. */
  headers: [string, string][];
  /** public/: never the 404 page. */
  isFile: (pathname: string) => boolean;
  requestId: (req: IncomingMessage) => string;
  /** The request log. */
  onAnswer?: (details: { method: string; url: string; status: number }) => void;
  /** A 404 is one page whatever its path. */
  maxPages?: number;
}

export function createEntryPageMemory(options: EntryPageMemoryOptions) {
  const isUnknownPath = unknownPathTest(options.routes);
  const maxPages = options.maxPages ?? 500;
  /** False when the app answered it for that visitor alone. */
  const kept = new Map<string, KeptPage | false>();
  const drawing = new Map<string, Promise<KeptPage | false | undefined>>();

  function keep(key: string, page: KeptPage | false) {
    if (kept.size >= maxPages) kept.delete(kept.keys().next().value!);
    kept.set(key, page);
  }

  async function draw(key: string, url: string): Promise<KeptPage | false | undefined> {
    const answer = await options.render(url);
    const shareable =
      (answer.status === 200 || answer.status === 404) &&
      /^public\b/.test(answer.headers.get("Cache-Control") ?? "") &&
      !answer.headers.has("Set-Cookie");
    if (!shareable) {
      await answer.body?.cancel();
      // A failure may pass; a page drawn for one visitor (a split's draw) stays so.
      if (answer.status < 500) keep(key, false);
      return answer.status < 500 ? false : undefined;
    }
    const page = keptPage(answer.status, answer.headers, Buffer.from(await answer.arrayBuffer()), options.headers);
    keep(key, page);
    return page;
  }

  function send(page: KeptPage, req: IncomingMessage, res: ServerResponse) {
    res.setHeader("X-Request-Id", options.requestId(req));
    let status = page.status;
    if (page.status === 200 && matchesEtag(req.headers["if-none-match"], page.etag)) {
      status = 304;
      res.writeHead(304, page.notModified).end();
    } else {
      const encoding = chooseEncoding(req.headers["accept-encoding"]);
      res.writeHead(page.status, page.headers[encoding]).end(req.method === "HEAD" ? undefined : page.bodies[encoding]);
    }
    options.onAnswer?.({ method: req.method!, url: req.url ?? "/", status });
  }

  return {
    /** False when the app must answer, or a promise of either while the page is first drawn. */
    answer(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
      const method = req.method ?? "GET";
      if (method !== "GET" && method !== "HEAD") return false;
      const url = req.url ?? "/";
      const queryAt = url.indexOf("?");
      const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
      if (pathname.endsWith(".data") || pathname.startsWith("/__") || options.isFile(pathname)) return false;
      const page = entryPageAt(pathname, isUnknownPath);
      if (!page) return false;
      const shared = sharedEntryPage(page, { method, url, cookie: req.headers.cookie });
      if (!shared) return false;
      const known = kept.get(shared.key);
      if (known) {
        send(known, req, res);
        return true;
      }
      if (known === false) return false;
      let drawn = drawing.get(shared.key);
      if (!drawn) {
        drawn = draw(shared.key, `http://localhost${url}`).finally(() => drawing.delete(shared.key));
        drawing.set(shared.key, drawn);
      }
      return drawn.then(
        (result) => {
          if (!result) return false;
          send(result, req, res);
          return true;
        },
        () => false,
      );
    },
  };
}

function keptPage(status: number, answer: Headers, identity: Buffer, base: [string, string][]): KeptPage {
  const bodies: Record<Encoding, Buffer> = {
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  };
  const etag = `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  const common: Record<string, string> = Object.fromEntries(base);
  for (const name of ["Content-Type", "Content-Security-Policy", "Cache-Control"]) {
    const value = answer.get(name);
    if (value) common[name] = value;
  }
  common["Vary"] = "Accept-Encoding";
  common["ETag"] = etag;
  const headers = {} as Record<Encoding, Record<string, string>>;
  for (const encoding of ["br", "gzip", "identity"] as const) {
    headers[encoding] = {
      ...common,
      "Content-Length": String(bodies[encoding].length),
      ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
    };
  }
  const notModified = { ...common };
  delete notModified["Content-Type"];
  return { status, etag, bodies, headers, notModified };
}

/** Brotli, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name!.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

/** Compared weakly (RFC 9110 13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/** As Remix routes it. */
function unknownPathTest(routes: ServerBuild["routes"]): (pathname: string) => boolean {
  const tree = routeTreeOf(routes);
  const splat = Object.values(routes).find((route) => route.path === "*" && route.parentId === "root")?.id;
  return (pathname) => {
    const matches = matchRoutes(tree, pathname);
    return !matches || matches.at(-1)!.route.id === splat;
  };
}
