// The owner's funnel report as she uses it: two visitors from a campaign of their own walk
// the first steps (one in each variant), the owner signs in, filters the funnel by their
// source, reads the same numbers a person would count, groups them by variant, downloads the
// CSV, and gets a clear message for a backwards range. Without JavaScript (the console ships
// no script); axe on every state. Other tests share the server, so only this test's own source is counted.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, failedLoadOf, test } from "./support/fixtures";
import { answerConcerns, answerWelcome, expectErrorSummary, expectNoScripts } from "./support/funnel";

/** The funnel table's row of a step: its flows and shares. */
function stepRow(page: Page, step: string) {
  return page.getByRole("table", { name: /Flows reaching each step, with the share/ }).getByRole("row", { name: new RegExp(`^${step}`) });
}

test("the owner filters the funnel by a source, groups it by variant, and downloads it as CSV", async ({
  page,
  owner,
  newVisitor,
  consoleGuard,
  expectAccessible,
}) => {
  test.slow(); // two visitors, then five console screens with axe on each
  consoleGuard.allow(failedLoadOf(400));
  const source = `e2e-${randomUUID().slice(0, 8)}`;

  // One visitor answers two questions in the current variant, another one in the classic variant.
  await answerWelcome(page, `?utm_source=${source}&utm_campaign=spring&variant=current`);
  await answerConcerns(page);
  const classic = await newVisitor();
  await answerWelcome(classic, `?utm_source=${source}&variant=classic`);

  // Not signed in, the report is not hers to see: the sign-in page instead.
  const stranger = await newVisitor();
  await stranger.goto("/owner/funnel");
  await expect(stranger).toHaveURL((url) => url.pathname === "/owner");

  // The owner, signed in, follows the console's Funnel link.
  await owner.goto("/owner");
  await owner.getByRole("navigation", { name: "Owner's console" }).getByRole("link", { name: "Funnel" }).click();
  await expect(owner).toHaveURL((url) => url.pathname === "/owner/funnel");
  await expect(owner.getByRole("heading", { level: 1, name: "Funnel" })).toBeVisible();
  await expect(owner).toHaveTitle("Funnel: Owner's console");
  await expectNoScripts(owner);
  await expectAccessible(owner);

  // Filtered by their source: two flows began, both answered welcome, one the concerns.
  await owner.getByLabel("UTM source").selectOption({ label: `${source} (2)` });
  await owner.getByRole("button", { name: "Show" }).click();
  await expect(owner).toHaveURL((url) => url.searchParams.get("source") === source);
  await expect(owner.getByText(/^2 flows began in these dates/)).toBeVisible();
  await expect(stepRow(owner, "Welcome")).toHaveText(/Welcome.*2100\.0%100\.0%$/);
  await expect(stepRow(owner, "Concerns")).toHaveText(/Concerns.*150\.0%50\.0%$/);
  await expect(stepRow(owner, "Social proof")).toHaveText(/Social proof.*00\.0%0\.0%$/);
  await expect(owner.getByRole("img", { name: /Flows reaching each step as bars/ })).toBeVisible();
  await expect(owner.getByRole("table", { name: "The variants side by side" }).getByRole("row", { name: /^Current/ })).toContainText("1");
  await expect(owner.getByText("Not enough data yet: each variant needs at least 100 flows.").first()).toBeVisible();
  await expectAccessible(owner);

  // Grouped by variant: one flow each.
  await owner.getByLabel("Group by").selectOption({ label: "Variant" });
  await owner.getByRole("button", { name: "Show" }).click();
  const byVariant = owner.getByRole("table", { name: "Flows reaching each step, by Variant" });
  await expect(
    byVariant
      .getByRole("row", { name: /^Current/ })
      .getByRole("cell")
      .first(),
  ).toHaveText("1");
  await expect(
    byVariant
      .getByRole("row", { name: /^Classic/ })
      .getByRole("cell")
      .first(),
  ).toHaveText("1");
  await expectAccessible(owner);

  // The CSV says the same, group by group.
  const [download] = await Promise.all([
    owner.waitForEvent("download"),
    owner.getByRole("link", { name: "Download the funnel (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^funnel-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  expect(csv).toContain("Group,Step,Flows,% of step before,% of flows begun\r\n");
  expect(csv).toContain("Current,Welcome,1,100,100\r\nCurrent,Concerns,1,100,100\r\n");
  expect(csv).toContain("Classic,Welcome,1,100,100\r\nClassic,Concerns,0,0,0\r\n");

  // A backwards range: a message by the field and the whole report held back, with a 400.
  await owner.getByLabel("From").fill("2026-05-01");
  await owner.getByLabel("To").fill("2026-04-01");
  expect(
    (
      await Promise.all([
        owner.waitForResponse((r) => r.url().includes("/owner/funnel?")),
        owner.getByRole("button", { name: "Show" }).click(),
      ])
    )[0].status(),
  ).toBe(400);
  await expectErrorSummary(owner, ["The start date must be on or before the end date."]);
  await expect(owner).toHaveTitle("Error: Funnel: Owner's console");
  await expect(owner.getByLabel("To")).toHaveValue("2026-04-01");
  await expectAccessible(owner);
});
