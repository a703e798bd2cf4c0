// Rate limits as she meets them: the post after the last one allowed answers 429
// with Retry-After and the same page again, what she typed still in place. The tests' address
// (127.0.0.1) is this machine's, which is never counted: the limits here hold for her session.
import { expect, failedLoadOf, test, type ConsoleGuard } from "./support/fixtures";
import { answerConcerns, answerWelcome, emailLabel, expectNoScripts, submit } from "./support/funnel";

/** rateLimits.emailCapture.limit and rateLimits.tokenRead.limit (app/server/http/rate-limits.server.ts). */
const emailCaptureLimit = 10;
const tokenReadLimit = 10;

/** rateLimits.emailCapture.windowMs and rateLimits.tokenRead.windowMs. */
const emailCaptureWindowMs = 60 * 60_000;
const tokenReadWindowMs = 10 * 60_000;

/**
 * The limits count in fixed windows on the clock: a test whose hits straddled a window's end
 * would count them in two. It begins in the next window when this one ends too soon.
 */
async function clearOfWindowEnd(windowMs: number, needMs = 20_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 250));
}

/**
 * A test that meets a limit: slow (it spends the whole limit first), its 429 expected in the
 * console, begun clear of the end of the limit's window.
 */
async function meetingTheLimit(consoleGuard: ConsoleGuard, windowMs: number): Promise<void> {
  consoleGuard.allow(failedLoadOf(429));
  test.slow();
  await clearOfWindowEnd(windowMs);
}

const tooManyAttempts = /^Too many attempts\. Please wait (1 minute|\d+ minutes) and try again\.$/;

test("an email left once too often answers 429 with the page again and the email still typed", async ({
  page,
  consoleGuard,
  expectAccessible,
}) => {
  await meetingTheLimit(consoleGuard, emailCaptureWindowMs);
  await answerWelcome(page);
  await answerConcerns(page);
  const address = page.url();
  // Her earlier emails, sent with this browser's cookies (each one goes on to the intake).
  for (let i = 0; i < emailCaptureLimit; i++) {
    const answer = await page.request.post(address, {
      form: { email: `jane${i}@example.com` },
      headers: { Origin: new URL(address).origin },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(303);
  }

  await page.getByLabel(emailLabel).fill("last@example.com");
  const response = await submit(page, "Find Out if HRT is Right for Me");
  expect(response.status()).toBe(429);
  const retryAfter = Number(response.headers()["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);

  await expect(page).toHaveURL(address);
  await expect(page).toHaveTitle(/^Error: /);
  const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });
  await expect(summary).toHaveText(/There is a problem/);
  await expect(summary.getByRole("listitem")).toHaveText(tooManyAttempts);
  await expect(page.getByLabel(emailLabel)).toHaveValue("last@example.com");
  await expectNoScripts(page);
  await expectAccessible(page);
});

test("a secure link opened once too often is not read: a 429 page says how long to wait", async ({
  page,
  consoleGuard,
  expectAccessible,
}) => {
  await meetingTheLimit(consoleGuard, tokenReadWindowMs);
  // A session of her own, so that the limit counts her.
  await answerWelcome(page);
  for (let i = 0; i < tokenReadLimit; i++) {
    await page.goto(`/pre-checkout?st=not-a-token-${i}&utm_term=t`);
    // Token Error, and on to her own flow's page without the token.
    await expect(page).toHaveURL((url) => url.pathname.startsWith("/pre-checkout") && url.search === "?utm_term=t");
  }

  const response = await page.goto("/pre-checkout?st=one-more&utm_term=t");
  expect(response?.status()).toBe(429);
  expect(Number(response?.headers()["retry-after"])).toBeGreaterThan(0);
  await expect(page.getByRole("heading", { level: 1, name: "There is a problem" })).toBeVisible();
  await expect(page.getByText(/^Too many secure links opened\. Please wait (1 minute|\d+ minutes) and reload this page/)).toBeVisible();
  await expectAccessible(page);

  // Going back leads to the same page without the token, to type her details herself.
  await page.getByRole("link", { name: "Go back" }).click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/pre-checkout") && url.search === "?utm_term=t");
  await expect(page.getByLabel("First Name")).toHaveValue("");
});
