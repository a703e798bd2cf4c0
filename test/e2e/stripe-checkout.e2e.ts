// The final checkout in Stripe mode, with JavaScript (the funnel works with the Stripe
// stand-in): the card element is drawn by the Stripe.js stand-in, the PaymentIntent is made at
// the fake Stripe (test/support/fake-stripe, served by test/e2e/support/intake-stand-in.ts);
// nothing reaches Stripe, and nothing is asked of Stripe.js while the agreement is unticked.
// Runs only in the `stripe` project, against the app started with stripeAppEnvironment.
import type { Page } from "@playwright/test";
import { expect, failedLoadOf, test as base, type VisitorAt } from "./support/fixtures";
import { agreeToSubscription, fillShipping } from "./support/funnel";
import { stripeReceivedUrl } from "./support/servers";
import { aPerson } from "../support/factories";

/** Every test here also checks that the browser asked nothing of any host but this machine's. */
const test = base.extend<{ onlyLocalRequests: void }>({
  onlyLocalRequests: [
    async ({ context }, use) => {
      const outside: string[] = [];
      context.on("request", (request) => {
        const url = new URL(request.url());
        if (/^(https?|wss?):$/.test(url.protocol) && url.hostname !== "127.0.0.1") outside.push(request.url());
      });
      await use();
      expect(outside, "requests that left this machine").toEqual([]);
    },
    { auto: true },
  ],
});

const jane = aPerson({ email: "jane.stripe@example.org" });

/** What the API stand-in lists for each PaymentIntent it created. */
interface ReceivedIntent {
  id: string;
  amount: number;
  currency: string;
  capture_method: string;
  setup_future_usage: string | null;
  payment_method: string | null;
  status: string;
  metadata: Record<string, string>;
}

/** The card element's number field, as the Stripe.js stand-in draws it (no name: never posted). */
function cardElement(page: Page) {
  return page.locator("#card-element").getByRole("textbox", { name: "Card number" });
}

async function fillCard(page: Page, number: string) {
  await cardElement(page).fill(number);
}

/**
 * A visitor with Patch (and Pill) in her plan and her details saved, started at the final
 * checkout (visitorAt: the steps before are not what this file tests), the card element ready.
 */
async function atFinalCheckout(page: Page, visitorAt: VisitorAt): Promise<string> {
  const responderUuid = await visitorAt("final-checkout", { details: jane });
  await expect(cardElement(page)).toBeVisible();
  return responderUuid;
}

/** She ticks the agreement, then COMPLETE PURCHASE: Stripe.js makes the PaymentMethod, then the form is posted with its id. */
async function completePurchase(page: Page) {
  await agreeToSubscription(page);
  await page.getByRole("button", { name: "COMPLETE PURCHASE" }).click();
}

/** The PaymentIntents the API stand-in created for her. */
async function intentsOf(page: Page, responderUuid: string): Promise<ReceivedIntent[]> {
  const answer = await page.request.get(`${stripeReceivedUrl}?responder_uuid=${responderUuid}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as ReceivedIntent[];
}

/**
 * COMPLETE PURCHASE with a card that asks for 3-D Secure: returns the stand-in's challenge. The
 * card element opens it only after Remix has reloaded the page's data (posting again during
 * that reload would abort it), so the reload has finished by the time the dialog shows.
 */
async function purchaseIntoChallenge(page: Page, responderUuid: string) {
  const reloaded = page.waitForResponse(
    (response) => response.request().method() === "GET" && new URL(response.url()).pathname === `/final-checkout/${responderUuid}.data`,
  );
  await completePurchase(page);
  const challenge = page.getByRole("dialog", { name: "Authenticate your payment" });
  await expect(challenge).toBeVisible();
  // The reload came first (the test fails here if the challenge opened without it). Only its
  // arrival is awaited: the dialog opening shows its body was read, and waiting on Playwright's
  // "finished" for a compressed, streamed answer hung once in CI.
  await reloaded;
  return challenge;
}

function paymentFailure(page: Page) {
  return page.getByRole("alert").filter({ hasText: "Your payment did not go through" });
}

test("an unticked agreement is refused beside the box before Stripe.js is given her card, and nothing is held", async ({
  page,
  consoleGuard,
  expectAccessible,
  visitorAt,
}) => {
  consoleGuard.allow(failedLoadOf(400));
  const responderUuid = await atFinalCheckout(page, visitorAt);
  await fillShipping(page);
  await fillCard(page, "4242 4242 4242 4242");
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: "COMPLETE PURCHASE" }).click(),
  ]);
  expect(answer.status()).toBe(400);
  await expect(page.getByRole("alert").getByRole("link", { name: "Agree to the subscription terms to continue" })).toBeVisible();
  await expect(page.locator(".agreement .field-error")).toHaveText("Error: Agree to the subscription terms to continue");
  const asked = await page.evaluate(() => (window as { __stripeStandIn?: { paymentMethods: unknown[] } }).__stripeStandIn?.paymentMethods);
  expect(asked).toEqual([]);
  expect(await intentsOf(page, responderUuid)).toEqual([]);
  await expectAccessible(page);

  // Ticked, the card element makes her PaymentMethod and the hold is placed.
  await completePurchase(page);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  expect(await intentsOf(page, responderUuid)).toHaveLength(1);
});

test("a visitor with a plan pays with the card element, and one PaymentIntent holds $399.00", async ({
  page,
  expectAccessible,
  visitorAt,
}) => {
  const responderUuid = await atFinalCheckout(page, visitorAt);
  await expect(page.getByRole("heading", { level: 1, name: "Secure Checkout" })).toBeVisible();
  await expect(page.locator(".order-summary .summary-total")).toContainText("$399.00");
  // Stripe's card element, not the sandbox's three fields and its note.
  await expect(page.locator(".sandbox-note")).toHaveCount(0);
  await expect(page.getByText("Sandbox:")).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: /Expiration date/ })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Security code" })).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __stripeStandIn?: { publishableKey: string } }).__stripeStandIn?.publishableKey)).toBe(
    "pk_test_e2e",
  );
  await expectAccessible(page);

  await fillShipping(page);
  await fillCard(page, "4242 4242 4242 4242");
  await completePurchase(page);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByText("Payment successful! Redirecting you...")).toBeVisible();

  await expect(page).toHaveURL((url) => url.pathname === "/thank-you", { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Payment Completed Successfully!" })).toBeVisible();

  // Exactly one hold: manual capture, the card kept for the renewals, the total in cents.
  const intents = await intentsOf(page, responderUuid);
  expect(intents).toHaveLength(1);
  expect(intents[0]).toMatchObject({
    amount: 39900,
    currency: "usd",
    capture_method: "manual",
    setup_future_usage: "off_session",
    payment_method: "pm_card_visa",
    status: "requires_capture",
  });
});

test("a declined card says Your card was declined. and keeps the address; another card goes through", async ({
  page,
  consoleGuard,
  visitorAt,
}) => {
  // The refusal is answered 402, which Chromium logs.
  consoleGuard.allow(failedLoadOf(402));
  const responderUuid = await atFinalCheckout(page, visitorAt);
  await fillShipping(page);
  await fillCard(page, "4000 0000 0000 0002");
  await completePurchase(page);
  await expect(paymentFailure(page)).toContainText("Your card was declined.");
  await expect(page).toHaveURL((url) => url.pathname === `/final-checkout/${responderUuid}`);
  await expect(page.getByRole("textbox", { name: /^Address Line 1/ })).toHaveValue("1 Main Street");
  await expect(page.getByRole("textbox", { name: "Zip Code" })).toHaveValue("10001");
  await expect(page.getByRole("combobox", { name: "State" })).toHaveValue("NY");
  await expect(page.getByRole("textbox", { name: "City" })).toHaveValue("New York");
  await expect(cardElement(page)).toBeVisible();

  await fillCard(page, "4242 4242 4242 4242");
  await completePurchase(page);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  // The declined attempt made one PaymentIntent, the new attempt (a new idempotency key) another.
  const intents = await intentsOf(page, responderUuid);
  expect(intents.map((intent) => [intent.payment_method, intent.status])).toEqual([
    ["pm_card_chargeDeclined", "requires_payment_method"],
    ["pm_card_visa", "requires_capture"],
  ]);
});

test("a 3-D Secure card is completed in the Stripe.js dialog", async ({ page, visitorAt }) => {
  const responderUuid = await atFinalCheckout(page, visitorAt);
  await fillShipping(page);
  await fillCard(page, "4000 0027 6000 3184");
  const challenge = await purchaseIntoChallenge(page, responderUuid);
  await challenge.getByRole("button", { name: "Complete authentication" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  const intents = await intentsOf(page, responderUuid);
  expect(intents.map((intent) => [intent.payment_method, intent.status, intent.capture_method])).toEqual([
    ["pm_card_threeDSecure2Required", "requires_capture", "manual"],
  ]);
});

test("a failed 3-D Secure says so and keeps the address", async ({ page, consoleGuard, visitorAt }) => {
  consoleGuard.allow(failedLoadOf(402));
  const responderUuid = await atFinalCheckout(page, visitorAt);
  await fillShipping(page);
  await fillCard(page, "4000 0027 6000 3184");
  const challenge = await purchaseIntoChallenge(page, responderUuid);
  await challenge.getByRole("button", { name: "Fail authentication" }).click();
  await expect(paymentFailure(page)).toContainText("We are unable to authenticate your payment method.");
  await expect(page).toHaveURL((url) => url.pathname === `/final-checkout/${responderUuid}`);
  await expect(page.getByRole("textbox", { name: /^Address Line 1/ })).toHaveValue("1 Main Street");
  const intents = await intentsOf(page, responderUuid);
  expect(intents.map((intent) => intent.status)).toEqual(["requires_payment_method"]);
});
