// The embedded engine's old log (its WAL) after her erasure: the segments that held her
// erased values are deleted, not recycled, so neither the data folder nor a backup taken after
// holds them. PGlite in a folder of its own whatever engine the suite runs on, so the
// PostgreSQL pass leaves it out (vitest.config.ts); her erasure on either engine: vacuum.test.ts.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { oldLogForgotten } from "../../app/server/db/vacuum.server";

describe("the embedded engine's old log after an erasure", () => {
  it(
    "holds her erased values no more, in the folder or in a backup: its segments are deleted, not recycled",
    { timeout: 60_000 },
    async () => {
      const folder = mkdtempSync(path.join(tmpdir(), "funnel-old-log-"));
      const client = new PGlite(folder);
      try {
        await client.exec("create table her (id int primary key, email text); create index on her (email)");
        for (let id = 0; id < 200; id++)
          await client.query("insert into her values ($1, $2)", [id, id === 7 ? "jane.erased@example.org" : `other${id}@example.com`]);
        await client.exec("update her set email = null where id = 7");
        await client.exec("vacuum (index_cleanup on) her");
        const held = async () => ({
          backup: Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()).includes("jane.erased"),
          folder: filesUnder(folder).some((file) => readFileSync(file).includes("jane.erased")),
        });
        // Vacuumed, her value is still in the log.
        expect(await held()).toEqual({ backup: true, folder: true });
        for (const statement of oldLogForgotten) await client.query(statement);
        expect(await held()).toEqual({ backup: false, folder: false });
      } finally {
        await client.close();
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
