// Her subscription without an account, as she lives it: she pays, the acknowledgment arrives
// at the mail server (a stand-in), she opens her private link, sees her order under review,
// cancels it and reads the cancelled email; a changed link opens nothing; a lost link is sent
// again and the old one stops opening; an approved order's renewal sends its receipt. Without
// JavaScript: her pages ship no script (paying with it is final-checkout.e2e.ts's); axe on
// every state of her pages.
import { randomUUID } from "node:crypto";
import { withClockLock } from "./support/clock-lock";
import { expect, failedLoadOf, test } from "./support/fixtures";
import { fillCard, fillShipping, press, submit } from "./support/funnel";
import { emailsTo, subscriptionLinkIn, waitForEmail } from "./support/inbox";
import { ownerEmail, ownerPassword } from "./support/servers";
import { aPerson } from "../support/factories";
import type { Page } from "@playwright/test";
import type { VisitorAt } from "./support/fixtures";

const referencePattern = /MC-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}/;

/** A visitor with an inbox of her own pays on the final checkout; returns her address and reference. */
async function pays(page: Page, visitorAt: VisitorAt, plan = "quarterly") {
  const email = `jane.${randomUUID().slice(0, 8)}@example.org`;
  await visitorAt("final-checkout", { details: { ...aPerson(), email }, plan });
  await fillShipping(page);
  await fillCard(page, "4242 4242 4242 4242");
  await press(page, "COMPLETE PURCHASE");
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByText(/We have emailed your order details to/)).toContainText(`${email[0]}•••@example.org`);
  const reference = (await page.getByText(/^Your order reference is /).textContent())!.match(referencePattern)![0];
  // The page sends her on by itself after a moment: let it, so it cannot cut a later visit short.
  await expect(page).not.toHaveURL(/\/payment-complete\//, { timeout: 15_000 });
  return { email, reference };
}

test("she pays, reads the acknowledgment, opens her link, cancels before review and gets the cancelled email", async ({
  page,
  visitorAt,
  expectAccessible,
}) => {
  test.slow(); // a payment, four screens of hers with axe on each, two emails
  // Her hold must not lapse under another test's clock move while she is on her pages.
  await withClockLock(async () => {
    const { email, reference } = await pays(page, visitorAt);

    const received = await waitForEmail(email, /We've received your order/);
    expect(received.subject).toBe(`We've received your order ${reference}`);
    expect(received.text).toMatch(/Price: \$[\d,]+\.\d\d every 3 months/);
    expect(received.text).toContain("A HOLD, NOT A CHARGE");
    expect(received.text).toContain("cancel at least 72 hours before your next billing date");
    expect(received.html).toContain("Open your subscription page");
    const link = subscriptionLinkIn(received.text);

    const opened = await page.goto(link);
    expect(opened?.headers()["cache-control"]).toBe("no-store");
    expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(page.getByRole("heading", { level: 1, name: "Your subscription" })).toBeVisible();
    await expect(page.getByText(reference).first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Under review" })).toBeVisible();
    await expect(page.getByRole("table").getByRole("row", { name: /Hold placed/ })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Cancel subscription" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Cancel subscription" })).toBeVisible();
    await expect(page.getByText(/hold on your card is released at once/)).toBeVisible();
    await expectAccessible(page);

    expect((await submit(page, "Yes, cancel my subscription")).status()).toBe(200);
    await expect(page.getByRole("status")).toContainText("Your order is cancelled. We released the");
    await expectAccessible(page);

    const cancelled = await waitForEmail(email, /is cancelled/);
    expect(cancelled.text).toContain("You cancelled your order before it was reviewed");

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 2, name: "Cancelled" })).toBeVisible();
    await expect(page.getByRole("table").getByRole("row", { name: /Hold released/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Cancel subscription" })).toHaveCount(0);
    await expectAccessible(page);

    // The confirmation page again: closed, said plainly, nothing to press.
    await page.goto(`${link}/cancel`);
    await expect(page.getByText("This subscription is already closed: nothing more will be charged.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Yes, cancel my subscription" })).toHaveCount(0);
  });
});

test("a changed link opens nothing; a lost link is sent again and replaces the old one once opened; asked from her page, at once", async ({
  page,
  visitorAt,
  consoleGuard,
  expectAccessible,
}) => {
  test.slow();
  for (const status of [404, 410]) consoleGuard.allow(failedLoadOf(status));
  await withClockLock(async () => {
    const { email } = await pays(page, visitorAt);
    const link = subscriptionLinkIn((await waitForEmail(email, /We've received your order/)).text);

    const changed = await page.goto(`${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`);
    expect(changed?.status()).toBe(404);
    await expect(page.getByText("This link does not open an order.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/subscription");
    await expectAccessible(page);

    // The same answer for any address: a stranger learns nothing.
    const ask = async (address: string) => {
      await page.goto("/subscription");
      await page.getByLabel("Email address").fill(address);
      await submit(page, "Send my link");
      return (await page.getByRole("status").textContent())!.replace(/\S+•••@\S+/, "ADDRESS");
    };
    await page.goto("/subscription");
    await expectAccessible(page);
    const unknown = await ask(`nobody.${randomUUID().slice(0, 8)}@example.org`);
    const known = await ask(email);
    expect(known).toBe(unknown);
    await expectAccessible(page);

    // Anyone who knows her email can ask: her link keeps opening until the new one is first opened.
    const fresh = subscriptionLinkIn((await waitForEmail(email, /Your link to order/)).text);
    expect(fresh).not.toBe(link);
    expect((await page.goto(link))?.status()).toBe(200);
    expect((await page.goto(fresh))?.status()).toBe(200);
    const old = await page.goto(link);
    expect(old?.status()).toBe(410);
    await expect(page.getByText("This link has been replaced by a newer one.")).toBeVisible();
    await expectAccessible(page);
    expect((await page.goto(fresh))?.status()).toBe(200);

    // Asked for from her own page, the link she holds retires at once.
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "A new link for your order" })).toBeVisible();
    await expectAccessible(page);
    await submit(page, "Send me a new link");
    await expect(page.getByRole("status")).toContainText("The link you used no longer works.");
    await expectAccessible(page);
    expect((await page.goto(fresh))?.status()).toBe(410);
    let fromHerPage = fresh;
    await expect
      .poll(async () => {
        const latest = (await emailsTo(email)).filter((sent) => /Your link to order/.test(sent.subject)).at(-1);
        fromHerPage = latest ? subscriptionLinkIn(latest.text) : fresh;
        return fromHerPage !== fresh;
      })
      .toBe(true);
    expect((await page.goto(fromHerPage))?.status()).toBe(200);
  });
});

test("approved by the owner, a month on the sandbox clock: the receipt and the renewal's receipt arrive, and her page lists both", async ({
  page,
  newVisitor,
  visitorAt,
  expectAccessible,
}) => {
  test.slow();
  await withClockLock(async () => {
    const { email, reference } = await pays(page, visitorAt, "monthly");
    const link = subscriptionLinkIn((await waitForEmail(email, /We've received your order/)).text);

    const owner = await newVisitor();
    await owner.goto("/owner");
    await owner.getByLabel("Email").fill(ownerEmail);
    await owner.getByLabel("Password").fill(ownerPassword);
    await submit(owner, "Sign in");
    await owner.goto(`/owner/orders/${reference}`);
    await submit(owner, "Approve");
    await expect(owner.getByRole("status")).toContainText("Approved.");
    expect((await waitForEmail(email, /was prescribed: receipt/)).text).toContain("We charged");

    await owner.getByLabel("Number of days").fill("32");
    await submit(owner, "Move forward");
    await expect(owner.getByRole("status")).toContainText("The sandbox clock moved forward 32 days");
    const receipt = await waitForEmail(email, /Receipt: your renewal/);
    expect(receipt.subject).toBe(`Receipt: your renewal of ${reference}`);

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 2, name: "Active" })).toBeVisible();
    await expect(page.getByRole("table").getByRole("row", { name: /Charged/ })).toHaveCount(2);
    await expect(page.getByText(/Next billing date:/)).toBeVisible();
    await expectAccessible(page);
  });
});
