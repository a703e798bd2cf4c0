// The migrations, applied once per run by vitest's global setups (the PostgreSQL pass's
// template database, the PGlite pass's image) rather than by every test file. A migration
// that fails there ends the run before any file starts, so the error must say which file:
// Drizzle applies them all in one transaction and reports only the statement that failed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";

export const migrationsFolder = path.resolve("app/server/db/migrations");

/** The file (e.g. 0012_audit_log.sql) whose statement `error` reports as failed, if one is. */
export function failedMigration(error: unknown): string | undefined {
  const query = (error as { query?: unknown } | undefined)?.query;
  if (typeof query !== "string") return undefined;
  const migrations = readMigrationFiles({ migrationsFolder });
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const index = migrations.findIndex((migration) => migration.sql.includes(query));
  return index >= 0 ? `${journal.entries[index]!.tag}.sql` : undefined;
}

/** Runs `migrate`; when it fails, throws an error that names the migration and the database's own message. */
export async function migratedOrNamed(where: string, migrate: () => Promise<unknown>): Promise<void> {
  try {
    await migrate();
  } catch (error) {
    const file = failedMigration(error);
    const cause = (error as { cause?: Error }).cause ?? (error as Error);
    const which = file ? `migration ${path.relative(process.cwd(), path.join(migrationsFolder, file))} failed` : "the migrations failed";
    throw new Error(`${where}: ${which}: ${cause.message ?? String(cause)}`, { cause: error });
  }
}
