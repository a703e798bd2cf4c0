// Runs in every test process before its test file is loaded. Every test file gets a fresh
// database of its own: an in-memory PGlite, or, when DATABASE_URL_TESTS names a PostgreSQL
// server (the integration suite's second pass, README "Tests"), a new database on it for
// this vitest worker. The app's own DATABASE_URL is never used: a developer's database is
// not a test's to truncate.
import { inject } from "vitest";

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
