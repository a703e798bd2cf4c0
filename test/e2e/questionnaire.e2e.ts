// The whole questionnaire as a new visitor (spec sections 2 and 4): welcome, concerns, social
// proof, then the full-page hand-over to the external intake, tracking params carried along.
import { expect, test } from "./support/fixtures";
import {
  answerConcerns,
  answerWelcome,
  concernsQuestion,
  emailLabel,
  expectNoScripts,
  queryOf,
  readIntake,
  submit,
  uuidInPath,
  uuidPattern,
  welcomeQuestion,
} from "./support/funnel";
import { providerBaseUrl, providerToken } from "./support/servers";

test("a new visitor goes from /welcome to the intake with her uuid, email and tracking params", async ({ page, request }) => {
  const welcome = await page.goto("/welcome?utm_source=x&utm_campaign=spring");
  expect(welcome?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "It's not you. It's menopause." })).toBeVisible();
  const reasons = page.getByRole("group", { name: welcomeQuestion });
  await expect(reasons.getByRole("radio")).toHaveCount(4);
  await reasons.getByLabel("Nothing else has helped").check();
  const welcomePost = await submit(page, "Tell me more");
  expect(welcomePost.status()).toBe(303);

  // Concerns: /concerns/{uuid}, the tracking params still in the address.
  await expect(page).toHaveURL(/\/concerns\/[^/?]+\?/);
  const responderUuid = uuidInPath(page.url());
  expect(queryOf(page.url())).toEqual({ utm_source: "x", utm_campaign: "spring" });
  await expect(page.getByRole("heading", { level: 1, name: concernsQuestion })).toBeVisible();
  const concerns = page.getByRole("group", { name: concernsQuestion });
  await expect(concerns.getByRole("radio")).toHaveCount(6);
  await concerns.getByLabel("I'm worried about the cost").check();
  const concernsPost = await submit(page, "Show me how this could work");
  expect(concernsPost.status()).toBe(303);

  // Social proof: same flow, same params.
  await expect(page).toHaveURL(/\/social-proof\/[^/?]+\?/);
  expect(uuidInPath(page.url())).toBe(responderUuid);
  expect(queryOf(page.url())).toEqual({ utm_source: "x", utm_campaign: "spring" });
  const email = page.getByLabel(emailLabel);
  await expect(email).toHaveAttribute("type", "email");
  await email.fill("jane@example.com");
  const emailPost = await submit(page, "Find Out if HRT is Right for Me");
  expect(emailPost.status()).toBe(303);

  // The intake: a full-page redirect to the configured address, {responderUuid} filled in.
  const intake = await readIntake(page);
  expect(intake.path).toBe(`/intake/${responderUuid}`);
  expect(intake.query).toEqual({
    responderUuid,
    email_address: "jane@example.com",
    utm_source: "x",
    utm_campaign: "spring",
  });
  expect(intake.query.responderUuid).toMatch(uuidPattern);

  // The provider received each step of her record, with the bearer token, through the outbox.
  const receivedSteps = async () => {
    const answer = await request.get(`${providerBaseUrl}/received/${responderUuid}`);
    return ((await answer.json()) as { body: { current_step_id: string } }[]).map((r) => r.body.current_step_id);
  };
  await expect.poll(receivedSteps, { timeout: 10_000 }).toEqual(["welcome", "concerns", "social-proof"]);
  const received = await (await request.get(`${providerBaseUrl}/received/${responderUuid}`)).json();
  expect(received.every((r: { authorization: string }) => r.authorization === `Bearer ${providerToken}`)).toBe(true);
  expect(received.at(-1)).toMatchObject({
    path: "/api/hrt_checkout/sales_funnel",
    body: {
      responder_uuid: responderUuid,
      reason_you_are_here_today: ["nothing_else_has_helped"],
      concerns_about_hrt: ["im_worried_about_the_cost"],
      email_address: "jane@example.com",
      utm_source: "x",
      utm_campaign: "spring",
    },
  });
});

test("the answers so far are kept: going back shows them chosen", async ({ page }) => {
  await answerWelcome(page, "", "I'm ready to take control");
  await answerConcerns(page, "I've had bad care before");
  await page.goBack();
  await expect(page).toHaveURL(/\/concerns\//);
  await page.reload();
  await expect(page.getByRole("group", { name: concernsQuestion }).getByLabel("I've had bad care before")).toBeChecked();
});

test("/Welcome answers whatever the letter case, and its form still works", async ({ page }) => {
  const response = await page.goto("/Welcome?utm_source=case");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "It's not you. It's menopause." })).toBeVisible();
  await page.getByRole("group", { name: welcomeQuestion }).getByLabel("My symptoms are disrupting my life").check();
  await page.getByRole("button", { name: "Tell me more" }).click();
  await expect(page).toHaveURL(/\/concerns\/[^/?]+\?utm_source=case$/);
  await expectNoScripts(page);

  // The next steps too: /CONCERNS/{uuid} is the same page.
  const responderUuid = uuidInPath(page.url());
  const concerns = await page.goto(`/CONCERNS/${responderUuid}`);
  expect(concerns?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: concernsQuestion })).toBeVisible();
});

test("a new flow at /welcome forgets the old tracking params", async ({ page }) => {
  await answerWelcome(page, "?utm_source=old&utm_campaign=autumn");
  await answerWelcome(page, "?utm_medium=email");
  expect(queryOf(page.url())).toEqual({ utm_medium: "email" });
  await answerConcerns(page);
  expect(queryOf(page.url())).toEqual({ utm_medium: "email" });
});
