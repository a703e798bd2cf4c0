// Vitest's global setup, in the main process, once per run. Only for the PostgreSQL pass
// (DATABASE_URL_TESTS set): says at once, and once, when the server cannot be reached, rather
// than in every test file; makes and migrates the run's template database, which every test
// file's database is copied from (test/setup-env.ts), so the migrations run once a run rather
// than once a file, and a migration that fails ends the run, named, before any file starts;
// names this run's databases and drops them afterwards, with those a killed run on this
// machine left behind.
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { TestProject } from "vitest/node";
import { migratedOrNamed, migrationsFolder } from "./migrations";
import {
  connectToTestServer,
  databaseUrl,
  redacted,
  templateDatabase,
  workerDatabasePattern,
  workerDatabasePrefix,
} from "./postgres-databases";

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

/** Makes this run's template database and applies every migration to it, as the app would at start. */
async function migratedTemplate(): Promise<string> {
  const name = templateDatabase(serverUrl!, run);
  const admin = await connectToTestServer(serverUrl!);
  try {
    await admin.query(`create database ${admin.escapeIdentifier(name)} encoding 'UTF8'`);
  } finally {
    await admin.end();
  }
  const client = await connectToTestServer(databaseUrl(serverUrl!, name));
  try {
    await migratedOrNamed(`PostgreSQL's template database ${name}`, () => migrate(drizzle(client), { migrationsFolder }));
  } finally {
    await client.end();
  }
  // Nobody connects to it again, so none is in the way of a copy; autovacuum leaves it alone too.
  const owner = await connectToTestServer(serverUrl!);
  try {
    await owner.query(`alter database ${owner.escapeIdentifier(name)} allow_connections false`);
  } finally {
    await owner.end();
  }
  return name;
}

export async function setup(project: TestProject): Promise<void> {
  if (!serverUrl) return;
  const client = await connectToTestServer(serverUrl);
  const version = await client.query("show server_version").finally(() => client.end());
  await dropWorkerDatabases("gone runs");
  project.provide("postgresRun", run);
  try {
    const template = await migratedTemplate();
    console.log(
      `Integration tests on PostgreSQL ${version.rows[0].server_version} at ${redacted(serverUrl)}, ` +
        `a database per worker (${workerDatabasePrefix(serverUrl, run)}N), each test file's copied from ${template}`,
    );
  } catch (error) {
    // Vitest runs no teardown when its setup fails: what was made is dropped here.
    await dropWorkerDatabases("this run").catch(() => {});
    throw error;
  }
}

export async function teardown(): Promise<void> {
  if (!serverUrl) return;
  await dropWorkerDatabases("this run");
}
