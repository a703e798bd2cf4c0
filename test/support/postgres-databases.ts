// The integration suite's PostgreSQL pass (README "Tests"): DATABASE_URL_TESTS names a
// server and a database the tests may connect to; each vitest worker gets a database of its
// own beside it, made afresh for every test file, as the PGlite pass gets a fresh in-memory
// database per file. Files run in parallel, and resetDatabase() truncates every table, so a
// shared database would let one file empty another's tables mid-test. The names carry the
// run too (the vitest process's id), so two runs on one server leave each other alone.
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

/** Matches the workers' databases of any run: the run is group 1. */
export function workerDatabasePattern(serverUrl: string): RegExp {
  const base = baseName(serverUrl).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${base}_r([0-9]+)_w[0-9]+$`);
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

/**
 * Drops and makes again an empty database for this worker of this run, and answers its
 * address. The app applies its migrations to it when it first opens it, as at start in
 * production. Two files never run in the same worker at once, so nothing else uses it.
 */
export async function freshWorkerDatabase(serverUrl: string, run: string, poolId: string): Promise<string> {
  const name = `${workerDatabasePrefix(serverUrl, run)}${poolId}`;
  const admin = await connectToTestServer(serverUrl);
  try {
    const quoted = admin.escapeIdentifier(name);
    // `with (force)`: the previous file's connections may not all have closed yet. An
    // autovacuum worker on that database belongs to the server, not to the test role, and
    // cannot be ended by it ("must be a member of the role..."): it finishes in a moment, so
    // the drop is tried again a few times.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`drop database if exists ${quoted} with (force)`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== "42501" || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    await admin.query(`create database ${quoted} encoding 'UTF8'`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}
