import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// DATABASE_URL_TESTS set: the integration suite's PostgreSQL pass (test/run-all.mjs), each
// worker on a database of its own on that server (test/setup-env.ts); otherwise PGlite.
const onPostgres = Boolean(process.env.DATABASE_URL_TESTS?.trim());

export default defineConfig({
  test: {
    // The label before every file and failure of the PostgreSQL pass, so a reader can tell
    // which engine a failure came from.
    name: onPostgres ? "postgresql" : undefined,
    include: ["test/unit/**/*.test.ts", "test/integration/**/*.test.ts"],
    exclude: [
      "**/node_modules/**",
      ...(onPostgres
        ? [
            // The embedded engine alone, each in folders of its own whatever DATABASE_URL says:
            // on PostgreSQL's pass they would only run the PGlite pass's tests again.
            // Backups and restores of the embedded engine's folder; what the commands say with
            // PostgreSQL is a message from the settings, which needs no server.
            "test/integration/backup-restore.test.ts",
            // The data folder's permissions as the embedded engine writes it.
            "test/integration/data-folder.test.ts",
            // The embedded engine on its thread, spoken to with the pg driver.
            "test/integration/embedded-engine.test.ts",
            // Its old log after an erasure; her erasure's vacuums on PostgreSQL: vacuum.test.ts.
            "test/integration/embedded-old-log.test.ts",
          ]
        : [
            // Two app processes on one database: PostgreSQL's pass only (PGlite is one process's).
            "test/integration/lifecycle-instances.test.ts",
          ]),
    ],
    environment: "node",
    globalSetup: ["test/support/postgres-global-setup.ts", "test/support/memory-database-global-setup.ts"],
    // The environment first: the matchers' imports may read it.
    setupFiles: ["test/setup-env.ts", "test/support/custom-matchers.ts"],
    pool: "forks",
    // A worker runs file after file in one process rather than starting a process per file: a
    // file's own start (Node, PGlite's WebAssembly, the libraries) was half the pass's time.
    // test/setup-env.ts gives each file what a process of its own would (docs/decisions/0047).
    poolOptions: { forks: { isolate: false } },
    // Vitest leaves one core free by default, which on a 2-core CI machine is one worker: the
    // files are independent (each on its own in-memory PGlite or its own PostgreSQL database),
    // so every core runs one. VITEST_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_WORKERS) || Math.max(2, availableParallelism()),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
