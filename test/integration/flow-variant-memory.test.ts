// A flow's variant never changes once kept, so the process remembers it: the second page of
// her flow does not read it again, and another flow's is its own.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { database } from "../../app/server/db/client.server";
import { funnelRecords } from "../../app/server/db/schema.server";
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
    expect((await db.select().from(funnelRecords).where(eq(funnelRecords.responderUuid, hers))).map((row) => row.variant)).toEqual(["classic"]);
    // Gone from the database, still answered: it was not read again.
    await db.delete(funnelRecords).where(eq(funnelRecords.responderUuid, hers));
    expect(await flowVariant(hers, "current")).toBe("classic");

    const another = randomUUID();
    expect(await flowVariant(another, "current")).toBe("current");
  });
});
