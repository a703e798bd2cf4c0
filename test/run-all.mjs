#!/usr/bin/env node
// `npm test`: the unit and integration tests (vitest), then the end-to-end tests (Playwright),
// each streaming its own output. Afterwards both JSON reports are read and the last line
// printed is the total, exactly "N passed, N failed" (", N skipped" only when some were).
// The exit code is non-zero when anything failed, or when a runner crashed: a runner that
// exits badly without a report, or whose report shows no failure, counts as one failure.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const workDir = mkdtempSync(path.join(tmpdir(), "funnel-tests-"));
const vitestReport = path.join(workDir, "vitest.json");
const playwrightReport = path.join(workDir, "playwright.json");
// The e2e server's database folder; removed here, after Playwright has stopped the server.
const e2eDataDir = path.join(workDir, "e2e-data");

let current;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    current?.kill(signal);
    cleanUp();
    process.exit(130);
  });
}

function cleanUp() {
  rmSync(workDir, { recursive: true, force: true, maxRetries: 3 });
}

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    console.log(`\n$ ${command} ${args.join(" ")}\n`);
    current = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    current.on("error", (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(127);
    });
    current.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
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
function vitestTotals(report) {
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed"),
  );
  for (const file of brokenFiles) console.error(`vitest: ${path.relative(process.cwd(), file.name)} failed to run`);
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles.length,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Totals of a Playwright JSON report; errors outside tests (setup, web server) count as one failure. */
function playwrightTotals(report) {
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
  const totals = readTotals(report);
  if (exitCode !== 0 && totals.failed === 0) {
    console.error(`${name} exited with code ${exitCode} though its report shows no failure: counted as 1 failed`);
    totals.failed = 1;
  }
  return totals;
}

const vitestExit = await run("npx", [
  "vitest",
  "run",
  // No test files yet is not a failure; a test file that breaks still is.
  "--passWithNoTests",
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${vitestReport}`,
]);
const vitest = totalsOf("vitest", vitestExit, readJson(vitestReport), vitestTotals);

const playwrightExit = await run("npx", ["playwright", "test"], {
  E2E_JSON_REPORT: playwrightReport,
  E2E_DATA_DIR: e2eDataDir,
});
const playwright = totalsOf("playwright", playwrightExit, readJson(playwrightReport), playwrightTotals);

cleanUp();

const passed = vitest.passed + playwright.passed;
const failed = vitest.failed + playwright.failed;
const skipped = vitest.skipped + playwright.skipped;
console.log(
  `\nvitest: ${vitest.passed} passed, ${vitest.failed} failed; playwright: ${playwright.passed} passed, ${playwright.failed} failed`,
);
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`);
process.exitCode = failed > 0 ? 1 : 0;
