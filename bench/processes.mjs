// The processes the bench starts and stops: the built app (on a fresh database when it runs on
// PostgreSQL), each on a free port of its own, its resident memory and CPU time read from /proc.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, openSync, readFileSync, readdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { root, settings } from "./settings.mjs";

const defaultPostgres = "postgres://funnel_test:funnel_test@127.0.0.1:5432/funnel_test";

/** A fresh database for the app on the PostgreSQL server the tests use (BENCH_APP_DATABASE_URL to choose another). */
export async function freshPostgres() {
  const url = new URL(process.env.BENCH_APP_DATABASE_URL ?? (process.env.DATABASE_URL_TESTS || defaultPostgres));
  url.pathname = "/funnel_bench_app";
  const server = new URL(url);
  server.pathname = "/postgres";
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    await client.query("drop database if exists funnel_bench_app with (force)");
    await client.query("create database funnel_bench_app");
  } finally {
    await client.end();
  }
  return url.toString();
}

/** A process's resident memory in MB (Linux), or NaN. */
function residentMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

let ticksPerSecond;

function clockTicksPerSecond() {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" })) || 100;
  } catch {
    return 100;
  }
}

/**
 * The CPU time (user + system, ms) of every process in the group `pgid` leads (Linux), or NaN.
 * The bench starts each server detached, so its group is the server and nothing else; a
 * process's /proc/{pid}/stat counts all its threads, the database's worker thread with them;
 * and summing the group counts the server itself when npx stands between it and us.
 */
export function cpuMs(pgid) {
  if (!existsSync("/proc")) return NaN;
  ticksPerSecond ??= clockTicksPerSecond();
  let ticks = 0;
  let found = false;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // After the command's name (in parentheses, maybe with spaces): state, ppid, pgrp, … utime, stime.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
    found = true;
  }
  return found ? (ticks * 1000) / ticksPerSecond : NaN;
}

async function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

export async function freePorts(count) {
  const ports = [];
  for (let port = settings.portRange[0]; port <= settings.portRange[1] && ports.length < count; port++) {
    if (await portIsFree(port)) ports.push(port);
  }
  if (ports.length < count) throw new Error(`no ${count} free ports in ${settings.portRange.join("-")}`);
  return ports;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops a process group we started: SIGTERM, then SIGKILL after a while. */
export async function stopProcess(child, graceMs = 25_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  let timer;
  const done = await Promise.race([exited.then(() => true), new Promise((resolve) => (timer = setTimeout(resolve, graceMs, false)))]);
  clearTimeout(timer);
  if (!done) {
    signal("SIGKILL");
    await exited;
  }
}

/**
 * Starts the built app the way it is deployed: our own server (server.mjs) when there is one,
 * else remix-serve; waits for /healthz.
 */
export async function startApp({ port, dataDir, env: overrides = {}, cwd = root }) {
  const ownServer = existsSync(path.join(cwd, "server.mjs"));
  // BENCH_APP_FLAGS passes Node flags to the app, to profile it under this load
  // (`BENCH_APP_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/profiles"`).
  const flags = (process.env.BENCH_APP_FLAGS ?? "").split(/\s+/).filter(Boolean);
  const [command, args] = ownServer ? [process.execPath, [...flags, "server.mjs"]] : ["npx", ["remix-serve", "build/index.js"]];
  const logFile = path.join(dataDir, "server.log");
  const log = openSync(logFile, "a");
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    COOKIE_SECURE: "false",
  };
  // The embedded database and the sandbox gateway, whatever this shell has set.
  for (const name of ["DATABASE_URL", "PROVIDER_BASE_URL", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "TRUST_PROXY"]) {
    delete env[name];
  }
  Object.assign(env, overrides);
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", log, log], detached: true });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the app stopped at start (${child.exitCode}):\n${tail(logFile)}`);
    }
    try {
      const answer = await fetch(`${origin}/healthz`);
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopProcess(child);
      throw new Error(`the app did not answer /healthz within 60 s:\n${tail(logFile)}`);
    }
    await sleep(200);
  }
  return {
    origin,
    command: ownServer ? "node server.mjs" : "npx remix-serve build/index.js",
    logFile,
    residentMb: () => residentMb(child.pid),
    cpuMs: () => cpuMs(child.pid),
    stop: () => stopProcess(child),
  };
}

export function tail(file, lines = 30) {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}
