// Concerns (spec section 2 "Concerns"): six options, exactly one to choose, and only for a
// flow this browser owns that has a welcome answer; anyone else is sent to /welcome.
import { expect, failedLoadOf, test } from "./support/fixtures";
import { answerWelcome, chooseOneMessage, concernsQuestion, expectErrorSummary, expectNoScripts, submit } from "./support/funnel";

test("concerns shows the question as the heading with six options", async ({ page, expectAccessible }) => {
  await answerWelcome(page);
  await expect(page).toHaveTitle(/^What worries you most about HRT\?/);
  await expect(page.getByRole("heading", { level: 1, name: concernsQuestion })).toBeVisible();
  const question = page.getByRole("group", { name: concernsQuestion });
  for (const label of [
    "I've heard it's not safe",
    "I don't trust it will help",
    "I've had bad care before",
    "I'm unsure about doing this online",
    "I don't want to rely on hormones",
    "I'm worried about the cost",
  ]) {
    await expect(question.getByLabel(label)).toBeVisible();
  }
  await expect(question.getByRole("radio")).toHaveCount(6);
  await expect(page.getByRole("button", { name: "Show me how this could work" })).toBeVisible();
  await expectNoScripts(page);
  await expectAccessible(page);
});

test("concerns with nothing chosen answers 400 with the error summary and the field message", async ({
  page,
  consoleGuard,
  expectAccessible,
}) => {
  consoleGuard.allow(failedLoadOf(400));
  await answerWelcome(page, "?utm_campaign=spring");
  const address = page.url();
  const response = await submit(page, "Show me how this could work");
  expect(response.status()).toBe(400);

  await expect(page).toHaveURL(address);
  await expect(page).toHaveTitle(/^Error: What worries you most about HRT\?/);
  const [target] = await expectErrorSummary(page, [chooseOneMessage]);
  const question = page.getByRole("group", { name: concernsQuestion });
  await expect(question).toContainText(chooseOneMessage);
  await expect(question).toHaveAccessibleDescription(new RegExp(chooseOneMessage));
  await expect(question.locator(target!)).toHaveAttribute("type", "radio");
  await expectNoScripts(page);
  await expectAccessible(page);

  await question.getByLabel("I don't trust it will help").check();
  expect((await submit(page, "Show me how this could work")).status()).toBe(303);
  await expect(page).toHaveURL(/\/social-proof\/[^/?]+\?utm_campaign=spring$/);
});

test("another browser that knows the uuid is sent to /welcome from concerns and social proof", async ({ page, newVisitor }) => {
  const responderUuid = await answerWelcome(page);
  const stranger = await newVisitor();

  await stranger.goto(`/concerns/${responderUuid}`);
  await expect(stranger).toHaveURL(/\/welcome$/);
  await expect(stranger.getByRole("heading", { level: 1, name: "It's not you. It's menopause." })).toBeVisible();

  await stranger.goto(`/social-proof/${responderUuid}`);
  await expect(stranger).toHaveURL(/\/welcome$/);

  // Posting an answer for her flow changes nothing either: the stranger lands on /welcome.
  const post = await stranger.request.post(`/concerns/${responderUuid}`, {
    form: { concern: "ive_heard_its_not_safe" },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(303);
  expect(post.headers()["location"]).toMatch(/^\/welcome/);

  // Her own flow is untouched: her page shows no answer chosen yet.
  await page.reload();
  await expect(page.getByRole("group", { name: concernsQuestion }).getByRole("radio", { checked: true })).toHaveCount(0);
});

test("social proof before the concerns answer sends her back to /welcome", async ({ page }) => {
  const responderUuid = await answerWelcome(page);
  await page.goto(`/social-proof/${responderUuid}`);
  await expect(page).toHaveURL(/\/welcome$/);
});

test("concerns with no welcome answer sends a new visitor to /welcome", async ({ page }) => {
  await page.goto("/concerns?utm_source=x");
  await expect(page).toHaveURL(/\/welcome\?utm_source=x$/);
});
