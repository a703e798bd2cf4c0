// The pages outside the questionnaire (spec section 2): thank-you, the 404 page, the health
// check; and, for every screen, the served HTML has no <script> element.
import { expect, failedLoadOf, test } from "./support/fixtures";
import { answerConcerns, answerWelcome, expectNoScripts } from "./support/funnel";

test("thank-you shows the confirmation, the next steps and the way home", async ({ page, expectAccessible }) => {
  const response = await page.goto("/thank-you");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^Payment Completed Successfully!/);
  await expect(page.getByRole("heading", { level: 1, name: "Payment Completed Successfully!" })).toBeVisible();
  await expect(page.getByText(/confirmation email/i).first()).toBeVisible();
  await expect(page.getByText("Our team will contact you within 24 hours")).toBeVisible();
  const steps = page.getByRole("region", { name: "Next steps" });
  await expect(steps.getByRole("heading", { level: 3 })).toHaveText(["Confirmation email", "Medical consultation", "Medication shipped"]);
  await expect(steps).toContainText("3-5 business days");
  const support = page.getByRole("region", { name: "Questions?" });
  await expect(support.getByRole("link", { name: /^\d[\d-]+$/ })).toHaveAttribute("href", /^tel:/);
  await expect(support.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(page.getByRole("link", { name: "Return to Homepage" })).toHaveAttribute("href", "/");
  await expectNoScripts(page);
  await expectAccessible(page);
});

test("an unknown path is a 404 page titled 404 Page Not Found", async ({ page, consoleGuard, expectAccessible }) => {
  consoleGuard.allow(failedLoadOf(404));
  const response = await page.goto("/no-such-page/at/all?utm_source=x");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/^404 Page Not Found/);
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the start" })).toHaveAttribute("href", "/welcome");
  await expectNoScripts(page);
  await expectAccessible(page);
});

test("the health check answers 200", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
});

test("no served page carries a <script> element", async ({ page }) => {
  // The page's own request context shares its cookies, so the guarded steps answer too.
  const responderUuid = await answerWelcome(page);
  await answerConcerns(page);
  const addresses = [
    "/welcome",
    "/Welcome?utm_source=x",
    `/concerns/${responderUuid}`,
    `/social-proof/${responderUuid}`,
    "/congratulations",
    `/congratulations/${responderUuid}`,
    "/thank-you",
    "/no-such-page",
  ];
  for (const address of addresses) {
    const response = await page.request.get(address, { maxRedirects: 0 });
    expect([200, 404], `status of ${address}`).toContain(response.status());
    expect(response.headers()["content-type"], address).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html, address).toMatch(/<h1[\s>]/);
    expect(html.match(/<script\b/gi) ?? [], `<script> in ${address}`).toHaveLength(0);
  }
  await expectNoScripts(page);
});
