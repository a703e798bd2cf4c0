// The older "classic" variant, without JavaScript (and with it where a test reaches the final
// checkout, which hydrates): a visitor forced to it
// goes from /home to the thank-you page; its final checkout asks for a billing address of her
// own (started there by visitorAt); a visitor forced to "current" never sees a weight-loss
// item; the assignment sticks for the whole flow.
import type { Page } from "@playwright/test";
import { expect, failedLoadOf, test } from "./support/fixtures";
import {
  addToPlan,
  agreeToSubscription,
  answerConcerns,
  categoryRegion,
  clickOption,
  emailLabel,
  expectErrorSummary,
  fillCard,
  fillDetails,
  fillShipping,
  press,
  readIntake,
  submit,
  uuidInPath,
  welcomeQuestion,
} from "./support/funnel";
import { intakeOrigin } from "./support/servers";
import { aPerson } from "../support/factories";

const mary = aPerson({ firstName: "Mary", lastName: "Classic", email: "mary.classic@example.org", phone: "(212) 555-0188" });
const classicHeading = "Almost done! Tell us where to send your personalized plan.";

function billingGroup(page: Page) {
  return page.getByRole("group", { name: "Billing Address" });
}

async function fillBilling(page: Page) {
  const billing = billingGroup(page);
  await billing.getByRole("textbox", { name: "First Name" }).fill("Mary");
  await billing.getByRole("textbox", { name: "Last Name" }).fill("Payer");
  await billing.getByRole("textbox", { name: /^Address Line 1/ }).fill("PO Box 77");
  await billing.getByRole("textbox", { name: "Zip Code" }).fill("12207");
  await billing.getByRole("combobox", { name: "State" }).selectOption("NY");
  await billing.getByRole("textbox", { name: "City" }).fill("Albany");
}

function sameAsShippingBox(page: Page) {
  return billingGroup(page).getByRole("checkbox", { name: "Billing is same as shipping information" });
}

/** Semaglutide beside the HRT defaults she kept, at their quarterly prices: $299 + $0 + $597. */
const classicPlan: [productId: string, price: number][] = [
  ["i_dont_know_no_preference", 299],
  ["progesterone_pill", 0],
  ["semaglutide", 597],
];

interface ReceivedOrder {
  path: string;
  body: {
    metadata?: Record<string, string>;
    billingAddress?: Record<string, unknown>;
    medications?: { product_id: string; price: number }[];
    payment?: { amount: number };
  };
}

/** The orders the provider's stand-in received for her: variant, billing address, medications, total. */
async function ordersReceived(page: Page, responderUuid: string) {
  const received = (await (await page.request.get(`${intakeOrigin}/provider/received/${responderUuid}`)).json()) as ReceivedOrder[];
  return received
    .filter((r) => r.path === "/api/hrt_checkout/pre_auth_checkout")
    .map((r) => ({
      variant: r.body.metadata?.variant,
      billing: [r.body.billingAddress?.sameAsShipping, r.body.billingAddress?.addressLine1, r.body.billingAddress?.zipCode],
      medications: r.body.medications?.map((m) => [m.product_id, m.price]),
      amount: r.body.payment?.amount,
    }));
}

test(
  "a visitor forced to classic goes from /home to the thank-you page, her flow classic throughout",
  { tag: "@hydrates" },
  async ({ page, expectAccessible }) => {
    test.slow(); // the whole funnel, with axe on each screen (axe runs in a scripted twin without JavaScript)
    await page.goto("/home?variant=classic&utm_source=classic-e2e");
    await expect(page.getByText("96%").first()).toBeVisible();
    await expect(page.getByRole("img", { name: /weight-loss journey/i })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Get started" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/welcome" && url.searchParams.get("utm_source") === "classic-e2e");

    await page.getByRole("group", { name: welcomeQuestion }).getByLabel("Nothing else has helped").check();
    await page.getByRole("button", { name: "Tell me more" }).click();
    await expect(page).toHaveURL(/\/concerns\/[^/?]+/);
    const responderUuid = uuidInPath(page.url());
    await answerConcerns(page);
    await page.getByLabel(emailLabel).fill(mary.email);
    await submit(page, "Find Out if HRT is Right for Me");
    await readIntake(page);

    // The intake hands her back with no variant in the link: her flow is still classic.
    await page.goto(`/checkout/${responderUuid}`);
    const weightLoss = categoryRegion(page, "Weight Loss");
    await expect(weightLoss.getByRole("button", { name: /Semaglutide/ })).toContainText("$597");
    await expect(weightLoss).toContainText("Same active ingredient as Ozempic® and Wegovy®");
    await clickOption(page, "Weight Loss", "Semaglutide");
    await expectAccessible(page);
    await addToPlan(page);

    await expect(page.getByRole("heading", { level: 1, name: classicHeading })).toBeVisible();
    await expect(page).toHaveTitle(classicHeading);
    await fillDetails(page, mary);
    await submit(page, "Send me my plan!");

    await expect(page).toHaveURL((url) => url.pathname === `/final-checkout/${responderUuid}`);
    await expect(page.getByText(/Your cart is reserved for 14:5\d/)).toBeVisible();
    const sameAsShipping = sameAsShippingBox(page);
    await expect(sameAsShipping).toBeChecked();
    await expect(billingGroup(page).getByRole("textbox", { name: "City" })).toBeHidden();
    await fillShipping(page);
    await fillCard(page);
    await agreeToSubscription(page);
    await press(page, "COMPLETE PURCHASE");
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/thank-you", { timeout: 15_000 });
    await expect(page.getByText(/weight loss journey/)).toBeVisible();
    await expectAccessible(page);

    // The order names its variant, the shipping address as billing and the injection at its
    // quarterly price (3 x $199).
    await expect
      .poll(() => ordersReceived(page, responderUuid))
      .toEqual([{ variant: "classic", billing: [true, "1 Main Street", "10001"], medications: classicPlan, amount: 89600 }]);
  },
);

test(
  "the classic final checkout asks for a billing address of her own once unticked, and the order carries it",
  { tag: "@hydrates" },
  async ({ page, consoleGuard, expectAccessible, visitorAt }) => {
    consoleGuard.allow(failedLoadOf(400));
    const responderUuid = await visitorAt("final-checkout", {
      details: mary,
      variant: "classic",
      products: classicPlan.map(([productId]) => productId),
    });
    const sameAsShipping = sameAsShippingBox(page);
    await expect(sameAsShipping).toBeChecked();
    await fillShipping(page);
    await fillCard(page);
    await agreeToSubscription(page);

    // Unticked, the billing fields show, and the server asks for each of them.
    await sameAsShipping.uncheck();
    await expect(billingGroup(page).getByRole("textbox", { name: "City" })).toBeVisible();
    await expectAccessible(page);
    const missing = await press(page, "COMPLETE PURCHASE");
    expect(missing.status()).toBe(400);
    await expectErrorSummary(page, [
      "Enter the first name for your billing address",
      "Enter the last name for your billing address",
      "Enter the first line of your billing address",
      "Enter the ZIP code of your billing address",
      "Select the state of your billing address",
      "Enter the city of your billing address",
    ]);
    await expect(page.getByRole("dialog", { name: "Missing Information" })).toContainText("Please fill in all billing address fields");
    await expect(sameAsShipping).not.toBeChecked();
    await expectAccessible(page);

    await fillBilling(page);
    await page.getByRole("textbox", { name: "Security code" }).fill("123");
    await press(page, "COMPLETE PURCHASE");
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect
      .poll(() => ordersReceived(page, responderUuid))
      .toEqual([{ variant: "classic", billing: [false, "PO Box 77", "12207"], medications: classicPlan, amount: 89600 }]);
  },
);

test("a visitor forced to current never sees a weight-loss item", async ({ page }) => {
  await page.goto("/home?variant=current");
  await expect(page).toHaveURL((url) => url.pathname === "/welcome");
  await page.getByRole("group", { name: welcomeQuestion }).getByLabel("Nothing else has helped").check();
  await page.getByRole("button", { name: "Tell me more" }).click();
  await expect(page).toHaveURL(/\/concerns\/[^/?]+/);
  const responderUuid = uuidInPath(page.url());
  await page.goto(`/checkout/${responderUuid}`);
  await expect(page.getByRole("heading", { level: 1, name: "Build your treatment plan" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Weight Loss" })).toHaveCount(0);
  await expect(page.getByText(/Semaglutide|Tirzepatide/)).toHaveCount(0);
  await clickOption(page, "Estrogen", "Patch");
  await addToPlan(page);
  await expect(page.getByRole("heading", { level: 1, name: "Personal Information" })).toBeVisible();
  // /home is the older variant's page: she is sent to /welcome.
  await page.goto("/home");
  await expect(page).toHaveURL((url) => url.pathname === "/welcome");
});

test("the assignment sticks for the whole flow, whatever a later link says", async ({ page }) => {
  await page.goto("/welcome?variant=classic");
  await page.getByRole("group", { name: welcomeQuestion }).getByLabel("Nothing else has helped").check();
  await page.getByRole("button", { name: "Tell me more" }).click();
  await expect(page).toHaveURL(/\/concerns\/[^/?]+/);
  const responderUuid = uuidInPath(page.url());
  await page.goto(`/checkout/${responderUuid}?variant=current`);
  await expect(categoryRegion(page, "Weight Loss")).toBeVisible();
  await addToPlan(page);
  await expect(page.getByRole("heading", { level: 1, name: classicHeading })).toBeVisible();
  // A flow begun after that link is a current one.
  await page.goto("/welcome");
  await page.getByRole("group", { name: welcomeQuestion }).getByLabel("Nothing else has helped").check();
  await page.getByRole("button", { name: "Tell me more" }).click();
  await expect(page).toHaveURL(/\/concerns\/[^/?]+/);
  await page.goto(`/checkout/${uuidInPath(page.url())}`);
  await expect(page.getByRole("region", { name: "Weight Loss" })).toHaveCount(0);
});
