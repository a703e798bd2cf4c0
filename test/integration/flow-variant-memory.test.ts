// A flow's variant never changes once kept, so the process remembers it: the second page of
// her flow does not read it again, and another flow's is its own. The checkout's one read of
// her flow brings its variant too, so a press on an instance new to her flow asks no more.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { database } from "../../app/server/db/client.server";
import { funnelRecords } from "../../app/server/db/schema.server";
import { readCheckout } from "../../app/server/checkout/checkout-read.server";
import { readSelectionPage } from "../../app/server/checkout/selection-page-read.server";
import { flowVariant } from "../../app/server/db/stores/flow-variants.server";
import { resetDatabase } from "../support/route-harness";

beforeEach(resetDatabase);

describe("a flow's variant", () => {
  it("is kept at its first asking, then remembered without reading it again", async () => {
    const hers = randomUUID();
    expect(await flowVariant(hers, "classic")).toBe("classic");
    // Her visitor cookie says otherwise later: the flow keeps its own.
    expect(await flowVariant(hers, "current")).toBe("classic");
    const db = await database();
    expect((await db.select().from(funnelRecords).where(eq(funnelRecords.responderUuid, hers))).map((row) => row.variant)).toEqual([
      "classic",
    ]);
    // Gone from the database, still answered: it was not read again.
    await db.delete(funnelRecords).where(eq(funnelRecords.responderUuid, hers));
    expect(await flowVariant(hers, "current")).toBe("classic");

    const another = randomUUID();
    expect(await flowVariant(another, "current")).toBe("current");
  });

  it("is known from the checkout's read of her flow, without a read of its own", async () => {
    const db = await database();
    const hers = randomUUID();
    await db.insert(funnelRecords).values({ responderUuid: hers, variant: "classic" });
    await readCheckout(hers);
    // Gone from the database after the checkout's read: still "classic", so it was not read again.
    await db.delete(funnelRecords).where(eq(funnelRecords.responderUuid, hers));
    expect(await flowVariant(hers, "current")).toBe("classic");
  });

  it("is known from the selection page's read of her flow, without a read of its own", async () => {
    const db = await database();
    const hers = randomUUID();
    await db.insert(funnelRecords).values({ responderUuid: hers, variant: "classic" });
    await readSelectionPage(hers);
    await db.delete(funnelRecords).where(eq(funnelRecords.responderUuid, hers));
    expect(await flowVariant(hers, "current")).toBe("classic");
  });

  it("is still kept at its first asking when the checkout's read found none", async () => {
    const db = await database();
    const hers = randomUUID();
    await readCheckout(hers);
    expect(await flowVariant(hers, "classic")).toBe("classic");
    expect((await db.select().from(funnelRecords).where(eq(funnelRecords.responderUuid, hers))).map((row) => row.variant)).toEqual([
      "classic",
    ]);
  });
});
