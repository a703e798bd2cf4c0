// Welcome (spec section 2 "Welcome", section 5: exactly one option must be chosen).
import { expect, failedLoadOf, test } from "./support/fixtures";
import { chooseOneMessage, expectErrorSummary, expectNoScripts, submit, welcomeQuestion } from "./support/funnel";

test("welcome shows the heading, the question with four options and the button", async ({ page, expectAccessible }) => {
  await page.goto("/welcome");
  await expect(page).toHaveTitle(/^It's not you\. It's menopause\./);
  await expect(page.getByRole("heading", { level: 1, name: "It's not you. It's menopause." })).toBeVisible();
  const question = page.getByRole("group", { name: welcomeQuestion });
  await expect(question.getByRole("radio")).toHaveCount(4);
  for (const label of [
    "I'm tired of feeling this way",
    "My symptoms are disrupting my life",
    "Nothing else has helped",
    "I'm ready to take control",
  ]) {
    await expect(question.getByLabel(label)).not.toBeChecked();
  }
  await expect(page.getByRole("button", { name: "Tell me more" })).toBeVisible();
  await expectNoScripts(page);
  await expectAccessible(page);
});

test("welcome with nothing chosen answers 400 with the error summary and the field message", async ({
  page,
  consoleGuard,
  expectAccessible,
}) => {
  consoleGuard.allow(failedLoadOf(400));
  await page.goto("/welcome?utm_source=x");
  const response = await submit(page, "Tell me more");
  expect(response.status()).toBe(400);

  // Still the welcome page, flagged as an error in the title.
  await expect(page).toHaveURL(/\/welcome\?utm_source=x$/);
  await expect(page).toHaveTitle(/^Error: It's not you\. It's menopause\./);
  const [target] = await expectErrorSummary(page, [chooseOneMessage]);

  // The field's own message, tied to the group so a screen reader announces it.
  const question = page.getByRole("group", { name: welcomeQuestion });
  await expect(question).toContainText(chooseOneMessage);
  await expect(question).toHaveAccessibleDescription(new RegExp(chooseOneMessage));

  // The summary link leads to the first option of the question.
  await expect(question.locator(target!)).toHaveAttribute("type", "radio");
  await page.getByRole("link", { name: chooseOneMessage }).click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(question.locator(target!)).toBeFocused();

  await expectNoScripts(page);
  await expectAccessible(page);

  // And she can put it right from here.
  await question.getByLabel("Nothing else has helped").check();
  const retry = await submit(page, "Tell me more");
  expect(retry.status()).toBe(303);
  await expect(page).toHaveURL(/\/concerns\/[^/?]+\?utm_source=x$/);
});
