// The migrated embedded database every test file's memory:// database starts from
// (MEMORY_DATABASE_IMAGE, app/server/db/client.server.ts): made once per run by the global
// setup, so each file loads it (0.4 s) instead of running initdb (2.5 s) and the migrations.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

declare module "vitest" {
  export interface ProvidedContext {
    /** The image's file (memory-database-global-setup.ts); empty on the PostgreSQL pass. */
    memoryDatabaseImage: string;
  }
}

export async function makeMemoryDatabaseImage(file: string): Promise<void> {
  const client = new PGlite({ postgresqlconf: ["shared_buffers=32MB"] });
  try {
    await migrate(drizzle(client), { migrationsFolder: path.resolve("app/server/db/migrations") });
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  } finally {
    await client.close();
  }
}
