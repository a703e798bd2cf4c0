// Money given back, as QA walks it by hand: she pays; the owner approves (the hold captured)
// and refunds part of the first period with a reason, after a refund of more than is left is
// refused with the amount left; she reads the refund in her email and on her private page.
// Then the owner, on the order's clinical view, ends the plan as medically disqualified (a
// missing note said first): the rest of the payment goes back, and her page says the plan
// has ended. Without JavaScript; axe on each new screen and error state.
import type { Page } from "@playwright/test";
import { expect, failedLoadOf, test } from "./support/fixtures";
import { expectErrorSummary, submit } from "./support/funnel";
import { waitForEmail } from "./support/inbox";

/** "$1,234.50" for cents, as every page and email writes money. */
const dollars = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A section of a console page by its heading. */
function box(page: Page, heading: string) {
  return page.locator("section", { has: page.getByRole("heading", { level: 2, name: heading, exact: true }) });
}

test("the owner refunds part of her payment with a reason; she sees it in her email and on her page; then her plan ends as medically disqualified", async ({
  page,
  owner,
  paidOrder,
  consoleGuard,
  expectAccessible,
}) => {
  test.slow(); // six console screens and two of hers, axe on each, three emails
  consoleGuard.allow(failedLoadOf(400));
  const { email, reference, link } = await paidOrder({ plan: "monthly" });

  await owner.goto(`/owner/orders/${reference}`);
  await expect(owner.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
  // Nothing is paid yet: no refund to offer.
  await expect(owner.getByRole("heading", { name: "Refund a payment" })).toHaveCount(0);
  await submit(owner, "Approve");
  await expect(owner.getByRole("status")).toHaveText("Approved. The order is now: Active.");

  // The form offers the captured first period, all of it by default.
  const refund = box(owner, "Refund a payment");
  const amount = refund.getByLabel("Amount in dollars");
  const paidCents = Math.round(Number(await amount.inputValue()) * 100);
  expect(paidCents).toBeGreaterThan(0);
  const paid = dollars(paidCents).replace(/[$.]/g, "\\$&");
  await expect(refund.getByLabel("Payment").locator("option:checked")).toHaveText(
    new RegExp(`^First period, captured \\d{4}-\\d\\d-\\d\\d: ${paid} \\(${paid} left\\)$`),
  );
  await expectAccessible(owner);

  // More than was paid: refused, the amount left said beside the field, what was typed kept.
  const tooMuch = ((paidCents + 1) / 100).toFixed(2);
  await amount.fill(tooMuch);
  await refund.getByLabel("Reason").selectOption({ label: "Service problem" });
  expect((await submit(owner, "Refund")).status()).toBe(400);
  await expectErrorSummary(owner, [`At most ${dollars(paidCents)} is left to refund of this payment.`]);
  await expect(box(owner, "Refund a payment").getByLabel("Amount in dollars")).toHaveValue(tooMuch);
  await expectAccessible(owner);

  // Half of it, for a service problem.
  const halfCents = Math.floor(paidCents / 2);
  await box(owner, "Refund a payment")
    .getByLabel("Amount in dollars")
    .fill((halfCents / 100).toFixed(2));
  await box(owner, "Refund a payment").getByLabel("Reason").selectOption({ label: "Service problem" });
  await submit(owner, "Refund");
  await expect(owner).toHaveURL((url) => url.pathname === `/owner/orders/${reference}`);
  await expect(owner.getByRole("status")).toHaveText(`Refunded ${dollars(halfCents)}.`);
  const payments = owner.getByRole("table", { name: /Payments/ });
  await expect(payments.getByRole("row", { name: /^Refund/ })).toContainText("Service problem");
  await expect(payments.getByRole("row", { name: /^Refund/ })).toContainText(dollars(halfCents));
  await expect(payments.getByRole("row", { name: /^Capture/ })).toContainText(dollars(halfCents));
  await expect(owner.getByRole("table", { name: /Timeline/ }).getByRole("row", { name: /Refunded/ })).toBeVisible();
  await expectAccessible(owner);

  // Her email, then her page.
  const refunded = await waitForEmail(email, /refund/i);
  expect(refunded.subject).toContain(reference);
  expect(refunded.text).toContain(`We have refunded ${dollars(halfCents)}`);
  expect(refunded.text).toContain("Visa ending 4242");
  expect(refunded.text).toContain("5 to 10 business days");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Your subscription" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Refunded to your card/ }).first()).toContainText(dollars(halfCents));
  await expectAccessible(page);

  // The medical team's view of the order: medically disqualified needs a note.
  await owner.goto(`/owner/reviews/${reference}`);
  await expect(owner.getByRole("heading", { level: 1, name: `Review of ${reference}` })).toBeVisible();
  await expectAccessible(owner);
  expect((await submit(owner, "End the plan: medically disqualified")).status()).toBe(400);
  await expectErrorSummary(owner, ["Enter a note saying why she is medically disqualified."]);
  await expectAccessible(owner);
  await owner.getByLabel("Note for the medical record").fill("Contraindicated by her history; not a candidate for HRT.");
  await submit(owner, "End the plan: medically disqualified");
  await expect(owner.getByRole("status")).toHaveText(
    `Ended ${reference}: medically disqualified. Her most recent payment is refunded in full. She was emailed.`,
  );
  await expect(owner.getByRole("button", { name: "End the plan: medically disqualified" })).toHaveCount(0);
  await expectAccessible(owner);

  // The rest of the payment went back; she is told kindly, without the note.
  const ended = await waitForEmail(email, /has ended/);
  expect(ended.text).toContain(dollars(paidCents - halfCents));
  expect(ended.text).not.toContain("Contraindicated");
  await page.goto(link);
  await expect(page.getByText(/your subscription has ended/).first()).toBeVisible();
  await expectAccessible(page);
  await owner.goto(`/owner/orders/${reference}`);
  await expect(owner.getByRole("heading", { name: "Refund a payment" })).toHaveCount(0);
  await expect(payments.getByRole("row", { name: /^Refund/ })).toHaveCount(2);
});
