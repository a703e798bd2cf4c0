// The embedded engine on a thread of its own, as the server runs it on a data folder: the
// server's `pg` driver speaks to it over its socket; a transaction has the session to its end
// and everyone else waits for it in the order they asked, on one connection or several; each
// connection's queries are answered with its own rows; a named statement is prepared once on
// the session its connections share; a backup taken there is the folder; and what was committed is on disk when it closes. On PGlite in folders of its own
// whatever engine the suite runs on.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseBusy } from "../../app/server/db/connection-wait.server";
import { engineConnections, startEmbeddedEngine, type EmbeddedEngine } from "../../app/server/db/embedded-engine.server";

const folders: string[] = [];
const open: { engine: EmbeddedEngine; pool: pg.Pool }[] = [];
const settings = ["shared_buffers=32MB"];

// A folder as the engine's first start leaves it (its initdb, on its thread), made once: each
// test's new folder is a copy, a tenth of the cost of an initdb of its own.
let firstStart: string;
beforeAll(async () => {
  firstStart = mkdtempSync(path.join(tmpdir(), "funnel-engine-"));
  const engine = await startEmbeddedEngine(path.join(firstStart, "pglite"), settings, () => {});
  await engine.close();
}, 120_000);
afterAll(() => rmSync(firstStart, { recursive: true, force: true }));

/** A new folder holding a database as a first start makes it. */
function aFreshFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "funnel-engine-"));
  cpSync(path.join(firstStart, "pglite"), path.join(folder, "pglite"), { recursive: true });
  return folder;
}

async function started(folder = aFreshFolder(), connections = 1) {
  folders.push(folder);
  const lost: string[] = [];
  const engine = await startEmbeddedEngine(path.join(folder, "pglite"), settings, (reason) => lost.push(reason));
  const pool = new pg.Pool({ host: engine.socketDir, port: engine.port, user: "postgres", database: "postgres", max: connections });
  open.push({ engine, pool });
  return { folder, engine, pool, lost };
}

async function stop({ engine, pool }: { engine: EmbeddedEngine; pool: pg.Pool }) {
  await pool.end();
  await engine.close();
}

afterEach(async () => {
  for (const running of open.splice(0)) await stop(running).catch(() => {});
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("the embedded engine on its own thread", () => {
  it("serves the pg driver: parameters, types and errors as PostgreSQL gives them", async () => {
    const { pool } = await started();
    const { rows } = await pool.query("select $1::int + 1 as n, 'x'::text as t, now() as at", [41]);
    expect(rows[0].n).toBe(42);
    expect(rows[0].at).toBeInstanceOf(Date);
    await expect(pool.query("select * from no_such_table")).rejects.toMatchObject({ code: "42P01" });
    // The connection is still good after an error.
    expect((await pool.query("select 1 as one")).rows[0].one).toBe(1);
  });

  it("runs concurrent transactions one after the other on its one connection, none lost, in the order asked", async () => {
    const { pool } = await started();
    await pool.query("create table counter (n int not null)");
    await pool.query("insert into counter values (0)");
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const client = await pool.connect();
        try {
          await client.query("begin");
          const { rows } = await client.query("select n from counter");
          // Another request's statement between these two would lose an update.
          await new Promise((resolve) => setTimeout(resolve, 1));
          await client.query("update counter set n = $1", [rows[0].n + 1]);
          await client.query("commit");
          order.push(i);
        } finally {
          client.release();
        }
      }),
    );
    expect((await pool.query("select n from counter")).rows[0].n).toBe(20);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));

    // A connection dropped in the middle of a transaction leaves nothing of it behind.
    const dropped = await pool.connect();
    await dropped.query("begin");
    await dropped.query("update counter set n = 999");
    dropped.release(true);
    expect((await pool.query("select n from counter")).rows[0].n).toBe(20);
  });

  it("answers each of several connections' queries with its own rows, however their messages arrive", async () => {
    const { pool } = await started(undefined, engineConnections);
    // Each query is Parse, Bind, Describe, Execute and Sync: another connection's between two
    // of them would run the wrong statement or with the wrong parameters.
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        pool.query(i % 2 ? "select $1::int as n, $2::text as word" : "select $2::text as word, $1::int + 0 as n", [i, `w${i}`]),
      ),
    );
    expect(answers.map((answer) => [answer.rows[0].n, answer.rows[0].word])).toEqual(Array.from({ length: 200 }, (_, i) => [i, `w${i}`]));
    expect(pool.totalCount).toBe(engineConnections);
  });

  it("shares a named statement between its connections: each prepares it once, on the session they share", async () => {
    const { pool } = await started(undefined, engineConnections);
    const named = (i: number) => pool.query({ name: "word_of", text: "select $1::int as n, $2::text as word", values: [i, `w${i}`] });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => named(i)));
    expect(answers.map((answer) => [answer.rows[0].n, answer.rows[0].word])).toEqual(Array.from({ length: 100 }, (_, i) => [i, `w${i}`]));
    expect(pool.totalCount).toBe(engineConnections);
    // The session holds it once, whichever connections used it.
    const { rows } = await pool.query("select name, statement from pg_prepared_statements where name = 'word_of'");
    expect(rows).toEqual([{ name: "word_of", statement: "select $1::int as n, $2::text as word" }]);
    // A new connection (one replaced after an error, say) uses it as well.
    const fresh = new pg.Client({
      host: (pool.options as { host: string }).host,
      port: (pool.options as { port: number }).port,
      user: "postgres",
      database: "postgres",
    });
    await fresh.connect();
    try {
      expect((await fresh.query({ name: "word_of", text: "select $1::int as n, $2::text as word", values: [7, "seven"] })).rows).toEqual([
        { n: 7, word: "seven" },
      ]);
      // Another text under the name is refused, as PostgreSQL refuses it, and the name keeps its own.
      await expect(fresh.query({ name: "word_of_2", text: "select 1 as one" })).resolves.toBeTruthy();
      await expect(pool.query({ name: "word_of_2", text: "select 2 as two" })).rejects.toMatchObject({ code: "42P05" });
      expect((await named(3)).rows).toEqual([{ n: 3, word: "w3" }]);
    } finally {
      await fresh.end();
    }
  });

  it("bounds a query's wait for a connection: past it the pool gives up, and says it was busy", async () => {
    const { engine, pool: first } = await started();
    // A first connection to a folder the engine opened rather than made reads its catalogue
    // from disk, which may take longer than the bound below: made first, without that bound.
    await first.query("select 1");
    const pool = new pg.Pool({
      host: engine.socketDir,
      port: engine.port,
      user: "postgres",
      database: "postgres",
      max: 1,
      connectionTimeoutMillis: 100,
    });
    try {
      const held = await pool.connect();
      const waited = await pool.query("select 1").then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isDatabaseBusy(waited)).toBe(true);
      held.release();
      expect((await pool.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it("gives a transaction the session to its end, whichever connection asks in between", async () => {
    const { pool } = await started(undefined, engineConnections);
    await pool.query("create table counter (n int not null)");
    await pool.query("insert into counter values (0)");
    const reads: Promise<unknown>[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const client = await pool.connect();
        try {
          await client.query("begin");
          const { rows } = await client.query("select n from counter");
          // Other connections ask meanwhile: they wait for the commit, never see it half done.
          reads.push(pool.query("select n from counter"));
          await new Promise((resolve) => setTimeout(resolve, 1));
          await client.query("update counter set n = $1", [rows[0].n + 1]);
          await client.query("commit");
        } finally {
          client.release();
        }
      }),
    );
    expect((await pool.query("select n from counter")).rows[0].n).toBe(20);
    await Promise.all(reads);

    const dropped = await pool.connect();
    await dropped.query("begin");
    await dropped.query("update counter set n = 999");
    dropped.release(true);
    expect((await pool.query("select n from counter")).rows[0].n).toBe(20);
  });

  it("keeps what was committed when it closes, and a backup taken while it runs is the folder", async () => {
    const first = await started();
    await first.pool.query("create table orders (reference text primary key)");
    await first.pool.query("insert into orders values ('A-1'), ('A-2')");
    const dump = await first.engine.dumpDataDir();
    const bytes = new Uint8Array(await dump.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    await stop(open.pop()!);

    const restored = new PGlite({ loadDataDir: new Blob([bytes]) });
    expect((await restored.query<{ reference: string }>("select reference from orders order by 1")).rows.map((r) => r.reference)).toEqual([
      "A-1",
      "A-2",
    ]);
    await restored.close();

    const again = await started(first.folder);
    expect((await again.pool.query("select count(*)::int as n from orders")).rows[0].n).toBe(2);
    expect(again.lost).toEqual([]);
  });

  it("says so when it cannot start, and leaves no thread behind", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "funnel-engine-"));
    folders.push(folder);
    const file = path.join(folder, "not-a-folder");
    await import("node:fs").then((fs) => fs.writeFileSync(file, "x"));
    await expect(startEmbeddedEngine(file, [], () => {})).rejects.toThrow(/the embedded database did not start/);
  });
});
