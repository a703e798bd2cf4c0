// How much of a request's body we read, and how: counted as it arrives, never read past the
// most its door takes. server.mjs holds every body to its door's cap before Remix sees it, the
// chunked ones (no Content-Length) as those that declare their length, and answers 413 the
// moment the cap is passed; each route's reader (form-body, json-body, the Stripe webhook) then
// holds it to its own, smaller limit with the same counting reader. A body is never read whole
// first and measured after: that is how one large post used to take the server's memory.
import type { Readable } from "node:stream";

/** The kinds of door a body comes in by, and the most the server reads through each. */
export const bodyCaps = {
  /** A form of our pages, with or without JavaScript (the largest step's form is far under 16 KB). */
  form: 64 * 1024,
  /** JSON to /api/: our pages' scripts, and the provider's signed review outcome. */
  json: 64 * 1024,
  /** Stripe's events: small, but their size is Stripe's to choose, so as much as the route takes. */
  webhook: 256 * 1024,
} as const;

export type BodyDoor = keyof typeof bodyCaps;

/** What the sender of a body over its cap is told (a page for a form, JSON for the rest). */
export const tooLargeMessages: Record<BodyDoor, string> = {
  form: "That was more than this form accepts. Please go back and try again.",
  json: "The request is larger than this endpoint accepts.",
  webhook: "The event is larger than this endpoint accepts.",
};

/** The door a request's path is, as the routes match it (case-insensitively, a trailing slash or not). */
export function bodyDoorOf(pathname: string): BodyDoor {
  const path = pathname.toLowerCase();
  if (/^\/api\/stripe\/webhook\/?$/.test(path)) return "webhook";
  if (path.startsWith("/api/")) return "json";
  return "form";
}

/** Whether a request says its body is longer than `maxBytes` (a chunked one says nothing: it is counted as it comes). */
export function declaredOver(contentLength: string | null | undefined, maxBytes: number): boolean {
  return Number(contentLength ?? "0") > maxBytes;
}

export type BodyRead =
  | { status: "read"; bytes: Buffer<ArrayBuffer> }
  /** Over the limit: the rest is left unread (what is already in hand is dropped). */
  | { status: "too large" }
  /** The sender went before the end of the body. */
  | { status: "broken" };

/**
 * The body of a request as it comes in (Node's stream), read as it arrives and no further than
 * `maxBytes`. Over it, reading stops at once and the stream is left paused: the caller answers,
 * then closes the connection (the rest of the body is still on its way in it).
 */
export function readStreamWithin(stream: Readable, maxBytes: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (result: BodyRead) => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onBroken);
      stream.off("close", onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        stream.pause();
        chunks.length = 0;
        settle({ status: "too large" });
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => settle({ status: "read", bytes: Buffer.concat(chunks, size) });
    const onBroken = () => settle({ status: "broken" });
    // Closed before its end: the connection went (the request is aborted).
    const onClose = () => {
      if (!stream.readableEnded) onBroken();
    };
    stream.on("data", onData);
    stream.once("end", onEnd);
    stream.once("error", onBroken);
    stream.once("close", onClose);
  });
}

/**
 * A fetch Request's body read as it arrives and no further than `maxBytes` (one that declares
 * more is not read at all). Over it, the rest is cancelled, never read.
 */
export async function readRequestWithin(request: Request, maxBytes: number): Promise<BodyRead> {
  if (declaredOver(request.headers.get("Content-Length"), maxBytes)) return { status: "too large" };
  if (request.body === null) return { status: "read", bytes: Buffer.alloc(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { status: "too large" };
      }
      chunks.push(value);
    }
  } catch {
    return { status: "broken" };
  }
  return { status: "read", bytes: Buffer.concat(chunks, size) };
}
