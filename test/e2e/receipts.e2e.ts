// Her receipt, as she gets it: paid, prescribed by the owner's approval, she opens her link,
// finds the payment in her billing history and opens its receipt, ready to print (no script:
// her browser's own Print command); the approved email's receipt link opens the same receipt.
// Without JavaScript (her pages ship no script); axe on her page and the receipt.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { withClockLock } from "./support/clock-lock";
import { expect, failedLoadOf, test, type VisitorAt } from "./support/fixtures";
import { fillCard, fillShipping, press, submit } from "./support/funnel";
import { subscriptionLinkIn, waitForEmail } from "./support/inbox";
import { ownerEmail, ownerPassword } from "./support/servers";
import { aPerson } from "../support/factories";

const referencePattern = /MC-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}/;

/** A visitor with an inbox of her own pays for a monthly plan; returns her details and reference. */
async function pays(page: Page, visitorAt: VisitorAt) {
  const person = { ...aPerson(), email: `jane.${randomUUID().slice(0, 8)}@example.org` };
  await visitorAt("final-checkout", { details: person, plan: "monthly" });
  await fillShipping(page);
  await fillCard(page, "4242 4242 4242 4242");
  await press(page, "COMPLETE PURCHASE");
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  const reference = (await page.getByText(/^Your order reference is /).textContent())!.match(referencePattern)![0];
  // The page sends her on by itself after a moment: let it, so it cannot cut a later visit short.
  await expect(page).not.toHaveURL(/\/payment-complete\//, { timeout: 15_000 });
  return { person, reference };
}

test("prescribed and charged: from her link she opens her billing history, then the payment's receipt, ready to print", async ({
  page,
  newVisitor,
  visitorAt,
  expectAccessible,
}) => {
  test.slow(); // a payment, the owner's approval, her page and the receipt with axe on each
  await withClockLock(async () => {
    const { person, reference } = await pays(page, visitorAt);
    const link = subscriptionLinkIn((await waitForEmail(person.email, /We've received your order/)).text);

    const owner = await newVisitor();
    await owner.goto("/owner");
    await owner.getByLabel("Email").fill(ownerEmail);
    await owner.getByLabel("Password").fill(ownerPassword);
    await submit(owner, "Sign in");
    await owner.goto(`/owner/orders/${reference}`);
    await submit(owner, "Approve");
    await expect(owner.getByRole("status")).toContainText("Approved.");
    const approved = await waitForEmail(person.email, /was prescribed: receipt/);

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 2, name: "Billing history" })).toBeVisible();
    const history = page.getByRole("table");
    await expect(history.getByRole("row", { name: /Hold placed/ }).getByRole("link")).toHaveCount(0);
    await expectAccessible(page);

    await history.getByRole("row", { name: /Charged \(from the hold\)/ }).getByRole("link", { name: /Receipt/ }).click();
    await expect(page).toHaveTitle("Receipt");
    await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
    const receiptPath = new URL(page.url()).pathname;
    expect(receiptPath).toMatch(new RegExp(`^${link.replace(/[.]/g, "\\.")}/receipts/\\d+$`));
    await expect(page.getByText("Menopause Care", { exact: true }).last()).toBeVisible();
    await expect(page.getByText(`${person.firstName} ${person.lastName}`)).toBeVisible();
    await expect(page.getByText(`${reference}-`)).toBeVisible();
    await expect(page.getByText("Visa ending 4242", { exact: true })).toBeVisible();
    await expect(page.getByText("Prescribed by a licensed provider")).toBeVisible();
    await expect(page.getByRole("row", { name: /Total paid \$[\d,]+\.\d\d/ })).toBeVisible();
    await expect(page.getByText(/use your browser's Print command/)).toBeVisible();
    await expectAccessible(page);

    // On paper: no header, no footer, no hint or way back; the receipt itself stays.
    await page.emulateMedia({ media: "print" });
    await expect(page.locator(".site-header")).toBeHidden();
    await expect(page.locator(".site-footer")).toBeHidden();
    await expect(page.getByText(/use your browser's Print command/)).toBeHidden();
    await expect(page.getByText("Prescribed by a licensed provider")).toBeVisible();
    // Printed (Chromium's PDF of the page, US Letter): one page.
    const printed = (await page.pdf({ format: "Letter" })).toString("latin1");
    expect(printed.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    await page.emulateMedia({ media: "screen" });

    // The approved email's own link opens the same receipt.
    const emailed = /View and print your receipt: \S+?(\/subscription\/\S+)/.exec(approved.text)?.[1];
    expect(emailed).toBe(receiptPath);
  });
});

test("a payment that has no receipt is refused as her pages refuse, with the way back", async ({ page, visitorAt, consoleGuard, expectAccessible }) => {
  consoleGuard.allow(failedLoadOf(404));
  await withClockLock(async () => {
    const { person } = await pays(page, visitorAt);
    const link = subscriptionLinkIn((await waitForEmail(person.email, /We've received your order/)).text);
    const refused = await page.goto(`${link}/receipts/1`);
    expect(refused?.status()).toBe(404);
    await expect(page.getByText("There is no receipt for this payment on your order.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to your subscription" })).toHaveAttribute("href", link);
    await expectAccessible(page);
  });
});
