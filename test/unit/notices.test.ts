// Notices heard over one listening connection (app/server/db/notices.server.ts), with a
// stand-in connection: each wait hears its own key, and a lost connection wakes every wait so
// it reads again rather than sleeping out its interval. A notice that tells the order as it was
// settled hands it to the wait; one that names the flow alone, or cannot be read, only wakes it.
import { EventEmitter } from "node:events";
import type { Client } from "pg";
import { describe, expect, it } from "vitest";
import { listeningNotices, noNotices, readNotice, type SettledOrder } from "../../app/server/db/notices.server";

class StandInConnection extends EventEmitter {
  queries: string[] = [];
  ended = false;
  async query(text: string) {
    this.queries.push(text);
    return { rows: [] };
  }
  async end() {
    this.ended = true;
  }
  tell(payload: string) {
    this.emit("notification", { channel: "order_settled", payload, processId: 1 });
  }
}

function notices() {
  const connections: StandInConnection[] = [];
  const lost: unknown[] = [];
  const made = listeningNotices(
    async () => {
      const connection = new StandInConnection();
      connections.push(connection);
      return connection as unknown as Client;
    },
    (error) => lost.push(error),
  );
  return { made, connections, lost };
}

describe("notices", () => {
  it("listens once, on one connection, and wakes only the waits for the key told", async () => {
    const { made, connections } = notices();
    const a = await made.listen("a");
    const b = await made.listen("b");
    expect(connections).toHaveLength(1);
    expect(connections[0]!.queries).toEqual(["listen order_settled"]);
    const heardA = a.next(5_000);
    connections[0]!.tell("a");
    expect(await heardA).toBe(true);
    expect(await b.next(20)).toBe(false);
    a.stop();
    b.stop();
  });

  it("keeps a notice told between two waits for the next one", async () => {
    const { made, connections } = notices();
    const a = await made.listen("a");
    connections[0]!.tell("a");
    expect(await a.next(1)).toBe(true);
    expect(await a.next(1)).toBe(false);
  });

  it("wakes every wait when the connection is lost, and listens on a new one at the next listen", async () => {
    const { made, connections, lost } = notices();
    const a = await made.listen("a");
    const heard = a.next(5_000);
    connections[0]!.emit("error", new Error("terminated"));
    expect(await heard).toBe(true);
    expect(lost).toHaveLength(1);
    expect(connections[0]!.ended).toBe(true);
    await made.listen("b");
    expect(connections).toHaveLength(2);
    await made.close();
    expect(connections[1]!.ended).toBe(true);
  });

  it("without a connection, a wait is its interval, and the failure is said", async () => {
    const lost: unknown[] = [];
    const made = listeningNotices(
      async () => Promise.reject(new Error("refused")),
      (error) => lost.push(error),
    );
    const a = await made.listen("a");
    expect(await a.next(10)).toBe(false);
    expect(lost).toHaveLength(1);
    expect(noNotices.told).toBe(false);
    expect(await (await noNotices.listen("a")).next(10)).toBe(false);
  });

  it("listens from the start when opened, before anyone waits", async () => {
    const { made, connections } = notices();
    await made.open();
    expect(connections).toHaveLength(1);
    expect(connections[0]!.queries).toEqual(["listen order_settled"]);
    await made.listen("a");
    expect(connections).toHaveLength(1);
  });

  it("wakes at once a wait whose caller read before a notice of its key, and not for one told before it read", async () => {
    const { made, connections } = notices();
    await made.open();
    connections[0]!.tell("a");
    const readAfterA = performance.now();
    const readBeforeB = performance.now();
    connections[0]!.tell("b");
    const a = await made.listen("a", readAfterA);
    const b = await made.listen("b", readBeforeB);
    const c = await made.listen("c", readBeforeB);
    expect(await a.next(20)).toBe(false);
    expect(await b.next(5_000)).toBe(true);
    expect(await c.next(20)).toBe(false);
  });

  it("wakes at once a wait whose caller read before the connection listened (what was told meanwhile is unknown)", async () => {
    const { made } = notices();
    const readBefore = performance.now();
    const a = await made.listen("a", readBefore);
    expect(await a.next(5_000)).toBe(true);
    const readAfter = performance.now();
    const b = await made.listen("b", readAfter);
    expect(await b.next(20)).toBe(false);
  });

  it("keeps what was told for a bounded number of keys, the newest", async () => {
    const { made, connections } = notices();
    await made.open();
    const before = performance.now();
    for (let i = 0; i < 10_001; i++) connections[0]!.tell(`k${i}`);
    // The first key told has been let go (10,000 kept at most); the last is still known.
    expect(await (await made.listen("k0", before)).next(20)).toBe(false);
    expect(await (await made.listen("k10000", before)).next(5_000)).toBe(true);
  });

  it("hands the wait the order as the notice told it, and nothing after a wait that heard none", async () => {
    const { made, connections } = notices();
    const a = await made.listen("a");
    const heard = a.next(5_000);
    connections[0]!.tell(JSON.stringify({ flow: "a", order: authorised }));
    expect(await heard).toBe(true);
    expect(a.told).toEqual(authorised);
    expect(await a.next(10)).toBe(false);
    expect(a.told).toBeUndefined();
    // A notice that names the flow alone (too long to tell, or the trigger before it told more).
    connections[0]!.tell(JSON.stringify({ flow: "a" }));
    expect(await a.next(1)).toBe(true);
    expect(a.told).toBeUndefined();
    connections[0]!.tell("a");
    expect(await a.next(1)).toBe(true);
    expect(a.told).toBeUndefined();
  });

  it("wakes with nothing told when the connection is lost after a notice that told the order", async () => {
    const { made, connections } = notices();
    const a = await made.listen("a");
    connections[0]!.tell(JSON.stringify({ flow: "a", order: authorised }));
    connections[0]!.emit("error", new Error("terminated"));
    expect(await a.next(1)).toBe(true);
    expect(a.told).toBeUndefined();
  });
});

const authorised: SettledOrder = {
  status: "authorised",
  attemptKey: "attempt-one",
  gateway: "sandbox",
  paymentReference: "sandbox_pi_1",
  redirectUrl: "/thank-you",
  redirectType: "other",
  failureMessage: null,
};

describe("a notice's payload", () => {
  it("names the flow and tells its order, the trigger's nulls kept", () => {
    expect(readNotice(JSON.stringify({ flow: "f", order: authorised }))).toEqual({ key: "f", told: authorised });
    const declined = {
      ...authorised,
      status: "declined",
      redirectUrl: null,
      redirectType: null,
      failureMessage: "Your card was declined.",
    };
    expect(readNotice(JSON.stringify({ flow: "f", order: declined }))).toEqual({ key: "f", told: declined });
  });

  it("names the flow alone when the order is not told, and a plain uuid as before", () => {
    expect(readNotice(JSON.stringify({ flow: "f" }))).toEqual({ key: "f" });
    expect(readNotice("0b7e0a53-6f1c-4a4e-9d8e-1c2b3a4d5e6f")).toEqual({ key: "0b7e0a53-6f1c-4a4e-9d8e-1c2b3a4d5e6f" });
  });

  it("tells nothing it cannot read: an order in a state it does not know, or a field of the wrong kind, names its flow alone", () => {
    for (const order of [
      { ...authorised, status: "processing" },
      { ...authorised, status: "refunded" },
      { ...authorised, gateway: 1 },
      "authorised",
    ]) {
      expect(readNotice(JSON.stringify({ flow: "f", order })), JSON.stringify(order)).toEqual({ key: "f" });
    }
    // No flow to name: the payload is its own key, which no wait listens for.
    for (const payload of ["{not json", JSON.stringify({ flow: 7 })]) expect(readNotice(payload)).toEqual({ key: payload });
  });
});
