// The database: PGlite in a local data folder by default (on a thread of its own, spoken to
// with the pg driver: embedded-engine.server.ts), a PostgreSQL server when DATABASE_URL is set.
// Opened once per process; migrations applied before first use.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { config } from "../config.server";
import { log } from "../log.server";
import { connectionWaitMs } from "./connection-wait.server";
import { keepDataFolderPrivate } from "./data-folder.server";
import { engineConnections, moduleAddress, startEmbeddedEngine } from "./embedded-engine.server";
import { nameStatementsOn } from "./prepared.server";
import { listeningNotices, noNotices, type Notices } from "./notices.server";
import * as schema from "./schema.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database or a transaction on it: what repository functions accept. */
export type Queryable = Database | Transaction;

interface OpenDatabase {
  db: Database;
  engine: "pglite" | "postgresql";
  close(): Promise<void>;
  /** The embedded engine's folder as a gzipped tar (PGlite on disk only). */
  dumpDataDir?: () => Promise<Blob>;
  /** What other instances tell through the database (PostgreSQL only; notices.server.ts). */
  notices?: Notices;
}

const migrationsFolder = path.resolve(process.cwd(), "app/server/db/migrations");
// Any number, the same in every instance: only one instance migrates at a time.
const migrationLockId = 724_901;

/** A `pg` pool, migrated (one instance at a time), under Drizzle. */
async function openPool(pool: import("pg").Pool, engine: OpenDatabase["engine"], closeEngine?: () => Promise<void>): Promise<OpenDatabase> {
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // A connection the server ends while it is idle in the pool (a restart, a failover, an idle
  // timeout) is an 'error' event on the pool, which would end the process were nobody
  // listening; the pool drops that connection and opens another at the next query.
  pool.on("error", (error) => {
    log.warn({ error: (error as { code?: string }).code ?? error.name }, "database connection lost");
  });
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [migrationLockId]);
    await migrate(drizzle(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [migrationLockId]).catch(() => {});
    lockClient.release();
  }
  const close = async () => {
    await pool.end();
    await closeEngine?.();
  };
  return { db: drizzle(pool, { schema }) as unknown as Database, engine, close };
}

async function openPostgres(url: string): Promise<OpenDatabase> {
  const { default: pg } = await import("pg");
  // The pool keeps the connections it opens: a new one costs both sides a password exchange
  // (SCRAM's thousands of hashes) and the server a new process whose caches start empty, which
  // under a burst of checkouts cost more than the statements it was opened for.
  // Few, and kept (DATABASE_CONNECTIONS, decision 0033): a server runs as many statements at
  // once as it has cores, and each connection past that only adds its process's switching.
  const connections = config().DATABASE_CONNECTIONS;
  const pool = new pg.Pool({ connectionString: url, max: connections, min: connections, connectionTimeoutMillis: connectionWaitMs });
  const opened = await openPool(pool, "postgresql");
  nameStatementsOn(opened.db);
  const notices = listeningNotices(
    async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    },
    (error) => log.warn({ error: (error as { code?: string }).code ?? (error as Error).name }, "database notices not heard"),
  );
  // Listening from the start: the first burst of double clicks neither waits for this
  // connection nor misses what is told while it is made.
  await notices.open();
  return {
    ...opened,
    notices,
    close: async () => {
      await notices.close();
      await opened.close();
    },
  };
}

/**
 * The embedded engine's own settings. Its buffer cache lives in the process's memory: 32 MB
 * holds this app's working set (the files behind it stay in the system's cache), where the
 * default 128 MB would cost another 100 MB of resident memory in every instance.
 */
const pgliteSettings = ["shared_buffers=32MB"];

function createPgliteDatabase(folder: string): Promise<void> {
  const source = `
    const [folder, module, settings] = process.argv.slice(1);
    const { PGlite } = await import(module);
    const db = new PGlite(folder, { postgresqlconf: JSON.parse(settings) });
    await db.waitReady;
    await db.close();`;
  const args = ["--input-type=module", "-e", source, folder, moduleAddress("@electric-sql/pglite"), JSON.stringify(pgliteSettings)];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { timeout: 120_000 }, (error, _stdout, stderr) =>
      error
        ? reject(new Error(`the embedded database could not be made: ${stderr.trim().split("\n").at(-1) || error.message}`))
        : resolve(),
    );
  });
}

async function openPglite(dataDir: string): Promise<OpenDatabase> {
  if (dataDir === "memory://") return openPgliteInProcess(config().MEMORY_DATABASE_IMAGE);
  const folder = path.resolve(dataDir, "pglite");
  // Its user's alone before the engine opens it, and again once it has (data-folder.server.ts).
  keepDataFolderPrivate(dataDir);
  if (!existsSync(folder)) {
    // A new database is made by initdb, whose memory (about 500 MB) the engine keeps for the
    // life of the process: it is made by a short-lived process of its own, whose files come
    // out 0666 whatever the mask.
    await createPgliteDatabase(folder);
    keepDataFolderPrivate(dataDir);
  }
  const engine = await startEmbeddedEngine(folder, pgliteSettings, (reason) => {
    // Every page needs the database: a server without it stops, for its supervisor to restart.
    log.fatal({ reason }, "the embedded database stopped");
    process.exit(70);
  });
  // The files the engine wrote as it opened (its catalogue cache), 0644 whatever the mask.
  keepDataFolderPrivate(dataDir);
  const { default: pg } = await import("pg");
  // The engine runs one conversation at a time (a transaction holds it to its end); the
  // connections let the next wait at the engine, not in the pool.
  const pool = new pg.Pool({
    host: engine.socketDir,
    port: engine.port,
    user: "postgres",
    database: "postgres",
    max: engineConnections,
    connectionTimeoutMillis: connectionWaitMs,
  });
  try {
    const opened = await openPool(pool, "pglite", engine.close);
    // Its connections share one session, whose statements the engine's queue shares between them.
    nameStatementsOn(opened.db);
    return { ...opened, dumpDataDir: engine.dumpDataDir };
  } catch (error) {
    // A start that fails (a migration refused, say) leaves no thread behind to hold the process.
    await pool.end().catch(() => {});
    await engine.close();
    throw error;
  }
}

/**
 * A database in memory (the tests': one per test file, thrown away with it), in this thread:
 * its statements are few and nothing draws pages beside them. Started from a migrated image
 * when one is given: loading it takes a tenth of what initdb does (0.4 s against 2.5 s).
 * Migrations run either way, so an image older than the migrations is brought up to date.
 */
async function openPgliteInProcess(image: string | undefined): Promise<OpenDatabase> {
  const { client, db } = await migratedInMemory(image);
  return { db, engine: "pglite", close: () => client.close() };
}

async function migratedInMemory(image: string | undefined) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const loadDataDir = image ? new Blob([await readFile(image)]) : undefined;
  const client = new PGlite({ postgresqlconf: pgliteSettings, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { client, db: db as unknown as Database };
}

/** A new in-memory database, migrated, as the image MEMORY_DATABASE_IMAGE names (uncompressed). */
export async function migratedMemoryImage(): Promise<Blob> {
  const { client } = await migratedInMemory(undefined);
  try {
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}

const holder = globalThis as typeof globalThis & { __funnelDatabase?: Promise<OpenDatabase> };

function open(): Promise<OpenDatabase> {
  const settings = config();
  holder.__funnelDatabase ??= settings.DATABASE_URL ? openPostgres(settings.DATABASE_URL) : openPglite(settings.DATA_DIR);
  return holder.__funnelDatabase;
}

/** The process's database, migrated. */
export async function database(): Promise<Database> {
  return (await open()).db;
}

/** The embedded engine on disk's folder as a gzipped tar, taken between two statements; undefined for any other database. */
export async function embeddedDump(): Promise<(() => Promise<Blob>) | undefined> {
  return (await open()).dumpDataDir;
}

/** What other instances tell through the database; on the embedded engine, nothing (one process). */
export async function databaseNotices(): Promise<Notices> {
  return (await open()).notices ?? noNotices;
}

export async function databaseEngine(): Promise<OpenDatabase["engine"]> {
  return (await open()).engine;
}

/** True when the database answers a trivial query. */
export async function databaseAnswers(): Promise<boolean> {
  try {
    await (await database()).execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export async function closeDatabase(): Promise<void> {
  const opened = holder.__funnelDatabase;
  holder.__funnelDatabase = undefined;
  if (opened) await (await opened).close();
}
