// A throwaway app server for the one test that needs its own: the built app (build/, made by
// the config's web server) started again from server.mjs on a free port, with a fresh database
// and the suite's settings but for the test's overrides; stopped by the process id it started.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { appEnvironment } from "./servers";

export interface AppServer {
  origin: string;
  /** The server's process (for what only the process can tell, e.g. its memory). */
  pid: number;
  stop: () => Promise<void>;
}

/** A free port on the loopback address. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** `root`: the folder of the Playwright config (the repository's root). */
export async function startAppServer(root: string, overrides: Record<string, string> = {}): Promise<AppServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "funnel-e2e-own-server-"));
  const child = spawn(process.execPath, [path.join(root, "server.mjs")], {
    cwd: root,
    stdio: "ignore",
    env: { ...appEnvironment(port, dataDir), ...overrides } as NodeJS.ProcessEnv,
  });
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", () => resolve());
  });
  // Should the worker end mid-test, the server ends with it.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  // A throwaway server: no graceful shutdown to wait for (SIGTERM takes seconds), its
  // database goes with it.
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
    process.removeListener("exit", killOnExit);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${origin}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return { origin, pid: child.pid!, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the app server of its own on ${origin} did not start (exit code ${child.exitCode})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
