// The final checkout with the sandbox gateway (spec sections 2 "Final checkout" and
// "Thank-you", 4, 5 and 8): a new visitor from /welcome to the thank-you page, a declined
// card, 3-D Secure, the empty cart. With and without JavaScript. Only the first test walks
// the funnel; the others start at the final checkout (visitorAt), her plan Patch and Pill.
import { expect, failedLoadOf, test } from "./support/fixtures";
import {
  addToPlan,
  agreeToSubscription,
  answerConcerns,
  answerWelcome,
  clickOption,
  emailLabel,
  expectErrorSummary,
  fillCard,
  fillDetails,
  fillShipping,
  press,
  readIntake,
  submit,
} from "./support/funnel";
import { waitForEmail } from "./support/inbox";
import { expectSpanishPage } from "./support/in-spanish";
import { referencePattern } from "./support/paid-order";
import { intakeOrigin } from "./support/servers";
import { aPerson } from "../support/factories";
import { checkoutLastDay } from "../../app/funnel/consent";
import { translator } from "../../app/i18n/messages";

const jane = aPerson({ email: "jane.final@example.org" });

test(
  "a new visitor goes from /welcome to the thank-you page with the sandbox card 4242",
  { tag: "@hydrates" },
  async ({ page, consoleGuard, expectAccessible }) => {
    test.slow(); // the whole funnel, with axe on each screen (axe runs in a scripted twin without JavaScript)
    consoleGuard.allow(failedLoadOf(400));
    const responderUuid = await answerWelcome(page, "?utm_source=e2e&referral_code=friend");
    await answerConcerns(page);
    await page.getByLabel(emailLabel).fill(jane.email);
    await submit(page, "Find Out if HRT is Right for Me");
    await readIntake(page);
    // The intake (a stand-in here) hands her back to her plan.
    await page.goto(`/checkout/${responderUuid}?responderUuid=${responderUuid}`);
    await clickOption(page, "Estrogen", "Patch");
    await addToPlan(page);
    await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue(jane.email);
    await fillDetails(page, jane);
    await submit(page, "CONTINUE TO CHECKOUT");

    await expect(page).toHaveURL((url) => url.pathname === `/final-checkout/${responderUuid}`);
    await expect(page.getByRole("heading", { level: 1, name: "Secure Checkout" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Personal Information" })).toHaveAttribute(
      "href",
      new RegExp(`^/pre-checkout/${responderUuid}`),
    );
    await expect(page.getByText(/Your cart is reserved for 1[45]:\d\d/)).toBeVisible();
    const summary = page.locator(".order-summary");
    await expect(summary).toContainText("Quarterly (billed every 3 months)");
    await expect(summary).toContainText("FREE");
    await expect(summary.locator(".summary-total")).toContainText("$399.00");
    await expect(page.getByRole("checkbox", { name: /Subscription Agreement/ })).not.toBeChecked();
    await expect(page.getByText("Sandbox:", { exact: false }).first()).toBeVisible();
    // Account Details is folded away, her details already in it.
    await page.getByText("Account Details", { exact: true }).click();
    await expect(page.getByRole("textbox", { name: "First Name" })).toHaveValue(jane.firstName);
    await expectAccessible(page);

    // Nothing of the address yet: the spec's message and each field's own.
    await fillCard(page, "4242 4242 4242 4242");
    await agreeToSubscription(page);
    const missing = await press(page, "COMPLETE PURCHASE");
    expect(missing.status()).toBe(400);
    await expectErrorSummary(page, ["Enter the first line of your address", "Enter your ZIP code", "Select your state", "Enter your city"]);
    await expect(page.getByRole("dialog", { name: "Missing Information" })).toContainText("Please fill in all shipping address fields");
    await expectAccessible(page);

    await fillShipping(page);
    await page.getByRole("textbox", { name: "Security code" }).fill("123");
    await press(page, "COMPLETE PURCHASE");
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByText("Payment successful! Redirecting you...")).toBeVisible();
    // Her order reference, and where her order details went (her address masked).
    const referenceLine = page.getByText(/^Your order reference is /);
    await expect(referenceLine).toHaveText(new RegExp(`^Your order reference is ${referencePattern.source}$`));
    const reference = (await referenceLine.textContent())!.match(referencePattern)![0];
    await expect(page.getByText(/We have emailed your order details to/)).toContainText(`${jane.email[0]}•••@example.org`);
    await expectAccessible(page);

    // After the delay (6 s in the tests), with or without JavaScript, the thank-you page.
    await expect(page).toHaveURL((url) => url.pathname === "/thank-you", { timeout: 15_000 });
    await expect(page.getByRole("heading", { name: "Payment Completed Successfully!" })).toBeVisible();
    await expect(page.getByText("Our team will contact you within 24 hours")).toBeVisible();
    await expectAccessible(page);

    // The provider received the order once, with her payment in cents.
    await expect
      .poll(async () => {
        const received = (await (await page.request.get(`${intakeOrigin}/provider/received/${responderUuid}`)).json()) as {
          path: string;
          body: { payment?: { amount: number }; metadata?: Record<string, string> };
        }[];
        return received
          .filter((r) => r.path === "/api/hrt_checkout/pre_auth_checkout")
          .map((r) => [r.body.payment?.amount, r.body.metadata?.utm_source, r.body.metadata?.referral_code]);
      })
      .toEqual([[39900, "e2e", "friend"]]);

    // The acknowledgment she is sent names the reference the page showed.
    await waitForEmail(jane.email, new RegExp(`^We've received your order ${reference}$`));
  },
);

test(
  "a declined card says so and keeps every field but the security code",
  { tag: "@hydrates" },
  async ({ page, consoleGuard, expectAccessible, visitorAt }) => {
    consoleGuard.allow(failedLoadOf(402));
    await visitorAt("final-checkout", { details: jane });
    await fillShipping(page);
    await fillCard(page, "4000 0000 0000 0002");
    await agreeToSubscription(page);
    const declined = await press(page, "COMPLETE PURCHASE");
    expect(declined.status()).toBe(402);
    await expect(page.getByRole("alert").filter({ hasText: "Your payment did not go through" })).toContainText("Your card was declined.");
    await expect(page).toHaveTitle(/^Error: /);
    await expect(page.getByRole("textbox", { name: /^Address Line 1/ })).toHaveValue("1 Main Street");
    await expect(page.getByRole("combobox", { name: "State" })).toHaveValue("NY");
    await expect(page.getByRole("textbox", { name: "Card number" })).toHaveValue("4000 0000 0000 0002");
    await expectAccessible(page);

    // Another card goes through.
    await fillCard(page, "4242 4242 4242 4242");
    await press(page, "COMPLETE PURCHASE");
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  },
);

test("a 3-D Secure card is confirmed on the sandbox page", { tag: "@hydrates" }, async ({ page, expectAccessible, visitorAt }) => {
  await visitorAt("final-checkout", { details: jane });
  await fillShipping(page);
  await fillCard(page, "4000 0027 6000 3184");
  await agreeToSubscription(page);
  await press(page, "COMPLETE PURCHASE");
  await expect(page.getByRole("heading", { name: "Confirm your payment" })).toBeVisible();
  await expectAccessible(page);
  await press(page, "Complete authentication");
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
});

test("a good promo code lowers the total, with its own button", { tag: "@hydrates" }, async ({ page, visitorAt }) => {
  await visitorAt("final-checkout", { details: jane, query: "?referral_code=friend" });
  await page.getByRole("textbox", { name: "Promo code" }).fill("welcome20");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Promo code applied! You saved $79.80")).toBeVisible();
  await expect(page.locator(".summary-total")).toContainText("$319.20");
});

test("an empty cart says No medications selected and leads back", { tag: "@hydrates" }, async ({ page, expectAccessible }) => {
  await page.goto("/pre-checkout");
  await fillDetails(page, jane);
  await page.getByRole("textbox", { name: "E-mail" }).fill(jane.email);
  await submit(page, "CONTINUE TO CHECKOUT");
  await expect(page.getByRole("heading", { level: 1, name: "No medications selected" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the checkout page" })).toBeVisible();
  await expectAccessible(page);
});

for (const language of ["en", "es"] as const) {
  test(
    `her consent is hers to give (${language}): the box starts unticked, COMPLETE PURCHASE without it holds nothing, the renewal's terms stand above the card`,
    { tag: "@hydrates" },
    async ({ page, consoleGuard, expectAccessible, visitorAt }) => {
      consoleGuard.allow(failedLoadOf(400));
      const words = translator(language);
      const responderUuid = await visitorAt("final-checkout", { details: jane, plan: "monthly" });
      if (language === "es") await page.goto(`/final-checkout/${responderUuid}?lang=es`);
      const check = (target: typeof page) => (language === "es" ? expectSpanishPage(target, expectAccessible) : expectAccessible(target));
      const agreement = page.getByRole("checkbox", { name: words("finalCheckout.agreement") });
      const cardNumber = page.getByRole("textbox", { name: words("cardForm.cardNumber") });
      await expect(agreement).not.toBeChecked();

      // The amount and cadence, renewing until she cancels, how to cancel and her last day to
      // cancel before the first renewal (a month from today), all above the card fields.
      const lastDay = words("disclosure.lastDayFirst", { date: checkoutLastDay(words, "monthly", new Date()) });
      for (const line of [words("disclosure.cancelOnline"), lastDay]) {
        const terms = page.getByText(line, { exact: true });
        await expect(terms).toBeVisible();
        expect((await terms.boundingBox())!.y).toBeLessThan((await cardNumber.boundingBox())!.y);
      }
      await expect(page.getByText(words("disclosure.amount", { amountAndCadence: "" }))).toBeVisible();
      await check(page);

      await page.getByRole("textbox", { name: new RegExp(`^${words("addressForm.addressLine1")}`) }).fill("1 Main Street");
      await page.getByRole("textbox", { name: words("addressForm.zipCode") }).fill("10001");
      await page.getByRole("combobox", { name: words("addressForm.state") }).selectOption("NY");
      await page.getByRole("textbox", { name: words("addressForm.city") }).fill("New York");
      await cardNumber.fill("4242 4242 4242 4242");
      await page.getByRole("textbox", { name: words("cardForm.expiry") }).fill("12/30");
      await page.getByRole("textbox", { name: words("cardForm.securityCode") }).fill("123");
      expect((await press(page, words("finalCheckout.completePurchase"))).status()).toBe(400);
      await expectErrorSummary(page, [words("finalCheckout.agreementMissing")], words("common.problem"));
      await expect(agreement).not.toBeChecked();
      await expect(agreement).toHaveAccessibleDescription(
        new RegExp(`^${words("form.errorPrefix")}${words("finalCheckout.agreementMissing")}`),
      );
      await expect(page.locator(".agreement .field-error")).toHaveText(
        `${words("form.errorPrefix")}${words("finalCheckout.agreementMissing")}`,
      );
      await check(page);
      // Nothing held: the provider was sent no order.
      const received = (await (await page.request.get(`${intakeOrigin}/provider/received/${responderUuid}`)).json()) as { path: string }[];
      expect(received.filter((r) => r.path === "/api/hrt_checkout/pre_auth_checkout")).toEqual([]);

      // Ticked by her, it goes through.
      await agreement.check();
      await page.getByRole("textbox", { name: words("cardForm.securityCode") }).fill("123");
      await press(page, words("finalCheckout.completePurchase"));
      await expect(page.getByRole("heading", { name: words("paymentComplete.title") })).toBeVisible();
    },
  );
}
