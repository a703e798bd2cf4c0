// Writes that go together, sent as one statement: a write that depends on the first happens
// only when the first wrote; values keep their columns' types (JSON, times); an error in any
// write undoes all of them, as a failed transaction would; a conflict skipped is no error,
// and what depends on the skipped row is skipped with it. On both engines.
import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { database } from "../../app/server/db/client.server";
import { outboxMessages } from "../../app/server/db/schema.server";
import { always, insertRowWhen, WritesAsOne } from "../../app/server/db/writes-as-one.server";
import { resetDatabase } from "../support/route-harness";

beforeEach(resetDatabase);

const at = new Date("2026-03-04T05:06:07.089Z");
const message = (key: string) => ({
  kind: "email",
  idempotencyKey: key,
  payload: { to: "her", lines: ["a", "b"], n: 2 },
  nextAttemptAt: at,
});

async function kept() {
  return (await database()).select().from(outboxMessages).orderBy(asc(outboxMessages.id));
}

/** The first write: marks `key` delivered, returning its id when there is such a message. */
async function markDelivered(writes: WritesAsOne, key: string) {
  return writes.add(
    (await database())
      .update(outboxMessages)
      .set({ status: "delivered" })
      .where(eq(outboxMessages.idempotencyKey, key))
      .returning({ id: outboxMessages.id }),
  );
}

describe("writes as one statement", () => {
  it("writes what depends on the first only when the first wrote", async () => {
    const writes = new WritesAsOne();
    const first = await markDelivered(writes, "none such");
    writes.add(insertRowWhen(outboxMessages, message("follows"), first.wrote));
    expect(await writes.run(await database())).toBe(false);
    expect(await kept()).toEqual([]);
  });

  it("writes them all when it did, each value as its column's type", async () => {
    await (await database()).insert(outboxMessages).values(message("first"));
    const writes = new WritesAsOne();
    const first = await markDelivered(writes, "first");
    writes.add(insertRowWhen(outboxMessages, message("follows"), first.wrote));
    expect(await writes.run(await database())).toBe(true);
    const rows = await kept();
    expect(rows.map((row) => [row.idempotencyKey, row.status])).toEqual([
      ["first", "delivered"],
      ["follows", "pending"],
    ]);
    expect(rows[1]).toMatchObject({ payload: { to: "her", lines: ["a", "b"], n: 2 }, nextAttemptAt: at, attempts: 0 });
  });

  it("undoes every write when one fails", async () => {
    await (await database()).insert(outboxMessages).values(message("first"));
    const writes = new WritesAsOne();
    const first = await markDelivered(writes, "first");
    // A message without its kind: refused by the table.
    writes.add(insertRowWhen(outboxMessages, { ...message("broken"), kind: sql`null` as unknown as string }, first.wrote));
    await expect(writes.run(await database())).rejects.toThrow();
    expect((await kept()).map((row) => [row.idempotencyKey, row.status])).toEqual([["first", "pending"]]);
  });

  it("skips a row whose key is taken, and what depends on it", async () => {
    await (await database()).insert(outboxMessages).values(message("taken"));
    const writes = new WritesAsOne();
    const taken = writes.add(
      insertRowWhen(outboxMessages, message("taken"), always, {
        skipOnConflict: outboxMessages.idempotencyKey,
        returning: outboxMessages.id,
      }),
    );
    writes.add(insertRowWhen(outboxMessages, message("after taken"), taken.wrote));
    writes.add(insertRowWhen(outboxMessages, message("regardless"), always));
    expect(await writes.run(await database())).toBe(false);
    expect((await kept()).map((row) => row.idempotencyKey)).toEqual(["taken", "regardless"]);
  });
});
