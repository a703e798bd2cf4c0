import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The sandbox clock is one for the whole server, and both projects move it: while one test
 * waits between her payment and the approval, the other's move would let her hold lapse (an
 * approval then charges the saved card instead of capturing). The tests that move it take
 * turns, across the worker processes, with a folder as the lock.
 */
export async function withClockLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(process.env.E2E_DATA_DIR ?? tmpdir(), "owner-console-clock.lock");
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
