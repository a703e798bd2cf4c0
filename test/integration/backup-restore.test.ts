// Backups of the embedded database and their restore (npm run backup / restore), on PGlite in
// folders of their own whatever engine the suite runs on: a backup taken through the admin
// socket while orders are being written holds every order committed before it began, and a
// transaction still open is not in it; a restore refuses while a server holds the folder,
// moves the folder in place aside, and gives a database that opens and migrates. Without a
// server the command opens the folder itself; PostgreSQL gets its own tools' commands.
import { randomUUID } from "node:crypto";
import { chmodSync, cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminSocketPath } from "../../app/server/admin/admin-protocol.server";
import { FolderHeld, holdDataFolder, openAdminSocket, type AdminSocket } from "../../app/server/admin/admin-socket.server";
import { backup, restore } from "../../app/server/admin/backup.server";
import { serverHandler } from "../../app/server/admin/server-admin.server";
import * as schema from "../../app/server/db/schema.server";

const migrationsFolder = path.resolve("app/server/db/migrations");

let folders: string[] = [];
let running: { client: PGlite; socket: AdminSocket }[] = [];

function aDataDir(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "funnel-backup-"));
  folders.push(folder);
  return folder;
}

beforeEach(() => {
  folders = [];
  running = [];
});

afterEach(async () => {
  for (const { client, socket } of running) {
    await socket.close();
    if (!client.closed) await client.close();
  }
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

// A database folder made and migrated once for the file: a test's new database is a copy of
// it, a tenth of the cost of an initdb and the migrations of its own.
let migratedFolder: string;
beforeAll(async () => {
  migratedFolder = mkdtempSync(path.join(tmpdir(), "funnel-backup-"));
  const { client } = await openMigrated(migratedFolder);
  await client.close();
}, 120_000);
afterAll(() => rmSync(migratedFolder, { recursive: true, force: true }));

/** The embedded database of `dataDir` (a copy of the file's first when it has none yet), migrated, in this process. */
async function openMigrated(dataDir: string) {
  const folder = path.join(dataDir, "pglite");
  if (dataDir !== migratedFolder && !existsSync(folder)) cpSync(path.join(migratedFolder, "pglite"), folder, { recursive: true });
  const client = new PGlite(folder);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { client, db };
}

/** A server as far as the folder goes: its database open, and its admin socket answering. */
async function aRunningServer(dataDir: string) {
  const { client, db } = await openMigrated(dataDir);
  const socket = await openAdminSocket(
    adminSocketPath(dataDir)!,
    serverHandler(async () => client),
  );
  running.push({ client, socket });
  return { client, db, socket };
}

function anOrder(responderUuid: string) {
  return { responderUuid, body: { test: true }, amountCents: 12_900, gateway: "sandbox" as const };
}

async function ordersIn(dataDir: string): Promise<string[]> {
  const { client, db } = await openMigrated(dataDir);
  try {
    return (await db.select({ responderUuid: schema.orders.responderUuid }).from(schema.orders)).map((row) => row.responderUuid);
  } finally {
    await client.close();
  }
}

const settingsOf = (dataDir: string) => ({ dataDir });

/** Every entry under `folder` (itself included), with its permission bits. */
function modesUnder(folder: string): { entry: string; mode: number; kind: "folder" | "file" }[] {
  const stats = lstatSync(folder);
  const self = { entry: folder, mode: stats.mode & 0o777, kind: stats.isDirectory() ? "folder" : "file" } as const;
  return stats.isDirectory() ? [self, ...readdirSync(folder).flatMap((name) => modesUnder(path.join(folder, name)))] : [self];
}

/** What in `folder` anyone but its user may read, enter or change: nothing, when empty. */
function openToOthers(folder: string): string[] {
  return modesUnder(folder)
    .filter(({ mode, kind }) => (mode & 0o077) !== 0 || (kind === "folder" && mode !== 0o700))
    .map(({ entry, mode }) => `${path.relative(folder, entry) || "."} ${mode.toString(8)}`);
}

describe("a backup through the running server", () => {
  it("holds every order committed before it began, written while orders keep coming", { timeout: 120_000 }, async () => {
    const source = aDataDir();
    const { db } = await aRunningServer(source);
    const committed: string[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const responderUuid = randomUUID();
        await db.insert(schema.orders).values(anOrder(responderUuid));
        committed.push(responderUuid);
        // The embedded engine answers without waiting for I/O: a turn for the socket, as
        // requests arriving one by one give the server.
        await new Promise(setImmediate);
      }
    })();
    while (committed.length < 30) await new Promise((resolve) => setTimeout(resolve, 5));

    const file = path.join(aDataDir(), "funnel.backup");
    const before = [...committed];
    const report = await backup(file, settingsOf(source));
    const after = [...committed];
    writing = false;
    await writer;

    expect(report.exitCode).toBe(0);
    expect(report.lines[0]).toBe(
      `Backed up the running server's database (${path.join(source, "pglite")}) to ${file}: ${(statSync(file).size / 1_048_576).toFixed(1)} MB.`,
    );
    expect(existsSync(`${file}.partial`)).toBe(false);
    // Orders kept coming while the backup was made.
    expect(after.length).toBeGreaterThan(before.length);

    const target = aDataDir();
    const restored = await restore(file, settingsOf(target));
    expect(restored.exitCode).toBe(0);
    const orders = await ordersIn(target);
    expect(orders).toEqual(expect.arrayContaining(before));
    // Nothing but whole orders of ours: those committed before the backup, and some written while it was made.
    expect(committed).toEqual(expect.arrayContaining(orders));
  });

  it(
    "leaves out a transaction still open when it is made: rolled back on restore, as after a power cut",
    { timeout: 120_000 },
    async () => {
      const source = aDataDir();
      const { db } = await aRunningServer(source);
      const kept = randomUUID();
      await db.insert(schema.orders).values(anOrder(kept));
      const unfinished = randomUUID();
      let release!: () => void;
      let written!: () => void;
      const insertWritten = new Promise<void>((resolve) => (written = resolve));
      const transaction = db.transaction(async (tx) => {
        await tx.insert(schema.orders).values(anOrder(unfinished));
        written();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await insertWritten;

      const file = path.join(aDataDir(), "mid-transaction.backup");
      expect((await backup(file, settingsOf(source))).exitCode).toBe(0);
      release();
      await transaction;

      const target = aDataDir();
      expect((await restore(file, settingsOf(target))).exitCode).toBe(0);
      expect(await ordersIn(target)).toEqual([kept]);
    },
  );

  it("never writes over a file", async () => {
    const source = aDataDir();
    await aRunningServer(source);
    const file = path.join(aDataDir(), "taken.backup");
    writeFileSync(file, "an earlier backup");
    expect(await backup(file, settingsOf(source))).toEqual({
      exitCode: 1,
      lines: [`${file} exists already: a backup never writes over a file. Give another name.`],
    });
  });
});

describe("a restore", () => {
  it("refuses while a server answers on the folder, and changes nothing", { timeout: 60_000 }, async () => {
    const source = aDataDir();
    const { db } = await aRunningServer(source);
    await db.insert(schema.orders).values(anOrder(randomUUID()));
    const file = path.join(aDataDir(), "funnel.backup");
    expect((await backup(file, settingsOf(source))).exitCode).toBe(0);

    expect(await restore(file, settingsOf(source))).toEqual({
      exitCode: 1,
      lines: ["A server is running on this data folder. Stop the server first, then restore."],
    });
    expect(readdirSync(source).sort()).toEqual(["admin.sock", "pglite"]);
  });

  it("moves the database in place aside, and refuses a file that is no backup", { timeout: 120_000 }, async () => {
    const source = aDataDir();
    const { db } = await aRunningServer(source);
    const first = randomUUID();
    await db.insert(schema.orders).values(anOrder(first));
    const file = path.join(aDataDir(), "funnel.backup");
    expect((await backup(file, settingsOf(source))).exitCode).toBe(0);

    const target = aDataDir();
    const restored = await restore(file, settingsOf(target));
    expect(restored.lines).toHaveLength(2);
    expect(restored.lines[0]).toMatch(new RegExp(`^Restored ${file} into ${path.join(target, "pglite")}: it opens, with \\d+ tables\\.$`));
    const now = new Date("2030-05-06T07:08:09.123Z");
    const again = await restore(file, settingsOf(target), now);
    expect(again.lines[0]).toBe(`Moved the database that was there to ${path.join(target, "pglite")}.before-restore-2030-05-06T07-08-09Z.`);
    expect(readdirSync(target).sort()).toEqual(["pglite", "pglite.before-restore-2030-05-06T07-08-09Z"]);
    expect(await ordersIn(target)).toEqual([first]);

    const notABackup = path.join(aDataDir(), "notes.txt");
    writeFileSync(notABackup, "not a backup");
    expect(await restore(notABackup, settingsOf(target))).toEqual({
      exitCode: 1,
      lines: [`${notABackup} is not a backup made by npm run backup (a gzipped tar of the database folder).`],
    });
  });
});

describe("without a server, and with PostgreSQL", () => {
  it("opens the folder itself when no server runs, holding it meanwhile", { timeout: 120_000 }, async () => {
    const source = aDataDir();
    const { client, db } = await openMigrated(source);
    const order = randomUUID();
    await db.insert(schema.orders).values(anOrder(order));
    await client.close();

    const file = path.join(aDataDir(), "direct.backup");
    const report = await backup(file, settingsOf(source));
    expect(report.lines[0]).toMatch(/^No server was running: opened .+ directly and backed it up to .+: [\d.]+ MB\.$/);
    // Held only while it ran: a server may start now.
    expect(existsSync(path.join(source, "admin.sock"))).toBe(false);
    const target = aDataDir();
    expect((await restore(file, settingsOf(target))).exitCode).toBe(0);
    expect(await ordersIn(target)).toEqual([order]);
  });

  it("leaves the folders it opens and restores, and the backup, to their user alone", { timeout: 120_000 }, async () => {
    const maskBefore = process.umask(0o022);
    try {
      const source = aDataDir();
      const { client, db } = await openMigrated(source);
      const order = randomUUID();
      await db.insert(schema.orders).values(anOrder(order));
      await client.close();
      // As a copy, or an older version, left it: open to everyone.
      for (const { entry, kind } of modesUnder(source)) chmodSync(entry, kind === "folder" ? 0o755 : 0o644);

      const file = path.join(aDataDir(), "direct.backup");
      expect((await backup(file, settingsOf(source))).exitCode).toBe(0);
      expect(openToOthers(source)).toEqual([]);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const target = aDataDir();
      chmodSync(target, 0o755);
      writeFileSync(path.join(target, "session-secret"), "a-secret-left-open", { mode: 0o644 });
      expect((await restore(file, settingsOf(target))).exitCode).toBe(0);
      expect((await restore(file, settingsOf(target))).exitCode).toBe(0);
      expect(readdirSync(target).filter((name) => name.startsWith("pglite"))).toHaveLength(2);
      // A backup's files come out of their archive 0666: none is left so, nor the folder it replaced.
      expect(openToOthers(target)).toEqual([]);
      expect(await ordersIn(target)).toEqual([order]);
    } finally {
      process.umask(maskBefore);
    }
  });

  it("keeps a server from starting on a folder a command holds, and a command from opening a server's", async () => {
    const dataDir = aDataDir();
    const socketPath = adminSocketPath(dataDir)!;
    const held = await holdDataFolder(socketPath);
    expect(statSync(socketPath).mode & 0o777).toBe(0o600);
    await expect(
      openAdminSocket(
        socketPath,
        serverHandler(async () => ({ dumpDataDir: async () => new Blob() })),
      ),
    ).rejects.toThrow(new FolderHeld({ holder: "command", pid: process.pid }).message);
    expect(await backup(path.join(dataDir, "x.backup"), settingsOf(dataDir))).toEqual({
      exitCode: 1,
      lines: ["No backup was made: A command (a backup, a restore or a staff command) has the database open: try again when it ends."],
    });
    await held.close();
    expect(existsSync(socketPath)).toBe(false);
  });

  it("answers only a known command on one bounded line", async () => {
    const dataDir = aDataDir();
    const socketPath = adminSocketPath(dataDir)!;
    const held = await holdDataFolder(socketPath);
    const ask = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.createConnection(socketPath, () => socket.write(text));
        let answer = "";
        socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
        socket.on("end", () => resolve(answer));
        socket.on("error", reject);
      });
    expect(JSON.parse(await ask('{"command":"drop-everything"}\n'))).toEqual({ ok: false, message: "Unknown command." });
    expect(JSON.parse(await ask("not json\n"))).toEqual({ ok: false, message: "The request is not JSON." });
    expect(JSON.parse(await ask(`{"command":"hello","extra":"${"x".repeat(5000)}"}\n`))).toEqual({
      ok: false,
      message: "The request is too long.",
    });
    expect(JSON.parse(await ask('{"command":"hello"}\n'))).toEqual({ ok: true, holder: "command", pid: process.pid });
    await held.close();
  });

  it("refuses with PostgreSQL and gives pg_dump's and pg_restore's commands", async () => {
    const settings = { dataDir: ".data", databaseUrl: "postgres://app@db.internal/funnel" };
    const lines = [
      '  pg_dump --format=custom --file=nightly.dump "$DATABASE_URL"',
      "and restores one with:",
      '  pg_restore --clean --if-exists --dbname="$DATABASE_URL" nightly.dump',
    ];
    expect(await backup("nightly.dump", settings)).toEqual({
      exitCode: 1,
      lines: ["DATABASE_URL is set: the database is PostgreSQL, which backs itself up with its own tools:", ...lines],
    });
    expect(await restore("nightly.dump", settings)).toEqual({
      exitCode: 1,
      lines: ["DATABASE_URL is set: the database is PostgreSQL, which restores with its own tools:", lines[2]],
    });
  });
});
