// Her whole story from her link, as the QA person of the issue lives it: she pays for a
// quarterly plan, the owner approves, and from the link in her email she opens a receipt,
// switches to monthly, moves her next date two weeks, gives another card, changes her address,
// downloads her data, sees on the cancel page the break she already has and leaves it; once
// her next period has begun (billed on the new plan and card) she declines the break offered
// and cancels with one press; each change arrives as an email. Then "Delete my data",
// and support changing her date from the console. Without JavaScript; the story that gives
// her card page (which hydrates) a new card with it too. Axe on every
// page and on one error state of each form, each one a mistake a person can make.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { withClockLock } from "./support/clock-lock";
import { expect, failedLoadOf, test, type VisitorAt } from "./support/fixtures";
import { expectErrorSummary, fillCard, fillShipping, press, submit } from "./support/funnel";
import { subscriptionLinkIn, waitForEmail } from "./support/inbox";
import { ownerEmail, ownerPassword } from "./support/servers";
import { aPerson } from "../support/factories";

const referencePattern = /MC-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}/;

/** A visitor with an inbox of her own pays on the final checkout; returns her details and reference. */
async function pays(page: Page, visitorAt: VisitorAt, plan: "monthly" | "quarterly") {
  const person = { ...aPerson(), email: `jane.${randomUUID().slice(0, 8)}@example.org` };
  await visitorAt("final-checkout", { details: person, plan });
  await fillShipping(page);
  await fillCard(page, "4242 4242 4242 4242");
  await press(page, "COMPLETE PURCHASE");
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  const reference = (await page.getByText(/^Your order reference is /).textContent())!.match(referencePattern)![0];
  // The page sends her on by itself after a moment: let it, so it cannot cut a later visit short.
  await expect(page).not.toHaveURL(/\/payment-complete\//, { timeout: 15_000 });
  const link = subscriptionLinkIn((await waitForEmail(person.email, /We've received your order/)).text);
  return { person, reference, link };
}

/** The owner, signed in in a browser of her own. */
async function signedInOwner(newVisitor: () => Promise<Page>): Promise<Page> {
  const owner = await newVisitor();
  await owner.goto("/owner");
  await owner.getByLabel("Email").fill(ownerEmail);
  await owner.getByLabel("Password").fill(ownerPassword);
  await submit(owner, "Sign in");
  return owner;
}

async function approve(owner: Page, reference: string) {
  await owner.goto(`/owner/orders/${reference}`);
  await submit(owner, "Approve");
  await expect(owner.getByRole("status")).toContainText("Approved.");
}

test("from the link in her email: a receipt, monthly instead of quarterly, her date two weeks on, a new card and address, her data, and a cancel with one press", { tag: "@hydrates" }, async ({
  page,
  newVisitor,
  visitorAt,
  consoleGuard,
  expectAccessible,
  javaScriptEnabled,
}) => {
  test.slow(); // a payment, an approval, eight pages of hers with axe on each and on an error of each form
  for (const status of [400, 402, 409]) consoleGuard.allow(failedLoadOf(status));
  await withClockLock(async () => {
    const { person, reference, link } = await pays(page, visitorAt, "quarterly");
    const owner = await signedInOwner(newVisitor);
    await approve(owner, reference);
    await waitForEmail(person.email, /was prescribed: receipt/);

    // A receipt of her first payment.
    await page.goto(link);
    await page.getByRole("row", { name: /Charged \(from the hold\)/ }).getByRole("link", { name: /Receipt/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
    await expect(page.getByText("Prescribed by a licensed provider")).toBeVisible();

    // Monthly instead of quarterly: the chooser, the preview, one press.
    await page.goto(link);
    await page.getByRole("link", { name: "Change plan" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Change your plan" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "See what changes" }).click();
    await expectErrorSummary(page, ["Choose the plan you want."]);
    await expectAccessible(page);
    await page.getByRole("radio", { name: /^Monthly: \$149\.00 every month/ }).check();
    await page.getByRole("button", { name: "See what changes" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Change to the Monthly plan" })).toBeVisible();
    await expect(page.getByText(/^\$149\.00 every month, from /)).toBeVisible();
    const preview = page.url();
    await expectAccessible(page);
    expect((await submit(page, "Change my plan")).status()).toBe(303);
    await expect(page.getByRole("heading", { name: "Plan changed" })).toBeVisible();
    const planEmail = await waitForEmail(person.email, /Your plan for .* changes to Monthly on /);
    expect(planEmail.text).toContain("As you asked:");
    // The preview opened again (her browser's Back, a second window): nothing more can change.
    expect((await page.goto(preview))?.status()).toBe(409);
    await expect(page.getByRole("alert")).toContainText("You are already on the Monthly plan, so nothing was changed.");
    await expect(page.getByRole("button", { name: "Change my plan" })).toHaveCount(0);
    await expectAccessible(page);

    // Her next date two weeks later; first pressed without choosing how far.
    await page.goto(link);
    await page.getByRole("link", { name: "Move my billing date, skip a period or ship sooner" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Change your billing date" })).toBeVisible();
    await expectAccessible(page);
    expect((await press(page, "Move my billing date")).status()).toBe(400);
    await expectErrorSummary(page, ["Choose how many weeks to move your billing date: 1 to 8."]);
    await expectAccessible(page);
    const moveTo = page.getByRole("combobox", { name: "Move my next billing date" });
    await moveTo.selectOption("2");
    const movedTo = (await moveTo.locator("option:checked").textContent())!.replace(/^2 weeks later: /, "");
    expect((await press(page, "Move my billing date")).status()).toBe(303);
    await expect(page.getByRole("heading", { name: "Billing date changed" })).toBeVisible();
    await expect(page.getByText(`Your next billing date is now ${movedTo}, moved from`)).toBeVisible();
    await waitForEmail(person.email, new RegExp(`Your next billing date for ${reference} is now ${movedTo}`));

    // Another card: a declined one first, then a sandbox card that works.
    await page.goto(link);
    await page.getByRole("link", { name: "Update card" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Update your card" })).toBeVisible();
    await expect(page.getByText("Visa ending 4242")).toBeVisible();
    await expectAccessible(page);
    await fillCard(page, "4000 0000 0000 0002");
    expect((await press(page, "Use this card")).status()).toBe(402);
    await expect(page.getByRole("alert")).toContainText("Your card was declined.");
    // The number she typed is never sent back in the page (with JavaScript, her browser keeps it in the field).
    if (!javaScriptEnabled) await expect(page.getByRole("textbox", { name: "Card number" })).toHaveValue("");
    await expectAccessible(page);
    await fillCard(page, "5555 5555 5555 4444");
    await press(page, "Use this card");
    await expect(page.getByRole("heading", { name: "Card updated" })).toBeVisible();
    await expect(page.getByText("Your card for future payments is now Mastercard ending 4444.")).toBeVisible();
    expect((await waitForEmail(person.email, /Your card for .* is updated/)).text).toContain("Mastercard ending 4444");

    // Her new address: a PO Box is refused beside its field, then a street address is saved.
    await page.goto(link);
    await page.getByRole("link", { name: "Change shipping address" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Change shipping address" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("textbox", { name: /^Address Line 1/ }).fill("PO Box 12");
    expect((await press(page, "Save this address")).status()).toBe(400);
    await expectErrorSummary(page, ["We cannot deliver to a PO Box. Enter a street address."]);
    await expectAccessible(page);
    await fillShipping(page, { line1: "20 Oak Avenue", zipCode: "14201", state: "NY", city: "Buffalo" });
    expect((await press(page, "Save this address")).status()).toBe(303);
    await expect(page.getByRole("heading", { name: "Shipping address saved" })).toBeVisible();
    await expect(page.getByText("20 Oak Avenue")).toBeVisible();
    expect((await waitForEmail(person.email, /Your shipping address for .* is changed/)).text).toContain("Buffalo");

    // Her data: a JSON file with her order in it, and no card number.
    await page.goto(link);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
    const file = await readFile(await download.path(), "utf8");
    expect(() => JSON.parse(file)).not.toThrow();
    expect(file).toContain(reference);
    expect(file).toContain(person.email);
    for (const card of ["4242 4242 4242 4242", "5555 5555 5555 4444", "4000 0000 0000 0002"]) {
      expect(file).not.toMatch(new RegExp(card.replace(/ /g, "[ -]?")));
    }

    // On the same day, the cancel page offers the break she already has (her date moved once
    // this period); she declines it by leaving without cancelling.
    await page.goto(`${link}/cancel`);
    await expect(page.getByRole("heading", { level: 2, name: "Need a break instead?" })).toBeVisible();
    await expect(page.getByText(/^Your next billing date is already put off to /)).toBeVisible();
    await expectAccessible(page);

    // Her next period begins (the sandbox clock, moved past her moved date): billed once, at
    // the monthly price, on the new card.
    await owner.goto(`/owner/orders/${reference}`);
    await owner.getByLabel("Number of days").fill("110");
    await submit(owner, "Move forward");
    await expect(owner.getByRole("status")).toContainText("The sandbox clock moved forward 110 days");
    expect((await waitForEmail(person.email, /Receipt: your renewal/)).text).toContain("We charged $149.00 to your card");
    await page.goto(link);
    await expect(page.getByRole("row", { name: /Charged/ })).toHaveCount(2);
    await page.getByRole("row", { name: /Charged/ }).last().getByRole("link", { name: /Receipt/ }).click();
    await expect(page.getByText("Mastercard ending 4444", { exact: true })).toBeVisible();

    // Cancel: the break offered is declined; a note too long is refused; then one press.
    await page.goto(link);
    await page.getByRole("link", { name: "Cancel subscription" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Cancel subscription" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Need a break instead?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Move my billing date" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("radio", { name: "Other", exact: true }).check();
    await page.getByRole("textbox", { name: "If Other, tell us more (optional)" }).fill("I would rather see my own doctor. ".repeat(7));
    expect((await submit(page, "Yes, cancel my subscription")).status()).toBe(400);
    await expectErrorSummary(page, ["Please shorten what you wrote to 200 characters or fewer."]);
    await expectAccessible(page);
    await page.getByRole("radio", { name: "Too expensive" }).check();
    await page.getByRole("textbox", { name: "If Other, tell us more (optional)" }).fill("");
    expect((await submit(page, "Yes, cancel my subscription")).status()).toBe(200);
    await expect(page.getByText("We have emailed you a confirmation.")).toBeVisible();
    await expectAccessible(page);
    expect((await waitForEmail(person.email, /is cancelled/)).subject).toBe(`Your subscription ${reference} is cancelled`);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 2, name: "Cancelled" })).toBeVisible();
  });
});

test("delete my data: one confirmation page, one press, a page that says it is done, and her link stops working", async ({
  page,
  visitorAt,
  consoleGuard,
  expectAccessible,
}) => {
  consoleGuard.allow(failedLoadOf(410));
  // No clock lock: a hold that lapsed under another test's clock move is deleted all the same.
  const { reference, link } = await pays(page, visitorAt, "monthly");
  await page.goto(link);
  await page.getByRole("link", { name: "Delete my data" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Delete my data" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "What we must keep" })).toBeVisible();
  await expectAccessible(page);
  expect((await submit(page, "Delete my data")).status()).toBe(303);
  await expect(page.getByRole("heading", { level: 1, name: "Your data has been deleted" })).toBeVisible();
  await expect(page.getByText(reference)).toBeVisible();
  await expectAccessible(page);

  const gone = await page.goto(link);
  expect(gone?.status()).toBe(410);
  await expect(page.getByText("This link no longer works.")).toBeVisible();
  await expectAccessible(page);
});

test("support moves her billing date for her from the console, by her page's rules", async ({ page, newVisitor, visitorAt, consoleGuard, expectAccessible }) => {
  test.slow();
  consoleGuard.allow(failedLoadOf(400));
  await withClockLock(async () => {
    const { person, reference, link } = await pays(page, visitorAt, "monthly");
    const owner = await signedInOwner(newVisitor);
    await approve(owner, reference);

    await owner.goto(`/owner/orders/${reference}/change`);
    await expect(owner.getByRole("heading", { level: 1, name: `Change for her: order ${reference}` })).toBeVisible();
    await expectAccessible(owner);
    expect((await submit(owner, "Move her billing date")).status()).toBe(400);
    await expect(owner.getByRole("alert")).toContainText("Choose how many weeks to move her billing date: 1 to 8.");
    await expectAccessible(owner);
    await owner.getByRole("combobox", { name: "Move her next billing date" }).selectOption("1");
    expect((await submit(owner, "Move her billing date")).status()).toBe(303);
    await expect(owner.getByRole("status")).toBeVisible();
    const movedTo = (await waitForEmail(person.email, /Your next billing date for .* is now /)).subject.replace(/^.* is now /, "");
    await page.goto(link);
    await expect(page.getByText(`Next billing date: ${movedTo}`)).toBeVisible();
  });
});
