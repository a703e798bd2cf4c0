// End-to-end tests: the built app served as in production, plus a stand-in for the external
// intake flow, driven by Debian's Chromium in two projects: without JavaScript (the funnel's
// baseline, see docs/architecture.md "HTML first") and with it. A third project, stripe, runs the
// final checkout against the same build started again in Stripe mode, Stripe.js and Stripe's
// API played by the stand-in (nothing reaches the internet). The clock project runs the
// journeys that move the sandbox clock against the same build started again, one at a time.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import {
  appEnvironment,
  appOrigin,
  appPort,
  clockAppEnvironment,
  clockAppOrigin,
  clockAppPort,
  clockDataDirOf,
  intakeOrigin,
  intakePort,
  mailboxOrigin,
  mapsAppEnvironment,
  mapsAppOrigin,
  mapsAppPort,
  mapsDataDirOf,
  stripeAppEnvironment,
  stripeAppOrigin,
  stripeAppPort,
  stripeDataDirOf,
} from "./test/e2e/support/servers";

// A fresh database per run. The config is loaded again in every worker process; they inherit
// the main process's environment, so the folder is made once and shared. A folder the config
// made is removed by the global teardown; one passed in E2E_DATA_DIR belongs to the caller.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), "funnel-e2e-"));
  process.env.E2E_DATA_DIR_MADE_BY_CONFIG = process.env.E2E_DATA_DIR;
  // The other apps' sibling folders go with it (the global teardown removes the main one).
  const made = process.env.E2E_DATA_DIR;
  const siblings = [stripeDataDirOf, mapsDataDirOf, clockDataDirOf].map((dirOf) => dirOf(made));
  process.on("exit", () => siblings.forEach((dir) => rmSync(dir, { recursive: true, force: true, maxRetries: 3 })));
}
const dataDir = process.env.E2E_DATA_DIR;

/** The final checkout in Stripe mode runs only in the stripe project, against its own server. */
const stripeCheckout = /stripe-checkout\.e2e\.ts$/;
/** Bodies over their cap, route discovery's bounds: plain HTTP, no browser, so once (the no-js project) is enough. */
const plainHttp = /(request-bodies|route-discovery)\.e2e\.ts$/;
/** The console's pages carry no script: guessing at its sign-in runs once, without JavaScript. */
const consoleGuessing = /console-guessing\.e2e\.ts$/;
/** Address suggestions run only in the maps project, against the app with a maps key. */
const addressSuggestions = /address-suggestions\.e2e\.ts$/;
/**
 * The js project runs only what JavaScript can change. A page ships scripts only when a route
 * of it says `hydrate: true` (app/route-handle.ts): the final checkout and her card and payment
 * pages; every other page's policy is `script-src 'none'`, so with JavaScript on the browser
 * builds the same page. Tests that touch a hydrating page carry this tag.
 */
const hydrates = /@hydrates\b/;
/** The proof that every other page is the same with JavaScript on and off: it opens both itself, once. */
const scriptFreePages = /script-free-pages\.e2e\.ts\b/;
/**
 * The journeys that move the sandbox clock: *.clock.ts (not *.e2e.ts, so no other project
 * picks them up), each with and without JavaScript, only in the clock project.
 */
const clockJourneys = /\.clock\.ts$/;

/**
 * The Stripe app serves the build the main app's command makes, never a stale one: it waits
 * until build/index.js is newer than this config (unless E2E_SKIP_BUILD) and has settled.
 */
const buildNotBefore = process.env.E2E_SKIP_BUILD ? 0 : Date.now();
const waitForBuild =
  `node -e "const fs=require('fs');const since=Number(process.argv[1]);let last=-1;` +
  `const t=setInterval(()=>{let m=-1;try{m=fs.statSync('build/index.js').mtimeMs}catch{}` +
  `if(m>=since&&m===last)clearInterval(t);last=m},250)" ${buildNotBefore}`;

/** E2E_WORKERS when it is a whole number of 1 or more, else 2. */
function workerCount(setting: string | undefined): number {
  const count = Number(setting);
  return Number.isInteger(count) && count >= 1 ? count : 2;
}

/** A server the runner starts before the tests and stops after them: ready once `url` answers. */
function server(command: string, url: string, timeout: number, env?: Record<string, string>) {
  return { command, url, reuseExistingServer: false, timeout, stdout: "ignore" as const, ...(env ? { env } : {}) };
}

/**
 * Debian's headless shell of Chromium when it is installed (.ci/install-chromium), as Playwright
 * itself prefers for headless runs: the same engine on about half the CPU of the full browser
 * (docs/decisions/0048). CHROMIUM_PATH names another.
 */
const headlessShell = "/usr/bin/chromium-headless-shell";
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium");

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  },
};

export default defineConfig({
  testDir: "test/e2e",
  // Not *.spec.ts / *.test.ts: vitest's default include would pick those up too.
  testMatch: "**/*.e2e.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two here (a 2-core machine); E2E_WORKERS sets another count, higher on a bigger machine.
  workers: workerCount(process.env.E2E_WORKERS),
  // A small CI machine (2 cores) runs three servers and two browsers at once: generous limits.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT ?? "test-results/e2e-report.json" }]],
  globalTeardown: "./test/e2e/support/global-teardown.ts",
  use: {
    baseURL: appOrigin,
    // Traces slow a small machine down noticeably; E2E_TRACE=1 keeps one for each failed test.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "no-js", testIgnore: [stripeCheckout, addressSuggestions, scriptFreePages], use: { ...chromium, javaScriptEnabled: false } },
    {
      name: "js",
      testIgnore: [stripeCheckout, addressSuggestions, plainHttp, consoleGuessing],
      // The title Playwright greps holds the file's name: the proof's file runs whole.
      grep: [hydrates, scriptFreePages],
      use: { ...chromium, javaScriptEnabled: true },
    },
    {
      name: "maps",
      testMatch: addressSuggestions,
      use: { ...chromium, javaScriptEnabled: true, baseURL: mapsAppOrigin },
    },
    {
      name: "stripe",
      testMatch: stripeCheckout,
      use: { ...chromium, javaScriptEnabled: true, baseURL: stripeAppOrigin },
    },
    {
      // Against a server of their own, one at a time: a move of the clock lets the holds placed
      // before it lapse, so no other test may be waiting between a payment and its approval
      // there. The rest of the suite runs beside them on a server whose clock never moves.
      name: "clock",
      testMatch: clockJourneys,
      workers: 1,
      use: { ...chromium, baseURL: clockAppOrigin },
    },
  ],
  webServer: [
    server("node test/e2e/support/mailbox-stand-in.mjs", `${mailboxOrigin}/ready`, 30_000),
    // TypeScript (the fake Stripe it serves is the integration tests' too), loaded by tsx in
    // one process, which the runner stops with the others.
    server(`node --import tsx test/e2e/support/intake-stand-in.ts ${intakePort}`, `${intakeOrigin}/ready`, 30_000),
    // E2E_SKIP_BUILD=1 serves the build already in build/ (e.g. a CI step built it).
    server(
      process.env.E2E_SKIP_BUILD ? "node server.mjs" : "npx remix build && node server.mjs",
      `${appOrigin}/healthz`,
      120_000,
      appEnvironment(appPort, dataDir),
    ),
    // The same build, started again in Stripe mode (after the command above has built it).
    server(`${waitForBuild} && node server.mjs`, `${stripeAppOrigin}/healthz`, 120_000, stripeAppEnvironment(stripeAppPort, dataDir)),
    // The same build again, with a maps key and the places script's stand-in.
    server(`${waitForBuild} && node server.mjs`, `${mapsAppOrigin}/healthz`, 120_000, mapsAppEnvironment(mapsAppPort, dataDir)),
    // The same build again, for the journeys that move the sandbox clock (the clock project).
    server(`${waitForBuild} && node server.mjs`, `${clockAppOrigin}/healthz`, 120_000, clockAppEnvironment(clockAppPort, dataDir)),
  ],
});
