#!/usr/bin/env node
// `npm test`: the unit and integration tests (vitest, on PGlite), then the integration tests
// again on a PostgreSQL server; alongside both, the end-to-end tests (Playwright), whose
// browsers mostly wait (on two cores the overlap saves about 1.5 of 18.7 minutes). Each prints
// under a heading that names it: vitest as it runs, Playwright's output held until the vitest
// passes are done, then streamed. Afterwards the JSON reports are read and the last line printed
// is the total, exactly "N passed, N failed" (", N skipped" only when some were).
// The PostgreSQL pass uses DATABASE_URL_TESTS, else the server `.ci/postgres` sets up. When
// no server answers, that counts as 1 failed in CI (CI set) or when DATABASE_URL_TESTS was
// given; otherwise as 1 skipped, with a line that says how to get a server.
// The exit code is non-zero when anything failed, or when a runner crashed: a runner that
// exits badly without a report, or whose report shows no failure, counts as one failure.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { redacted } from "./support/redacted.mjs";

const workDir = mkdtempSync(path.join(tmpdir(), "funnel-tests-"));
const vitestReport = path.join(workDir, "vitest.json");
const vitestPostgresReport = path.join(workDir, "vitest-postgresql.json");
const playwrightReport = path.join(workDir, "playwright.json");
// The e2e server's database folder; removed here, after Playwright has stopped the server.
const e2eDataDir = path.join(workDir, "e2e-data");

const running = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    cleanUp();
    process.exit(130);
  });
}

function cleanUp() {
  rmSync(workDir, { recursive: true, force: true, maxRetries: 3 });
}

/**
 * Starts a command with the environment changed by `env` (an undefined value removes the
 * variable). Its output streams under its heading, or with `held`, waits in memory until
 * `release()` prints the heading and all of it, then streams. `exit` resolves to its exit code.
 */
function start(title, command, args, env = {}, { held = false } = {}) {
  const environment = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete environment[name];
  const heading = `\n=== ${title} ===\n$ ${command} ${args.join(" ")}\n`;
  if (!held) console.log(heading);
  const child = spawn(command, args, { stdio: held ? ["ignore", "pipe", "pipe"] : "inherit", env: environment });
  running.add(child);
  let waiting = held ? [] : undefined;
  if (held) {
    child.stdout.on("data", (chunk) => (waiting ? waiting.push([process.stdout, chunk]) : process.stdout.write(chunk)));
    child.stderr.on("data", (chunk) => (waiting ? waiting.push([process.stderr, chunk]) : process.stderr.write(chunk)));
  }
  const exit = new Promise((resolve) => {
    child.on("error", (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on("close", (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
  const release = () => {
    if (!waiting) return;
    console.log(heading);
    for (const [stream, chunk] of waiting) stream.write(chunk);
    waiting = undefined;
  };
  return { exit, release };
}

/** Runs a command to its end, its output streamed under its heading. */
const run = (title, command, args, env = {}) => start(title, command, args, env).exit;

/** Why the PostgreSQL server at `url` cannot be used, or undefined when it answers. */
async function postgresProblem(url) {
  let client;
  try {
    const { default: pg } = await import("pg");
    client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    await client.connect();
    await client.query("select 1");
    return undefined;
  } catch (error) {
    return error.message || error.code || String(error);
  } finally {
    await client?.end().catch(() => {});
  }
}

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    console.error(`Could not read ${file}: ${error.message}`);
    return undefined;
  }
}

/** Totals of a vitest JSON report; a file that failed before its tests ran counts as one failure. */
function vitestTotals(name, report) {
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed"),
  );
  for (const file of brokenFiles) console.error(`${name}: ${path.relative(process.cwd(), file.name)} failed to run`);
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles.length,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Totals of a Playwright JSON report; errors outside tests (setup, web server) count as one failure. */
function playwrightTotals(_name, report) {
  const stats = report.stats ?? {};
  const outside = (report.errors ?? []).length > 0 ? 1 : 0;
  if (outside) console.error(`playwright: ${report.errors.length} error(s) outside the tests`);
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + outside,
    skipped: stats.skipped ?? 0,
  };
}

/** A runner's totals, with a crash (bad exit, no report, or a report that shows no failure) as one failure. */
function totalsOf(name, exitCode, report, readTotals) {
  if (!report) {
    console.error(`${name} exited with code ${exitCode} and wrote no report: counted as 1 failed`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const totals = readTotals(name, report);
  if (exitCode !== 0 && totals.failed === 0) {
    console.error(`${name} exited with code ${exitCode} though its report shows no failure: counted as 1 failed`);
    totals.failed = 1;
  }
  return totals;
}

/** The arguments of a vitest run that writes its JSON report to `report`. */
const vitestArguments = (report, ...files) => [
  "vitest",
  "run",
  ...files,
  // No test files yet is not a failure; a test file that breaks still is.
  "--passWithNoTests",
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${report}`,
];

// Started first, its output held: it spends most of its time waiting, and runs beside vitest.
const e2e = start(
  "playwright: end-to-end tests",
  "npx",
  ["playwright", "test"],
  { E2E_JSON_REPORT: playwrightReport, E2E_DATA_DIR: e2eDataDir },
  { held: true },
);

const vitestName = "vitest on PGlite";
const vitestExit = await run(`${vitestName}: unit and integration tests`, "npx", vitestArguments(vitestReport), {
  // Every file on its own in-memory PGlite (test/setup-env.ts).
  DATABASE_URL_TESTS: undefined,
});
const vitest = totalsOf(vitestName, vitestExit, readJson(vitestReport), vitestTotals);

// The integration suite again on a real PostgreSQL server; the unit tests touch no database
// and run once, above. The server and role `.ci/postgres` makes (CI runs it) are the default.
const postgresName = "vitest on PostgreSQL";
const serverGiven = Boolean(process.env.DATABASE_URL_TESTS?.trim());
const testServer = process.env.DATABASE_URL_TESTS?.trim() || "postgres://funnel_test:funnel_test@127.0.0.1:5432/funnel_test";
const serverProblem = await postgresProblem(testServer);
let postgres;
if (serverProblem === undefined) {
  const exit = await run(`${postgresName}: integration tests`, "npx", vitestArguments(vitestPostgresReport, "test/integration/"), {
    DATABASE_URL_TESTS: testServer,
  });
  postgres = totalsOf(postgresName, exit, readJson(vitestPostgresReport), vitestTotals);
} else if (process.env.CI || serverGiven) {
  console.error(`\n${postgresName}: no server at ${redacted(testServer)} (${serverProblem}): counted as 1 failed`);
  postgres = { passed: 0, failed: 1, skipped: 0 };
} else {
  console.log(
    `\n${postgresName}: no server at ${redacted(testServer)} (${serverProblem}), so the integration tests ran on ` +
      "PGlite only: counted as 1 skipped. To run them on PostgreSQL too: " +
      "export DATABASE_URL_TESTS=$(sudo bash .ci/postgres), or set it to a server of yours.",
  );
  postgres = { passed: 0, failed: 0, skipped: 1 };
}

e2e.release();
const playwrightExit = await e2e.exit;
const playwright = totalsOf("playwright", playwrightExit, readJson(playwrightReport), playwrightTotals);

cleanUp();

const runs = [
  [vitestName, vitest],
  [postgresName, postgres],
  ["playwright", playwright],
];
const sum = (key) => runs.reduce((total, [, totals]) => total + totals[key], 0);
const passed = sum("passed");
const failed = sum("failed");
const skipped = sum("skipped");
const describe = ({ passed, failed, skipped }) => `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`;
console.log(`\n${runs.map(([name, totals]) => `${name}: ${describe(totals)}`).join("; ")}`);
console.log(describe({ passed, failed, skipped }));
process.exitCode = failed > 0 ? 1 : 0;
