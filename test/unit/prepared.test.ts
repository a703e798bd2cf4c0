// Statements built once per database (app/server/db/prepared.server.ts): the same statement
// for every request on one database, a new one on another, and a name only where each
// connection keeps its own (PostgreSQL), never on the embedded engine's shared session.
import { describe, expect, it } from "vitest";
import { nameStatementsOn, prepared, statementName } from "../../app/server/db/prepared.server";

describe("prepared statements", () => {
  it("builds a statement once per database and per build", () => {
    const builds: object[] = [];
    const byFlow = (db: object) => {
      builds.push(db);
      return { db, text: "by flow" };
    };
    const byId = (db: object) => ({ db, text: "by id" });
    const one = {};
    const other = {};
    const first = prepared(one, byFlow);
    expect(prepared(one, byFlow)).toBe(first);
    expect(prepared(one, byId)).not.toBe(first);
    expect(prepared(other, byFlow)).not.toBe(first);
    expect(builds).toEqual([one, other]);
  });

  it("names a statement only on a database whose connections keep their own", () => {
    const postgres = {};
    const embedded = {};
    nameStatementsOn(postgres);
    expect(statementName(postgres, "order_of_flow")).toBe("order_of_flow");
    expect(statementName(embedded, "order_of_flow")).toBe("");
  });
});
