// The benchmark's second anchor, the framework's floor: a bare Remix page (bench/bare-remix/, a
// heading and a four-radio form like /welcome) built with the repository's own Remix and
// served by the same Express, compression and request handler, nothing else.
import { spawn } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const appDir = path.join(here, "bare-remix");
const root = path.resolve(here, "..");

export function bareRemixVersion() {
  return JSON.parse(readFileSync(path.join(root, "node_modules/@remix-run/react/package.json"), "utf8")).version;
}

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} stopped (${code}):\n${output}`)),
    );
  });
}

/**
 * Builds the bare page in place (bench/bare-remix/build and public/build, both ignored by git)
 * and serves it on `port`, its output to `logFile` or else `workDir`/bare-remix.log; `stop()`
 * ends it (SIGTERM to its process group, SIGKILL after 5 s).
 */
export async function startBareRemix({ port, workDir, logFile = path.join(workDir, "bare-remix.log") }) {
  await run(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    cwd: appDir,
    env: { ...process.env, NODE_ENV: "production" },
  });
  const log = openSync(logFile, "a");
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: appDir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", log, log],
    detached: true,
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // gone
      }
    }, 5_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the bare Remix page stopped at start (${child.exitCode ?? child.signalCode}); see ${logFile}`);
    }
    try {
      const answer = await fetch(`${origin}/welcome`);
      if (answer.ok && (await answer.text()).includes("Tell me more")) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the bare Remix page did not answer within 60 s; see ${logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, pid: child.pid, stop };
}
