// The two anchors the app's throughput is a ratio of: a bare Remix page (bench/bare-remix.mjs),
// the framework's floor, and a plain node:http server answering /welcome's bytes from memory
// (bench/static-server.mjs), each loaded as the app is.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startBareRemix } from "./bare-remix.mjs";
import { load } from "./load.mjs";
import { cpuMs, stopProcess } from "./processes.mjs";

const staticServerScript = fileURLToPath(new URL("./static-server.mjs", import.meta.url));

async function startStaticServer({ port, body, contentType, dir }) {
  const bodyFile = path.join(dir, "welcome.html");
  writeFileSync(bodyFile, body);
  const child = spawn(process.execPath, [staticServerScript, String(port), bodyFile, contentType], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
    detached: true,
  });
  await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`the static server stopped (${code})`)));
  });
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => stopProcess(child, 5_000) };
}

/** Both anchors loaded, one after the other; `welcome` is the app's /welcome as the screens saw it. */
export async function measureAnchors({ barePort, staticPort, welcome, dataDir, progress }) {
  progress("anchors: a bare Remix page");
  const bare = await startBareRemix({ port: barePort, logFile: path.join(dataDir, "bare-remix.log") });
  let bareLoad;
  try {
    bareLoad = await load(`${bare.origin}/welcome`, { cpuMs: () => cpuMs(bare.pid) });
  } finally {
    await bare.stop();
  }
  progress("anchors: a node:http server with /welcome's bytes");
  const staticServer = await startStaticServer({
    port: staticPort,
    body: welcome.bytes,
    contentType: welcome.headers.get("content-type"),
    dir: dataDir,
  });
  let staticLoad;
  try {
    staticLoad = await load(`${staticServer.origin}/welcome`, { cpuMs: () => cpuMs(staticServer.pid) });
  } finally {
    await staticServer.stop();
  }
  return { static: staticLoad, bare: bareLoad };
}
