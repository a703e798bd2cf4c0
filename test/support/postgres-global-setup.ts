// Vitest's global setup, in the main process, once per run. Only for the PostgreSQL pass
// (DATABASE_URL_TESTS set): says at once, and once, when the server cannot be reached, rather
// than in every test file; names this run's databases (test/setup-env.ts makes them) and
// drops them afterwards, with those a killed run on this machine left behind.
import type { TestProject } from "vitest/node";
import { connectToTestServer, redacted, workerDatabasePattern, workerDatabasePrefix } from "./postgres-databases";

const serverUrl = process.env.DATABASE_URL_TESTS?.trim();
const run = String(process.pid);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The workers' databases of this run, or of runs on this machine that are gone. */
async function dropWorkerDatabases(which: "this run" | "gone runs"): Promise<void> {
  const client = await connectToTestServer(serverUrl!);
  try {
    const pattern = workerDatabasePattern(serverUrl!);
    // A process id tells about this machine only: another machine's runs are left alone.
    const local = ["localhost", "127.0.0.1", "[::1]", ""].includes(new URL(serverUrl!).hostname);
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database");
    for (const { datname } of rows) {
      const owner = pattern.exec(datname)?.[1];
      if (!owner) continue;
      const drop = which === "this run" ? owner === run : local && owner !== run && !isRunning(Number(owner));
      if (drop) await client.query(`drop database if exists ${client.escapeIdentifier(datname)} with (force)`);
    }
  } finally {
    await client.end();
  }
}

export async function setup(project: TestProject): Promise<void> {
  if (!serverUrl) return;
  const client = await connectToTestServer(serverUrl);
  const version = await client.query("show server_version").finally(() => client.end());
  await dropWorkerDatabases("gone runs");
  project.provide("postgresRun", run);
  console.log(
    `Integration tests on PostgreSQL ${version.rows[0].server_version} at ${redacted(serverUrl)}, ` +
      `a database per worker: ${workerDatabasePrefix(serverUrl, run)}N`,
  );
}

export async function teardown(): Promise<void> {
  if (!serverUrl) return;
  await dropWorkerDatabases("this run");
}
