// The bench's settings: its command line (`--instances N`, `--pglite`, `--postgres`, `--patches`), its
// environment (BENCH_DURATION_S, BENCH_CHECKOUTS) and where the repository is.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const settings = {
  connections: 50,
  durationSeconds: Number(process.env.BENCH_DURATION_S ?? 10),
  warmupSeconds: 2,
  checkouts: Number(process.env.BENCH_CHECKOUTS ?? 100),
  flowConcurrency: 8,
  portRange: [3400, 3499],
  instances: Number(argument("--instances") ?? 2),
  // `--patches`: only each patch's gain (bench/patches.mjs), printed and not written to latest.md.
  patchesOnly: process.argv.includes("--patches"),
  engines: process.argv.includes("--pglite") ? ["pglite"] : process.argv.includes("--postgres") ? ["postgres"] : ["pglite", "postgres"],
};

function argument(name) {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}
