// Pages drawn again from the same data. A page without scripts whose route draws it from its
// address and its routes' data alone (RouteHandle.drawnFromData) comes out byte for byte the
// same for the same data: React's drawing of it was a third of the server's time for each view
// of the selection page. So the HTML is kept, keyed by the address, the status and the data
// (as JSON), and a view whose data are the same is answered with it. Her data are read for
// every view as before: only the drawing is saved, and a change to anything the page shows is
// a change of its key. Bounded: at most `mostPages`, the least recently used let go first,
// and data longer than `longestKey` are drawn every time and never kept.
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

export const mostPages = 500;
export const longestKey = 32_768;

export type Encoding = "br" | "gzip" | "identity";

/** A kept page: its HTML, and its bytes in each encoding asked for so far (made once each). */
export class DrawnPage {
  private readonly bodies: Partial<Record<Encoding, Buffer>> = {};

  constructor(readonly html: string) {}

  /** The page's bytes in `encoding`, compressed as the server's compression does it (brotli 4, gzip 6). */
  body(encoding: Encoding): Buffer {
    let body = this.bodies[encoding];
    if (!body) {
      const identity = (this.bodies.identity ??= Buffer.from(this.html));
      body =
        encoding === "br"
          ? brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } })
          : encoding === "gzip"
            ? gzipSync(identity)
            : identity;
      this.bodies[encoding] = body;
    }
    return body;
  }
}

export class DrawnPages {
  private readonly pages = new Map<string, DrawnPage>();

  constructor(
    private readonly most = mostPages,
    private readonly longest = longestKey,
  ) {}

  /** The page's HTML for `key`: kept, or drawn by `draw` and kept. Undefined key: drawn, not kept. */
  draw(key: string | undefined, draw: () => string): string {
    if (key === undefined || key.length > this.longest) return draw();
    const kept = this.kept(key);
    if (kept) return kept.html;
    const drawn = draw();
    this.pages.set(key, new DrawnPage(drawn));
    if (this.pages.size > this.most) this.pages.delete(this.pages.keys().next().value!);
    return drawn;
  }

  /** The page kept for `key`, if any. */
  kept(key: string): DrawnPage | undefined {
    const kept = this.pages.get(key);
    if (kept !== undefined) {
      // Used again: last to be let go.
      this.pages.delete(key);
      this.pages.set(key, kept);
    }
    return kept;
  }

  get size(): number {
    return this.pages.size;
  }
}

/**
 * What a page's HTML is drawn from: its address, its status and its routes' data. Undefined
 * where an earlier drawing must not be reused: a post's answer (its action's data), or a
 * page drawn for an error.
 */
export function drawnPageKey(
  url: string,
  method: string,
  status: number,
  context: { loaderData: unknown; actionData: unknown; errors: unknown },
): string | undefined {
  if ((method !== "GET" && method !== "HEAD") || status !== 200 || context.actionData || context.errors) return undefined;
  const { pathname, search } = new URL(url);
  return `${pathname}${search}\n${JSON.stringify(withoutBrowserMessages(context.loaderData))}`;
}

/**
 * A route's `clientMessages` are the browser's words for a page that hydrates: a page drawn
 * from its data draws no scripts and never shows them, and they follow from the language its
 * data name anyway. Left out of the key, they are not written out for every view (they were
 * most of its length).
 */
function withoutBrowserMessages(loaderData: unknown): unknown {
  if (!loaderData || typeof loaderData !== "object") return loaderData;
  return Object.fromEntries(
    Object.entries(loaderData).map(([route, data]) => [
      route,
      data && typeof data === "object" && "clientMessages" in data ? { ...data, clientMessages: undefined } : data,
    ]),
  );
}
