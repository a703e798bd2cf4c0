// Congratulations (spec sections 2 and 4): Build My Plan goes to the intake with all query
// params copied, responder_uuid renamed responderUuid; a repeated click is harmless.
import { expect, test } from "./support/fixtures";
import { appOrigin } from "./support/servers";
import { answerWelcome, expectNoScripts, readIntake, submit, uuidPattern } from "./support/funnel";

const heading = "CONGRATS YOU'RE ELIGIBLE!";

test("congratulations shows the heading, the steps and Build My Plan", async ({ page, expectAccessible }) => {
  const response = await page.goto("/congratulations");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole("main").getByRole("list").first().getByRole("listitem")).toHaveCount(5);
  await expect(page.getByRole("button", { name: "Build My Plan" })).toBeVisible();
  await expectNoScripts(page);
  await expectAccessible(page);
});

test("Build My Plan copies every query param to the intake and renames responder_uuid", async ({ page }) => {
  const responderUuid = await answerWelcome(page, "?utm_source=x");
  await page.goto(`/congratulations?responder_uuid=${responderUuid}&utm_source=x&utm_campaign=spring&promo=abc`);
  const post = await submit(page, "Build My Plan");
  expect(post.status()).toBe(303);
  const intake = await readIntake(page);
  expect(intake.path).toBe(`/intake/${responderUuid}`);
  expect(intake.query).toEqual({ responderUuid, utm_source: "x", utm_campaign: "spring", promo: "abc" });
});

test("congratulations/{uuid} of her own flow hands over that uuid", async ({ page }) => {
  const responderUuid = await answerWelcome(page);
  await page.goto(`/congratulations/${responderUuid}?utm_medium=sms`);
  await page.getByRole("button", { name: "Build My Plan" }).click();
  const intake = await readIntake(page);
  expect(intake.query).toEqual({ responderUuid, utm_medium: "sms" });
});

test("a new visitor at /congratulations gets a flow uuid of her own", async ({ page }) => {
  await page.goto("/congratulations?utm_source=fb");
  await page.getByRole("button", { name: "Build My Plan" }).click();
  const intake = await readIntake(page);
  expect(intake.query.responderUuid).toMatch(uuidPattern);
  expect(intake.query.utm_source).toBe("fb");
  expect(intake.path).toBe(`/intake/${intake.query.responderUuid}`);
});

test("another browser's uuid in the congratulations address is not handed over", async ({ page, newVisitor }) => {
  const hers = await answerWelcome(page);
  const stranger = await newVisitor();
  await stranger.goto(`/congratulations/${hers}`);
  await stranger.getByRole("button", { name: "Build My Plan" }).click();
  const intake = await readIntake(stranger);
  expect(intake.query.responderUuid).toMatch(uuidPattern);
  expect(intake.query.responderUuid).not.toBe(hers);
});

test("a repeated Build My Plan is harmless: same intake, same responderUuid", async ({ page }) => {
  await page.goto("/congratulations?utm_source=x");
  // The page is the same for every new visitor: it names no flow of its own.
  await expect(page.locator('input[name="flowClaim"]')).toHaveCount(0);
  await page.getByRole("button", { name: "Build My Plan" }).click();
  const first = await readIntake(page);
  expect(first.query.responderUuid).toMatch(uuidPattern);
  expect(first.query.utm_source).toBe("x");

  // The form sent again, as a second click does once the first answer's cookie is kept.
  const again = await page.request.post("/congratulations?utm_source=x", {
    form: {},
    maxRedirects: 0,
    headers: { Origin: appOrigin },
  });
  expect(new URL(again.headers().location!).searchParams.get("responderUuid")).toBe(first.query.responderUuid);

  // Back to the page and click again: still the same flow.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await page.getByRole("button", { name: "Build My Plan" }).click();
  const second = await readIntake(page);
  expect(second.query).toEqual(first.query);

  // And a fresh visit to the page keeps the flow too.
  await page.goto("/congratulations?utm_source=x");
  await page.getByRole("button", { name: "Build My Plan" }).click();
  expect((await readIntake(page)).query).toEqual(first.query);
});
