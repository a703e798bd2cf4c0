// How much room the database takes, for the console's health part. On the embedded engine on
// disk: its folder (DATA_DIR/pglite: the tables, their indexes and the WAL), which is what fills
// the disk and what a growth would show in. Elsewhere (PostgreSQL, a database in memory): the
// database's own count of its files (pg_database_size).
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { config } from "../config.server";
import { database, databaseEngine } from "./client.server";

export interface DatabaseSize {
  bytes: number;
  /** What was measured: the embedded engine's folder on disk, or the database's own count. */
  of: "data-folder" | "database";
}

async function folderBytes(folder: string): Promise<number> {
  const names = await readdir(folder, { recursive: true });
  const sizes = await Promise.all(
    names.map((name) =>
      lstat(path.join(folder, name)).then(
        (stats) => (stats.isFile() ? stats.size : 0),
        // A file the engine removed meanwhile (a WAL segment recycled).
        () => 0,
      ),
    ),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

export async function databaseSize(): Promise<DatabaseSize> {
  const settings = config();
  if ((await databaseEngine()) === "pglite" && settings.DATA_DIR !== "memory://") {
    return { bytes: await folderBytes(path.resolve(settings.DATA_DIR, "pglite")), of: "data-folder" };
  }
  const result = await (await database()).execute(sql`select pg_database_size(current_database())::bigint as bytes`);
  const [row] = (result as { rows: { bytes: string | number }[] }).rows;
  return { bytes: Number(row?.bytes ?? 0), of: "database" };
}
