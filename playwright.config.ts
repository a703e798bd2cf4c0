// End-to-end tests: the built app served as in production, plus a stand-in for the external
// intake flow, driven by Debian's Chromium in two projects: without JavaScript (the funnel's
// baseline, see ARCHITECTURE.md "HTML first") and with it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { appEnvironment, appOrigin, appPort, intakeOrigin, intakePort } from "./test/e2e/support/servers";

// A fresh database per run. The config is loaded again in every worker process; they inherit
// the main process's environment, so the folder is made once and shared. A folder the config
// made is removed by the global teardown; one passed in E2E_DATA_DIR belongs to the caller.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), "funnel-e2e-"));
  process.env.E2E_DATA_DIR_MADE_BY_CONFIG = process.env.E2E_DATA_DIR;
}
const dataDir = process.env.E2E_DATA_DIR;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  workers: Math.min(2, Number(process.env.E2E_WORKERS ?? 2)),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT ?? "test-results/e2e-report.json" }]],
  globalTeardown: "./test/e2e/support/global-teardown.ts",
  use: {
    baseURL: appOrigin,
    // Traces slow a small machine down noticeably; E2E_TRACE=1 keeps one for each failed test.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false } },
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
  ],
  webServer: [
    {
      command: `node test/e2e/support/intake-stand-in.mjs ${intakePort}`,
      url: `${intakeOrigin}/ready`,
      reuseExistingServer: false,
      timeout: 10_000,
      stdout: "ignore",
    },
    {
      // E2E_SKIP_BUILD=1 serves the build already in build/ (e.g. a CI step built it).
      command: process.env.E2E_SKIP_BUILD ? "npx remix-serve build/index.js" : "npx remix build && npx remix-serve build/index.js",
      url: `${appOrigin}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      env: appEnvironment(appPort, dataDir),
    },
  ],
});
