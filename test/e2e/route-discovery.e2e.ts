// Remix's route discovery (/__manifest) over real HTTP against the built server: what a page
// asks is answered, an ask no page makes is refused before Remix spends a second of CPU on it.
// Plain HTTP and no browser, so it runs in the no-js project only (playwright.config.ts).
import { readFileSync } from "node:fs";
import { expect, test } from "./support/fixtures";

test("Remix's route discovery answers what a page asks, and refuses an ask no page makes before Remix spends a second on it", async ({
  page,
}) => {
  const version = /version: *"([a-z0-9]+)"/.exec(readFileSync("build/index.js", "utf8"))![1];
  const asked = await page.request.get(`/__manifest?p=/welcome&version=${version}`);
  expect(asked.status()).toBe(200);
  expect(Object.keys(await asked.json())).toContain("routes/welcome");
  // One path of 3,700 segments in a 7 KB address: every leading part of it would be matched.
  const deep = await page.request.get(`/__manifest?p=/${Array.from({ length: 3700 }, () => "a").join("/")}&version=${version}`);
  expect(deep.status()).toBe(400);
});
