// A page drawn from its address and data alone (RouteHandle.drawnFromData) is the same bytes for
// the same data, and React's drawing was a third of a selection page view's time. So its HTML is
// kept, keyed by address, status and data; her data are still read every view, so a change to
// anything shown changes the key. At most `mostPages` (least recently used go first); data longer
// than `longestKey` are drawn every time.
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

export const mostPages = 500;
export const longestKey = 32_768;

export type Encoding = "br" | "gzip" | "identity";

/** Its bytes in each encoding asked for, made once each. */
export class DrawnPage {
  private readonly bodies: Partial<Record<Encoding, Buffer>> = {};

  constructor(readonly html: string) {}

  /** Compressed as the server's compression does it (brotli 4, gzip 6). */
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

  /** Undefined key: drawn, not kept. */
  draw(key: string | undefined, draw: () => string): string {
    if (key === undefined || key.length > this.longest) return draw();
    const kept = this.kept(key);
    if (kept) return kept.html;
    const drawn = draw();
    this.pages.set(key, new DrawnPage(drawn));
    if (this.pages.size > this.most) this.pages.delete(this.pages.keys().next().value!);
    return drawn;
  }

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

/** Undefined where an earlier drawing must not be reused: a post's answer, or an error page. */
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

/** A page drawn from data shows no browser messages, and they follow from its language: left out of the key (most of its length). */
function withoutBrowserMessages(loaderData: unknown): unknown {
  if (!loaderData || typeof loaderData !== "object") return loaderData;
  return Object.fromEntries(
    Object.entries(loaderData).map(([route, data]) => [
      route,
      data && typeof data === "object" && "clientMessages" in data ? { ...data, clientMessages: undefined } : data,
    ]),
  );
}
