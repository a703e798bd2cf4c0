// PGlite in DATA_DIR by default (on its own thread, via the pg driver: embedded-engine.server.ts),
// PostgreSQL with DATABASE_URL. Opened once per process, migrated before first use.
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
export type Queryable = Database | Transaction;

interface OpenDatabase {
  db: Database;
  engine: "pglite" | "postgresql";
  close(): Promise<void>;
  dumpDataDir?: () => Promise<Blob>;
  /** What other instances tell through the database (PostgreSQL only; notices.server.ts). */
  notices?: Notices;
}

const migrationsFolder = path.resolve(process.cwd(), "app/server/db/migrations");
// Any number, the same in every instance: only one instance migrates at a time.
const migrationLockId = 724_901;

async function openPool(pool: import("pg").Pool, engine: OpenDatabase["engine"], closeEngine?: () => Promise<void>): Promise<OpenDatabase> {
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // An idle connection the server ends is an 'error' on the pool, which would end the process
  // were nobody listening; the pool opens another at the next query.
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
  // Connections are kept: a new one costs a SCRAM exchange and a fresh server process with empty
  // caches, more than a burst's statements. Few (decision 0033): a server runs as many statements
  // at once as it has cores.
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
  // From the start, so the first double clicks neither wait for it nor miss what is told meanwhile.
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

/** 32 MB holds the working set (the files stay in the system's cache); the default 128 MB costs another 100 MB an instance. */
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
    // initdb's memory (about 500 MB) would stay with the engine: a short-lived process makes it,
    // and its files come out 0666 whatever the mask.
    await createPgliteDatabase(folder);
    keepDataFolderPrivate(dataDir);
  }
  const engine = await startEmbeddedEngine(folder, pgliteSettings, (reason) => {
    // Every page needs it: the server stops, for its supervisor to restart.
    log.fatal({ reason }, "the embedded database stopped");
    process.exit(70);
  });
  // Its catalogue cache files come out 0644 whatever the mask.
  keepDataFolderPrivate(dataDir);
  const { default: pg } = await import("pg");
  // One conversation at a time at the engine: the next waits there, not in the pool.
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
    // A failed start (a refused migration) leaves no thread to hold the process.
    await pool.end().catch(() => {});
    await engine.close();
    throw error;
  }
}

/**
 * The tests' (one per file) in this thread. A migrated image loads in a tenth of initdb's time
 * (0.4 s against 2.5 s); migrations run either way, so an old image is brought up to date.
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

export async function database(): Promise<Database> {
  return (await open()).db;
}

/** Taken between two statements; undefined for any other database. */
export async function embeddedDump(): Promise<(() => Promise<Blob>) | undefined> {
  return (await open()).dumpDataDir;
}

/** On the embedded engine, nothing: one process. */
export async function databaseNotices(): Promise<Notices> {
  return (await open()).notices ?? noNotices;
}

export async function databaseEngine(): Promise<OpenDatabase["engine"]> {
  return (await open()).engine;
}

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
