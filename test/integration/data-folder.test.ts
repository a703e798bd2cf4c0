// The data folder is its user's alone: a server that starts on it (the admin socket, the
// embedded database, the secret files) leaves every folder in it 0700 and every file 0600,
// whether it made the folder or found it open to everyone (0755 folders, 0644 and 0666 files),
// with what the engine writes as it opens and runs (its catalogue cache, a new table's files,
// the WAL). On PGlite in a folder of its own whatever engine the suite runs on.
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { loadWithEnvironment, restoreEnvironmentAfterEach } from "../support/fresh-modules";

const folders: string[] = [];
const maskBefore = process.umask();

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
afterAll(() => {
  process.umask(maskBefore);
});

/** Every entry under `folder` (itself included) with its permission bits, as `ls -l` would tell. */
function modesUnder(folder: string): { entry: string; mode: number; kind: "folder" | "file" | "socket" }[] {
  const stats = lstatSync(folder);
  const kind = stats.isDirectory() ? "folder" : stats.isSocket() ? "socket" : "file";
  const self = { entry: folder, mode: stats.mode & 0o777, kind } as const;
  if (!stats.isDirectory()) return [self];
  return [self, ...readdirSync(folder).flatMap((name) => modesUnder(path.join(folder, name)))];
}

/** What anyone but the folder's user may do there: nothing, when the list is empty. */
function openToOthers(folder: string): string[] {
  return modesUnder(folder)
    .filter(({ mode, kind }) => (mode & 0o077) !== 0 || (kind === "folder" && mode !== 0o700))
    .map(({ entry, mode }) => `${path.relative(folder, entry) || "."} ${mode.toString(8)}`);
}

/** Every folder 0755, every file 0644 or 0666 in turn: a folder as an older version, or a copy, left it. */
function openToEveryone(folder: string): void {
  let turn = 0;
  for (const { entry, kind } of modesUnder(folder)) {
    if (kind === "socket") continue;
    chmodSync(entry, kind === "folder" ? 0o755 : turn++ % 2 === 0 ? 0o644 : 0o666);
  }
}

/** The server's start as entry.server.tsx runs it, on PGlite in `dataDir`, in modules loaded afresh. */
async function startServerOn(dataDir: string) {
  const modules = await loadWithEnvironment({ DATA_DIR: dataDir, DATABASE_URL: "", SESSION_SECRET: "", OWNER_PASSWORD: "" }, async () => ({
    admin: await import("../../app/server/admin/server-admin.server"),
    client: await import("../../app/server/db/client.server"),
    size: await import("../../app/server/db/database-size.server"),
    ownerPassword: await import("../../app/server/console/owner-password.server"),
    sessionSecret: await import("../../app/server/visitor/session-secret.server"),
  }));
  // The secrets first: their folder tightened after the engine opens would hide what the
  // engine's own start left.
  modules.sessionSecret.sessionSecret();
  modules.ownerPassword.ownerPassword();
  await modules.admin.startAdminSocket();
  const db = await modules.client.database();
  return {
    db,
    size: modules.size.databaseSize,
    async stop() {
      await modules.admin.stopAdminSocket();
      await modules.client.closeDatabase();
    },
  };
}

describe("the data folder", () => {
  restoreEnvironmentAfterEach();

  it(
    "is its user's alone after a start, made new or found open to everyone, with what the engine writes as it runs",
    { timeout: 180_000 },
    async () => {
      // A mask that lets others read what is made.
      process.umask(0o022);
      const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "funnel-data-")), "data");
      folders.push(path.dirname(dataDir));

      const first = await startServerOn(dataDir);
      await first.stop();
      expect(readdirSync(dataDir).sort()).toEqual(["owner-password", "pglite", "session-secret"]);
      expect(openToOthers(dataDir)).toEqual([]);

      openToEveryone(dataDir);
      expect(statSync(dataDir).mode & 0o777).toBe(0o755);
      expect(openToOthers(dataDir).length).toBeGreaterThan(900);

      const before = new Set(modesUnder(dataDir).map(({ entry }) => entry));
      const second = await startServerOn(dataDir);
      try {
        // Files the engine makes while it runs: a table's (its heap, its index, its free space
        // map), the next WAL segments, the catalogue's cache.
        await second.db.execute(sql`create table probe (id int primary key, note text)`);
        await second.db.execute(sql`insert into probe select n, repeat(md5(n::text), 20) from generate_series(1, 60000) n`);
        await second.db.execute(sql`vacuum probe`);
        await second.db.execute(sql`checkpoint`);
        expect(openToOthers(dataDir)).toEqual([]);
        const made = modesUnder(dataDir).filter(({ entry, kind }) => kind === "file" && !before.has(entry));
        // Some were made while it ran (the test would pass on nothing otherwise).
        expect(made.filter(({ entry }) => entry.includes(`${path.sep}pg_wal${path.sep}`)).length).toBeGreaterThan(0);
        expect(made.filter(({ entry }) => entry.endsWith("_fsm")).length).toBeGreaterThan(0);
        expect(made.filter(({ mode }) => mode !== 0o600)).toEqual([]);
        expect(lstatSync(path.join(dataDir, "admin.sock")).mode & 0o777).toBe(0o600);
        // The console's health part tells the folder's size: what fills the disk, the WAL with it.
        const onDisk = modesUnder(path.join(dataDir, "pglite"))
          .filter(({ kind }) => kind === "file")
          .reduce((sum, { entry }) => sum + statSync(entry).size, 0);
        expect(await second.size()).toEqual({ bytes: onDisk, of: "data-folder" });
        expect(onDisk).toBeGreaterThan(16 * 1_048_576);
      } finally {
        await second.stop();
      }
      expect(openToOthers(dataDir)).toEqual([]);
    },
  );
});
