// Removes the run's database folder when the config made it (a caller that passed
// E2E_DATA_DIR owns its folder and cleans it up itself).
import { rm } from "node:fs/promises";

export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir || process.env.E2E_DATA_DIR_MADE_BY_CONFIG !== dir) return;
  await rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
}
