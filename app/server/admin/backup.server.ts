// `npm run backup -- FILE` and `npm run restore -- FILE` for the embedded database (PGlite in
// DATA_DIR/pglite). A backup goes through the running server when one answers on the folder's
// admin socket (the folder is its alone), else the command holds the folder and opens it
// itself. A restore runs only with no server: the folder in place is moved aside, never
// deleted. With PostgreSQL both refuse and give PostgreSQL's own commands. Each says what it did.
import { createWriteStream, existsSync } from "node:fs";
import { open, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { keepDataFolderPrivate } from "../db/data-folder.server";
import { askAdmin, whoHolds } from "./admin-client.server";
import { adminSocketPath } from "./admin-protocol.server";
import { FolderHeld, holdDataFolder } from "./admin-socket.server";
import { backupOf } from "./server-admin.server";

/** Where the database is: the settings the server reads (DATA_DIR, DATABASE_URL). */
export interface DataSettings {
  dataDir: string;
  databaseUrl?: string;
}

/** What a command did: the lines it prints, and how it ends. */
export interface CommandReport {
  exitCode: number;
  lines: string[];
}

const refused = (...lines: string[]): CommandReport => ({ exitCode: 1, lines });

/** A file name as a shell would take it back. */
function shellWord(text: string): string {
  return /^[\w./@%+=:,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

export function postgresCommands(file: string): string[] {
  return [
    `  pg_dump --format=custom --file=${shellWord(file)} "$DATABASE_URL"`,
    "and restores one with:",
    `  pg_restore --clean --if-exists --dbname="$DATABASE_URL" ${shellWord(file)}`,
  ];
}

/** The reason this database cannot be backed up or restored here, or the folder's socket. */
function embeddedOnDisk(settings: DataSettings, file: string): { refusal: CommandReport } | { socketPath: string; folder: string } {
  if (settings.databaseUrl) {
    return {
      refusal: refused(
        "DATABASE_URL is set: the database is PostgreSQL, which backs itself up with its own tools:",
        ...postgresCommands(file),
      ),
    };
  }
  if (settings.dataDir === "memory://") {
    return {
      refusal: refused(
        "DATA_DIR is memory://: the database lives in the server's memory and ends with it. There is no folder to back up or restore.",
      ),
    };
  }
  const socketPath = adminSocketPath(settings.dataDir);
  if (!socketPath) {
    return {
      refusal: refused(
        `DATA_DIR (${settings.dataDir}) is too deep a path for the admin socket, so this command cannot tell whether a server holds it. Use a shorter DATA_DIR.`,
      ),
    };
  }
  return { socketPath, folder: path.resolve(settings.dataDir, "pglite") };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

const secretsLine =
  "The file holds the database alone. The secret that signs her links and seals two-step sign-ins is SESSION_SECRET, or DATA_DIR/session-secret: keep a copy of it apart and safe; a restored database needs the same one.";

/** Writes a file whole or not at all: FILE.partial first, flushed, then renamed. */
async function writeWhole(file: string, write: (partial: string) => Promise<void>): Promise<number> {
  const partial = `${file}.partial`;
  try {
    await write(partial);
    const handle = await open(partial, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return (await stat(file)).size;
}

/** Opens the folder in this process (nobody else holds it) for one dump; closed after. */
async function dumpFolderDirectly(folder: string): Promise<Blob> {
  const { PGlite } = await import("@electric-sql/pglite");
  const client = new PGlite(folder);
  try {
    await client.waitReady;
    return (await backupOf(client)).body!;
  } finally {
    await client.close();
  }
}

export async function backup(file: string, settings: DataSettings): Promise<CommandReport> {
  const where = embeddedOnDisk(settings, file);
  if ("refusal" in where) return where.refusal;
  if (existsSync(file)) return refused(`${file} exists already: a backup never writes over a file. Give another name.`);
  if (!existsSync(path.dirname(path.resolve(file)))) return refused(`The folder for ${file} does not exist.`);
  const lines: string[] = [];
  try {
    let viaServer = false;
    const size = await writeWhole(file, async (partial) => {
      const asked = await askAdmin(
        where.socketPath,
        { command: "backup" },
        { body: () => createWriteStream(partial, { mode: 0o600 }), idleMs: 15 * 60_000 },
      );
      if (asked.answered) {
        if (!asked.reply.ok) throw new Error(asked.reply.message);
        viaServer = true;
        return;
      }
      if (!existsSync(where.folder)) throw new Error(`There is no database in ${where.folder} yet: nothing to back up.`);
      // Opened here, as the server would open it: its user's alone, before and after.
      keepDataFolderPrivate(settings.dataDir);
      const hold = await holdDataFolder(where.socketPath);
      try {
        const dump = await dumpFolderDirectly(where.folder);
        keepDataFolderPrivate(settings.dataDir);
        await pipeline(
          Readable.fromWeb(dump.stream() as import("node:stream/web").ReadableStream),
          createWriteStream(partial, { mode: 0o600 }),
        );
      } finally {
        await hold.close();
      }
    });
    lines.push(
      viaServer
        ? `Backed up the running server's database (${where.folder}) to ${file}: ${megabytes(size)}.`
        : `No server was running: opened ${where.folder} directly and backed it up to ${file}: ${megabytes(size)}.`,
      secretsLine,
    );
    return { exitCode: 0, lines };
  } catch (error) {
    return refused(`No backup was made: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A gzipped tar (the backup's form) or a plain one: the first bytes tell. */
async function backupKind(file: string): Promise<"gzip" | "tar" | undefined> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await handle.read(head, 0, 512, 0);
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return "gzip";
    if (bytesRead >= 262 && head.subarray(257, 262).toString("latin1") === "ustar") return "tar";
    return undefined;
  } finally {
    await handle.close();
  }
}

/** Loads a backup into a new folder and checks that it opens: how many tables it has. */
async function loadInto(folder: string, file: string, kind: "gzip" | "tar"): Promise<number> {
  const { PGlite } = await import("@electric-sql/pglite");
  const loadDataDir = new Blob([await readFile(file)], { type: kind === "gzip" ? "application/x-gzip" : "application/x-tar" });
  const client = new PGlite(folder, { loadDataDir });
  try {
    await client.waitReady;
    const { rows } = await client.query<{ tables: number }>(
      "select count(*)::int as tables from pg_catalog.pg_tables where schemaname = 'public'",
    );
    return rows[0]?.tables ?? 0;
  } finally {
    await client.close();
  }
}

/** A time for a folder name: 2025-03-01T10-20-30Z. */
function stamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
}

export async function restore(file: string, settings: DataSettings, now: Date = new Date()): Promise<CommandReport> {
  const where = embeddedOnDisk(settings, file);
  if ("refusal" in where) {
    return settings.databaseUrl
      ? refused("DATABASE_URL is set: the database is PostgreSQL, which restores with its own tools:", ...postgresCommands(file).slice(2))
      : where.refusal;
  }
  if (!existsSync(file)) return refused(`${file} does not exist.`);
  const kind = await backupKind(file).catch(() => undefined);
  if (!kind) return refused(`${file} is not a backup made by npm run backup (a gzipped tar of the database folder).`);
  const held = await whoHolds(where.socketPath);
  if (held?.holder === "server") return refused("A server is running on this data folder. Stop the server first, then restore.");
  // Its user's alone, as the server keeps it: the folder moved aside, and the one loaded (a
  // backup's files come out 0666; tightened once it has opened).
  keepDataFolderPrivate(settings.dataDir);
  let hold;
  try {
    hold = await holdDataFolder(where.socketPath);
  } catch (error) {
    if (error instanceof FolderHeld) return refused(error.message);
    throw error;
  }
  const lines: string[] = [];
  const aside = `${where.folder}.before-restore-${stamp(now)}`;
  try {
    const moved = existsSync(where.folder);
    if (moved) {
      await rename(where.folder, aside);
      lines.push(`Moved the database that was there to ${aside}.`);
    }
    try {
      const tables = await loadInto(where.folder, file, kind);
      keepDataFolderPrivate(settings.dataDir);
      lines.push(
        `Restored ${file} into ${where.folder}: it opens, with ${tables} tables.`,
        "Start the server: it brings the tables up to date if the backup is older than this version.",
      );
      return { exitCode: 0, lines };
    } catch (error) {
      await rm(where.folder, { recursive: true, force: true });
      if (moved) await rename(aside, where.folder);
      return refused(
        `${file} could not be restored: ${error instanceof Error ? error.message : String(error)}.`,
        moved
          ? `The database that was there is back in ${where.folder}, as it was.`
          : `There was no database in ${where.folder} before, and there is none now.`,
      );
    }
  } finally {
    await hold.close();
  }
}
