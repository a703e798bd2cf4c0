// JSON answers of the resource routes.
import { answerLifetimeMs } from "../provider/catalogue-cache.server";

/** Data anyone may see, kept by caches as long as our own cache keeps it (5 minutes). */
export function publicJson(data: unknown): Response {
  return Response.json(data, {
    headers: {
      "Cache-Control": `public, max-age=${answerLifetimeMs / 1000}`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A resource that is not there: 404 with a message, never cached. */
export function notFoundJson(message = "Not found"): Response {
  return Response.json({ message }, { status: 404, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } });
}

/** A JSON answer of a resource route: never cached, never sniffed. */
export function jsonAnswer(status: number, body: Record<string, unknown>, headers: HeadersInit = {}): Response {
  const all = new Headers(headers);
  all.set("Cache-Control", "no-store");
  all.set("X-Content-Type-Options", "nosniff");
  return Response.json(body, { status, headers: all });
}
