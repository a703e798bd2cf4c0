// Runs before every test file is loaded. Every test file gets a fresh
// database of its own: an in-memory PGlite, or, when DATABASE_URL_TESTS names a PostgreSQL
// server (the integration suite's second pass, README "Tests"), a new database on it for
// this vitest worker. The app's own DATABASE_URL is never used: a developer's database is
// not a test's to truncate.
import { inject, vi } from "vitest";

// The files of a worker share its process (vitest.config.ts, isolate: false), so each starts
// as if in a process of its own: what the last file's app kept on globalThis (its database, a
// worker's timer, the provider's caches; kept there for the development server's reloads)
// closed and gone, the environment the worker began with, and the app's modules loaded afresh.
const worker = globalThis as typeof globalThis &
  Record<string, unknown> & { __atWorkerStart?: { globals: Set<string>; environment: NodeJS.ProcessEnv } };
const atStart = (worker.__atWorkerStart ??= {
  globals: new Set([...Object.getOwnPropertyNames(globalThis), "__atWorkerStart"]),
  environment: { ...process.env },
});
for (const name of Object.getOwnPropertyNames(globalThis)) {
  if (!name.startsWith("__") || atStart.globals.has(name)) continue;
  const kept = (await Promise.resolve(worker[name]).catch(() => undefined)) as
    { close?: () => Promise<void> | void; timer?: NodeJS.Timeout; stopped?: boolean } | undefined;
  delete worker[name];
  if (kept?.timer) clearTimeout(kept.timer);
  if (kept && "stopped" in kept) kept.stopped = true;
  await kept?.close?.();
}
for (const name of Object.keys(process.env)) if (!(name in atStart.environment)) delete process.env[name];
Object.assign(process.env, atStart.environment);
vi.resetModules();

delete process.env.DATABASE_URL;
const testServer = process.env.DATABASE_URL_TESTS?.trim();
if (testServer) {
  // Loaded only here: the PGlite pass has no use for pg.
  const { freshWorkerDatabase } = await import("./support/postgres-databases");
  process.env.DATABASE_URL = await freshWorkerDatabase(testServer, inject("postgresRun"), process.env.VITEST_POOL_ID ?? "1");
}

process.env.DATA_DIR ??= "memory://";
// Each file's memory:// database starts from the run's migrated image (not made on PostgreSQL).
if (!testServer && inject("memoryDatabaseImage")) process.env.MEMORY_DATABASE_IMAGE ??= inject("memoryDatabaseImage");
process.env.COOKIE_SECURE ??= "false";
process.env.OUTBOX_POLL_MS ??= "600000";
process.env.INTAKE_URL ??= "/checkout/{responderUuid}";
// The secret the test tokens are signed with (test/support/tokens.ts).
process.env.TOKEN_SECRET ??= "test-token-secret-0123456789-abcdefghijklmnop";
