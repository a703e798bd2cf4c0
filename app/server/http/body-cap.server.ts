// Bodies are counted as they arrive and never read past their door's cap: server.mjs holds every
// body (chunked ones too) to it before Remix and answers 413 the moment it is passed; each route's
// reader then holds it to its own smaller limit. Reading whole and measuring after is how one
// large post used to take the server's memory.
import type { Readable } from "node:stream";

export const bodyCaps = {
  /** The largest step's form is far under 16 KB. */
  form: 64 * 1024,
  /** Our pages' scripts, and the provider's signed review outcome. */
  json: 64 * 1024,
  /** Small, but their size is Stripe's to choose. */
  webhook: 256 * 1024,
} as const;

export type BodyDoor = keyof typeof bodyCaps;

/** A page for a form, JSON for the rest. */
export const tooLargeMessages: Record<BodyDoor, string> = {
  form: "That was more than this form accepts. Please go back and try again.",
  json: "The request is larger than this endpoint accepts.",
  webhook: "The event is larger than this endpoint accepts.",
};

/** As the routes match it: case-insensitively, with or without a trailing slash. */
export function bodyDoorOf(pathname: string): BodyDoor {
  const path = pathname.toLowerCase();
  if (/^\/api\/stripe\/webhook\/?$/.test(path)) return "webhook";
  if (path.startsWith("/api/")) return "json";
  return "form";
}

/** A chunked one says nothing: it is counted as it comes. */
export function declaredOver(contentLength: string | null | undefined, maxBytes: number): boolean {
  return Number(contentLength ?? "0") > maxBytes;
}

export type BodyRead =
  | { status: "read"; bytes: Buffer<ArrayBuffer> }
  /** The rest is left unread; what is in hand is dropped. */
  | { status: "too large" }
  /** The sender went before the end of the body. */
  | { status: "broken" };

/** Over `maxBytes` reading stops and the stream stays paused: the caller answers, then closes the connection. */
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

/** One declaring more is not read at all; over it, the rest is cancelled. */
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
