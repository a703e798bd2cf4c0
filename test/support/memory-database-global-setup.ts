// Vitest's global setup, in the main process, once per run: on PGlite (no DATABASE_URL_TESTS),
// the migrated image every test file's in-memory database starts from (memory-database-image.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { makeMemoryDatabaseImage } from "./memory-database-image";

let folder: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.DATABASE_URL_TESTS?.trim()) return project.provide("memoryDatabaseImage", "");
  folder = mkdtempSync(path.join(tmpdir(), "funnel-memory-image-"));
  const file = path.join(folder, "migrated.tar");
  await makeMemoryDatabaseImage(file);
  project.provide("memoryDatabaseImage", file);
}

export function teardown(): void {
  if (folder) rmSync(folder, { recursive: true, force: true });
}
