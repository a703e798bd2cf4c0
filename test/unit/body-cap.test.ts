// The cap on every request's body: which door a path is and the most read through it, and the
// two readers that count a body as it arrives and stop the moment it passes the limit.
import { Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyCaps, bodyDoorOf, declaredOver, readRequestWithin, readStreamWithin } from "../../app/server/http/body-cap.server";

const kb = 1024;

describe("the door of a path, and its cap", () => {
  it.each([
    {
      title: "takes a form of our pages, with or without JavaScript, through the form door (64 KB)",
      door: "form",
      paths: [
        "/welcome",
        "/owner",
        "/concerns/0b7e0a53-6f1c-4a4e-9d8e-1c2b3a4d5e6f",
        "/subscription",
        "/plan/abc.def",
        "/welcome.data",
        "/",
      ],
    },
    {
      title: "takes JSON to /api/ through the JSON door (64 KB), the provider's review outcome included",
      door: "json",
      paths: [
        "/api/pre-auth-checkout",
        "/api/save-pre-checkout/0b7e0a53-6f1c-4a4e-9d8e-1c2b3a4d5e6f",
        "/api/review-outcome",
        "/API/Pre-Auth-Checkout",
      ],
    },
  ] as const)("$title", ({ door, paths }) => {
    for (const path of paths) expect(bodyDoorOf(path), path).toBe(door);
    expect(bodyCaps[door]).toBe(64 * kb);
  });

  it("takes Stripe's events through the webhook door (256 KB), however the path is written", () => {
    for (const path of ["/api/stripe/webhook", "/api/stripe/webhook/", "/API/Stripe/Webhook"])
      expect(bodyDoorOf(path), path).toBe("webhook");
    expect(bodyDoorOf("/api/stripe/webhook/more")).toBe("json");
    expect(bodyCaps.webhook).toBe(256 * kb);
  });

  it("never lets a path outside /api/ through a door wider than a form's", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.string({ unit: "grapheme-ascii" }), { maxLength: 5 })
          .map((segments) => `/${segments.join("/")}`)
          .filter((path) => !/^\/api\//i.test(path)),
        (path) => {
          expect(bodyDoorOf(path)).toBe("form");
        },
      ),
    );
  });

  it("refuses a declared length over the cap, and takes one at it, none, or a chunked body's (no length)", () => {
    expect(declaredOver(String(64 * kb + 1), 64 * kb)).toBe(true);
    expect(declaredOver("300000000", 64 * kb)).toBe(true);
    expect(declaredOver(String(64 * kb), 64 * kb)).toBe(false);
    expect(declaredOver("0", 64 * kb)).toBe(false);
    expect(declaredOver(undefined, 64 * kb)).toBe(false);
    expect(declaredOver(null, 64 * kb)).toBe(false);
  });
});

/** A Node stream of `chunks` chunks of `size` bytes, made as they are read; counts how many were. */
function nodeBody(chunks: number, size: number) {
  let made = 0;
  const stream = new Readable({
    read() {
      if (made === chunks) return void this.push(null);
      made += 1;
      this.push(Buffer.alloc(size, "x"));
    },
  });
  return { stream, made: () => made };
}

describe("readStreamWithin (a request as it comes in to the server)", () => {
  it("reads a body within the cap whole, at the cap included", async () => {
    const body = nodeBody(4, 16 * kb);
    const read = await readStreamWithin(body.stream, 64 * kb);
    expect(read.status).toBe("read");
    expect(read.status === "read" && read.bytes.byteLength).toBe(64 * kb);
  });

  it("stops the moment a body passes the cap, and leaves the rest unread", async () => {
    // 200 MB offered.
    const body = nodeBody(3200, 64 * kb);
    expect(await readStreamWithin(body.stream, 64 * kb)).toEqual({ status: "too large" });
    // Node reads ahead a little (its buffer of 16 KB): a few chunks, never the body.
    expect(body.made()).toBeLessThan(5);
    expect(body.stream.isPaused()).toBe(true);
  });

  it("says the body broke when its sender goes before the end", async () => {
    const stream = new Readable({ read() {} });
    const reading = readStreamWithin(stream, 64 * kb);
    stream.push(Buffer.from("reason="));
    stream.destroy();
    expect(await reading).toEqual({ status: "broken" });
  });
});

/** A fetch body of `chunks` chunks of `size` bytes, made as they are read; counts how many were. */
function fetchBody(chunks: number, size: number, headers: Record<string, string> = {}) {
  let made = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (made === chunks) return controller.close();
      made += 1;
      controller.enqueue(new Uint8Array(size).fill(120));
    },
  });
  const request = new Request("http://localhost/welcome", { method: "POST", headers, body: stream, duplex: "half" });
  return { request, made: () => made };
}

describe("readRequestWithin (a route's own reader)", () => {
  it("reads a body within the limit whole", async () => {
    const read = await readRequestWithin(fetchBody(2, 8 * kb).request, 16 * kb);
    expect(read.status === "read" && read.bytes.byteLength).toBe(16 * kb);
  });

  it("reads no body as an empty one", async () => {
    const read = await readRequestWithin(new Request("http://localhost/welcome", { method: "POST" }), 16 * kb);
    expect(read.status === "read" && read.bytes.byteLength).toBe(0);
  });

  it("cancels a chunked body the moment it passes the limit", async () => {
    const body = fetchBody(3200, 64 * kb);
    expect(await readRequestWithin(body.request, 16 * kb)).toEqual({ status: "too large" });
    expect(body.made()).toBeLessThan(4);
  });

  it("reads nothing of a body that declares more than the limit", async () => {
    const body = fetchBody(3200, 64 * kb, { "Content-Length": String(3200 * 64 * kb) });
    expect(await readRequestWithin(body.request, 16 * kb)).toEqual({ status: "too large" });
    expect(body.made()).toBeLessThanOrEqual(1);
  });

  it("says the body broke when its sender goes before the end", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("reason="));
        controller.error(new Error("connection reset"));
      },
    });
    const request = new Request("http://localhost/welcome", { method: "POST", body: stream, duplex: "half" });
    expect(await readRequestWithin(request, 16 * kb)).toEqual({ status: "broken" });
  });
});
