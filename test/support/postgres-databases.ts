// The integration suite's PostgreSQL pass (README "Tests"): DATABASE_URL_TESTS names a
// server and a database the tests may connect to; each vitest worker gets a database of its
// own beside it, made afresh for every test file, as the PGlite pass gets a fresh in-memory
// database per file. Files run in parallel, and resetDatabase() truncates every table, so a
// shared database would let one file empty another's tables mid-test. The names carry the
// run too (the vitest process's id), so two runs on one server leave each other alone.
// Each file's database is a copy of the run's template, migrated once by the global setup
// (postgres-global-setup.ts): a copy takes a fraction of the time the migrations do.
import pg from "pg";
import { redacted } from "./redacted.mjs";

export { redacted };

declare module "vitest" {
  export interface ProvidedContext {
    /** This run's part of the workers' database names (postgres-global-setup.ts). */
    postgresRun: string;
  }
}

/** The name of the database the tests connect to first; the workers' are named after it. */
function baseName(serverUrl: string): string {
  return decodeURIComponent(new URL(serverUrl).pathname.slice(1)) || "postgres";
}

/** Names of the workers' databases of one run: funnel_test_r1234_w1, funnel_test_r1234_w2, ... */
export function workerDatabasePrefix(serverUrl: string, run: string): string {
  return `${baseName(serverUrl)}_r${run}_w`;
}

/** The run's migrated database every worker's is copied from: funnel_test_r1234_template. */
export function templateDatabase(serverUrl: string, run: string): string {
  return `${baseName(serverUrl)}_r${run}_template`;
}

/** Matches the workers' databases, and the template, of any run: the run is group 1. */
export function workerDatabasePattern(serverUrl: string): RegExp {
  const base = baseName(serverUrl).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${base}_r([0-9]+)_(?:w[0-9]+|template)$`);
}

/** The address of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/** Connects to the database DATABASE_URL_TESTS names, saying clearly when it cannot. */
export async function connectToTestServer(serverUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new Error(`DATABASE_URL_TESTS: cannot connect to ${redacted(serverUrl)}: ${(error as Error).message}`);
  }
  return client;
}

/** Runs `statement`, again a few times while the server says a process of its own is in the way. */
async function retriedWhileBusy(admin: pg.Client, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(statement);
      return;
    } catch (error) {
      // 42501: an autovacuum worker on the database to drop belongs to the server, not to the
      // test role, which cannot end it ("must be a member of the role..."). 55006: one on the
      // template ("source database ... is being accessed by other users"). Either finishes in
      // a moment.
      const code = (error as { code?: string }).code;
      if ((code !== "42501" && code !== "55006") || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * Drops and makes again this worker's database of this run, a copy of the run's migrated
 * template, and answers its address. The app still runs its migrations when it first opens
 * it, as at start in production, and finds none left to apply. Two files never run in the
 * same worker at once, so nothing else uses it.
 */
export async function freshWorkerDatabase(serverUrl: string, run: string, poolId: string): Promise<string> {
  const name = `${workerDatabasePrefix(serverUrl, run)}${poolId}`;
  const admin = await connectToTestServer(serverUrl);
  try {
    const quoted = admin.escapeIdentifier(name);
    // `with (force)`: the previous file's connections may not all have closed yet.
    await retriedWhileBusy(admin, `drop database if exists ${quoted} with (force)`);
    await retriedWhileBusy(
      admin,
      `create database ${quoted} template ${admin.escapeIdentifier(templateDatabase(serverUrl, run))} encoding 'UTF8'`,
    );
  } finally {
    await admin.end();
  }
  return databaseUrl(serverUrl, name);
}
