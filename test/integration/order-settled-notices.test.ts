// What the database tells every instance when an order is settled (migrations 0019 and 0022,
// app/server/db/notices.server.ts): on PostgreSQL a waiting second press hears it at once, with
// the order as it was settled; on
// the embedded engine (one process) nobody listens, the trigger costs nothing, and a wait is
// its interval.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, database, databaseEngine, databaseNotices } from "../../app/server/db/client.server";
import { orders, type OrderStatus } from "../../app/server/db/schema.server";
import { resetDatabase } from "../support/route-harness";

beforeEach(resetDatabase);
afterAll(closeDatabase);

async function anOrder(): Promise<string> {
  const responderUuid = randomUUID();
  await (await database()).insert(orders).values({ responderUuid, body: {}, amountCents: 39900, gateway: "sandbox", status: "processing" });
  return responderUuid;
}

async function settle(responderUuid: string, status: OrderStatus) {
  await (await database()).update(orders).set({ status }).where(eq(orders.responderUuid, responderUuid));
}

describe("an order settled, told to every instance", () => {
  it("on PostgreSQL, wakes the wait for that flow alone, as soon as the change commits", async () => {
    if ((await databaseEngine()) !== "postgresql") return;
    const notices = await databaseNotices();
    expect(notices.told).toBe(true);
    const [hers, another] = [await anOrder(), await anOrder()];
    const herWait = await notices.listen(hers);
    const otherWait = await notices.listen(another);
    const started = Date.now();
    const heard = herWait.next(10_000);
    await settle(hers, "authorised");
    expect(await heard).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    // Nothing said of the other flow; and "processing" again is no news.
    expect(await otherWait.next(300)).toBe(false);
    await settle(another, "processing");
    expect(await otherWait.next(300)).toBe(false);
    herWait.stop();
    otherWait.stop();
  });

  it("on PostgreSQL, tells the order as it was settled, and the flow alone when that would not fit", async () => {
    if ((await databaseEngine()) !== "postgresql") return;
    const notices = await databaseNotices();
    const db = await database();
    const hers = await anOrder();
    const wait = await notices.listen(hers);
    const heard = wait.next(10_000);
    await db
      .update(orders)
      .set({
        status: "authorised",
        attemptKey: "attempt-one",
        paymentReference: "sandbox_pi_1",
        redirectUrl: "https://book.example.org/x",
        redirectType: "appointment",
      })
      .where(eq(orders.responderUuid, hers));
    expect(await heard).toBe(true);
    expect(wait.told).toEqual({
      status: "authorised",
      attemptKey: "attempt-one",
      gateway: "sandbox",
      paymentReference: "sandbox_pi_1",
      redirectUrl: "https://book.example.org/x",
      redirectType: "appointment",
      failureMessage: null,
    });
    wait.stop();

    // A failure message too long for a notice: the flow alone is told, and the update goes through.
    const another = await anOrder();
    const anotherWait = await notices.listen(another);
    const heardAnother = anotherWait.next(10_000);
    await db
      .update(orders)
      .set({ status: "failed", failureMessage: "x".repeat(8_000) })
      .where(eq(orders.responderUuid, another));
    expect(await heardAnother).toBe(true);
    expect(anotherWait.told).toBeUndefined();
    anotherWait.stop();
  });

  it("keeps a notice that came between two reads for the next wait", async () => {
    if ((await databaseEngine()) !== "postgresql") return;
    const notices = await databaseNotices();
    const hers = await anOrder();
    const wait = await notices.listen(hers);
    await settle(hers, "declined");
    // Heard while nobody waited (the caller was reading): the next wait returns at once.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await wait.next(1)).toBe(true);
    expect(await wait.next(1)).toBe(false);
    wait.stop();
  });

  it("on the embedded engine, tells nobody: the update goes through and a wait is its interval", async () => {
    const hers = await anOrder();
    await settle(hers, "authorised");
    const [order] = await (await database()).select().from(orders).where(eq(orders.responderUuid, hers));
    expect(order!.status).toBe("authorised");
    if ((await databaseEngine()) !== "pglite") return;
    const notices = await databaseNotices();
    expect(notices.told).toBe(false);
    const wait = await notices.listen(hers);
    const started = Date.now();
    expect(await wait.next(100)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });
});
