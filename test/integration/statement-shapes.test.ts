// Composed statements named by their text (app/server/db/prepared.server.ts executeByShape):
// each call answers with its own values, shapes never mix, and a transaction runs them unnamed.
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { database } from "../../app/server/db/client.server";
import { executeByShape, nameStatementsOn } from "../../app/server/db/prepared.server";

it("answers each call of a shape with its own values, and each shape with its own text", async () => {
  const db = await database();
  nameStatementsOn(db);
  const doubled = (n: number) => executeByShape(db, sql`select ${n}::int * 2 as n`);
  const tripled = (n: number) => executeByShape(db, sql`select ${n}::int * 3 as n`);
  // More calls than connections, at once: every connection prepares the shape, then reuses it.
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? doubled(i) : tripled(i))));
  expect(answers.map(({ rows }) => (rows[0] as { n: number }).n)).toEqual(Array.from({ length: 12 }, (_, i) => (i % 2 ? i * 2 : i * 3)));
  expect((await doubled(50)).rows).toEqual([{ n: 100 }]);
  const inTransaction = await db.transaction((tx) => executeByShape(tx, sql`select ${7}::int * 2 as n`));
  expect(inTransaction.rows).toEqual([{ n: 14 }]);
});
