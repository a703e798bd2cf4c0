// Drizzle asks of every part of a query what it is. Patched (patches/drizzle-orm), a class's
// kinds are found once, not walked up at each question: the answers are the same, for the
// classes themselves, for the classes they extend, and for what is none of them.
import { Column, is, SQL, sql, Table } from "drizzle-orm";
import { PgColumn, PgTable, PgText, pgTable, text } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";

const notes = pgTable("notes", { body: text("body") });

describe("what a part of a query is", () => {
  it("answers as Drizzle does, whatever is asked first", () => {
    for (let round = 0; round < 2; round++) {
      expect(is(notes.body, PgText)).toBe(true);
      expect(is(notes.body, PgColumn)).toBe(true);
      expect(is(notes.body, Column)).toBe(true);
      expect(is(notes.body, SQL)).toBe(false);
      expect(is(notes.body, Table)).toBe(false);
      expect(is(notes, PgTable)).toBe(true);
      expect(is(notes, Table)).toBe(true);
      expect(is(notes, Column)).toBe(false);
      expect(is(sql`select 1`, SQL)).toBe(true);
      expect(is(sql`select 1`, Column)).toBe(false);
      expect(is({}, SQL)).toBe(false);
      expect(is(null, SQL)).toBe(false);
    }
  });

  it("knows a copy of a class by its kind, as from another copy of Drizzle", () => {
    // A class of the same kind that does not extend SQL: Drizzle takes it for one all the same.
    class ElsewhereSQL {}
    Object.defineProperty(ElsewhereSQL, Symbol.for("drizzle:entityKind"), { value: "SQL" });
    class Extended extends ElsewhereSQL {}
    expect(is(new ElsewhereSQL(), SQL)).toBe(true);
    expect(is(new Extended(), SQL)).toBe(true);
    expect(is(new Extended(), Column)).toBe(false);
  });
});
