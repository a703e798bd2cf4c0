// The older variant's home-style landing at /home (spec sections 1 and 2): the 96%
// landing statistic, the weight-loss chart with its table for screen readers, the two
// weight-loss injections, and "Get started" into /welcome. A current visitor never sees it.
import { expect, test } from "./support/fixtures";
import { answerWelcome, expectNoScripts } from "./support/funnel";

const chartName = "An example weight-loss journey: the first three months";
const welcomeHeading = "It's not you. It's menopause.";

test("a classic visitor sees the 96% statistic, the chart and its table, and gets started at /welcome", async ({
  page,
  expectAccessible,
}) => {
  const response = await page.goto("/home?variant=classic&utm_source=e2e");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^Menopause and weight-loss care, online/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The landing statistic (spec section 1).
  const claims = page.getByRole("list", { name: "Why women choose us" });
  await expect(claims.getByRole("listitem").filter({ hasText: "96%" })).toContainText(
    "96% of women say they would recommend us to a friend",
  );

  // The chart is one image named by its caption, described by its summary; the table carries
  // the same numbers for a screen reader.
  const chart = page.getByRole("img", { name: chartName, exact: true });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(/^From 555 at month 0 to 482 at month 3\./);
  const table = page.getByRole("table", { name: chartName, exact: true });
  await expect(table.getByRole("columnheader")).toHaveText(["Month", "Weight"]);
  await expect(table.getByRole("rowheader")).toHaveText(["0", "1", "2", "3"]);
  await expect(table.getByRole("cell")).toHaveText(["555", "530", "504", "482"]);

  const treatments = page.getByRole("region", { name: "Weight-loss treatments" });
  await expect(treatments.getByRole("heading", { level: 3 })).toHaveText(["Semaglutide", "Tirzepatide"]);
  await expect(treatments).toContainText("from $199/month");
  await expect(treatments).toContainText("from $297/month");

  await expectNoScripts(page);
  await expectAccessible(page);

  // "Get started" carries the tracking params and her variant: the page sets no cookie.
  const start = page.getByRole("link", { name: "Get started" });
  await expect(start).toHaveAttribute("href", "/welcome?utm_source=e2e&variant=classic");
  await start.click();
  await expect(page).toHaveURL(/\/welcome\?utm_source=e2e&variant=classic$/);
  await expect(page.getByRole("heading", { level: 1, name: welcomeHeading })).toBeVisible();
});

test("the classic variant sticks once she answers: /home without the link parameter still shows the landing", async ({ page }) => {
  await page.goto("/home?variant=classic");
  await page.getByRole("link", { name: "Get started" }).click();
  await answerWelcome(page, "?variant=classic");
  const again = await page.goto("/home");
  expect(again?.status()).toBe(200);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("img", { name: chartName, exact: true })).toBeVisible();
});

test("a current visitor who opens /home lands on /welcome with her query", async ({ page }) => {
  const response = await page.goto("/home?utm_source=e2e");
  const redirect = await response?.request().redirectedFrom()?.response();
  expect(redirect?.status()).toBe(303);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/welcome\?utm_source=e2e$/);
  await expect(page.getByRole("heading", { level: 1, name: welcomeHeading })).toBeVisible();
  await expect(page.getByRole("img", { name: chartName })).toHaveCount(0);

  await page.goto("/home");
  await expect(page).toHaveURL(/\/welcome$/);
});
