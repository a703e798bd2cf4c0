// A statement's wait for a database connection is bounded: the pool's "timeout exceeded"
// is told apart from any other failure, however Drizzle wraps it, so the page can answer busy.
import { describe, expect, it } from "vitest";
import { isDatabaseBusy } from "../../app/server/db/connection-wait.server";

const waited = () => new Error("timeout exceeded when trying to connect");

describe("a database too busy to give a connection", () => {
  it("is the pool's wait running out, found as the error or as what caused it", () => {
    expect(isDatabaseBusy(waited())).toBe(true);
    expect(isDatabaseBusy(new Error("Failed query: select 1", { cause: waited() }))).toBe(true);
    expect(isDatabaseBusy(new Error("outer", { cause: new Error("Failed query", { cause: waited() }) }))).toBe(true);
    // Waiting for a new connection to open rather than a busy one to come back.
    expect(isDatabaseBusy(new Error("Failed query", { cause: new Error("Connection terminated due to connection timeout") }))).toBe(true);
  });

  it("is not any other failure, nor something that only says the same", () => {
    expect(isDatabaseBusy(new Error("duplicate key value violates unique constraint"))).toBe(false);
    expect(isDatabaseBusy(new Error("Failed query", { cause: new Error("Connection terminated unexpectedly") }))).toBe(false);
    expect(isDatabaseBusy("timeout exceeded when trying to connect")).toBe(false);
    expect(isDatabaseBusy({ message: "timeout exceeded when trying to connect" })).toBe(false);
    expect(isDatabaseBusy(undefined)).toBe(false);
  });

  it("stops after a few causes, however long the chain", () => {
    let error = waited();
    for (let i = 0; i < 10; i++) error = new Error(`wrap ${i}`, { cause: error });
    expect(isDatabaseBusy(error)).toBe(false);
  });
});
