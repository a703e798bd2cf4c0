// Her subscription without an account, as she lives it: she has paid (paidOrder), the
// acknowledgment arrives at the mail server (a stand-in), she opens her private link, sees her
// order under review, cancels it and reads the cancelled email; a changed link opens nothing; a
// lost link is sent again and the old one stops opening; her card page says the renewal's terms
// above the card. An approved order's renewal, which moves the sandbox clock, is in
// sandbox-clock.clock.ts. Without JavaScript (her card page also with it); axe on every state
// of her pages.
import { randomUUID } from "node:crypto";
import { expect, failedLoadOf, test } from "./support/fixtures";
import { submit } from "./support/funnel";
import { emailsTo, subscriptionLinkIn, waitForEmail } from "./support/inbox";
import { formatEmailDate } from "../../app/funnel/amounts-and-dates";
import { lastDayToCancelFirstRenewal } from "../../app/funnel/last-day-to-cancel";

test("she pays, reads the acknowledgment, opens her link, cancels before review and gets the cancelled email", async ({
  page,
  paidOrder,
  expectAccessible,
}) => {
  test.slow(); // four screens of hers with axe on each, two emails
  const { email, reference, received } = await paidOrder({ plan: "quarterly" });

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
  await expect(page.getByRole("status")).toContainText("Your order is canceled. We released the");
  await expectAccessible(page);

  const cancelled = await waitForEmail(email, /is canceled/);
  expect(cancelled.text).toContain("You canceled your order before it was reviewed");

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 2, name: "Canceled" })).toBeVisible();
  await expect(page.getByRole("table").getByRole("row", { name: /Hold released/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancel subscription" })).toHaveCount(0);
  await expectAccessible(page);

  // The confirmation page again: closed, said plainly, nothing to press.
  await page.goto(`${link}/cancel`);
  await expect(page.getByText("This subscription is already closed: nothing more will be charged.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Yes, cancel my subscription" })).toHaveCount(0);
});

test("a changed link opens nothing; a lost link is sent again and replaces the old one once opened; asked from her page, at once", async ({
  page,
  paidOrder,
  consoleGuard,
  expectAccessible,
}) => {
  test.slow();
  for (const status of [404, 410]) consoleGuard.allow(failedLoadOf(status));
  const { email, link } = await paidOrder();

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

test(
  "her card page puts the renewal's terms, with her last day to cancel, above the card fields",
  { tag: "@hydrates" },
  async ({ page, paidOrder, expectAccessible }) => {
    const { link } = await paidOrder({ plan: "monthly" });
    await page.goto(`${link}/card`);
    await expect(page.getByRole("heading", { level: 1, name: "Update your card" })).toBeVisible();
    // Under review, the first period starts at the approval: a month from today at the earliest.
    const lastDay = formatEmailDate(lastDayToCancelFirstRenewal("monthly", new Date()));
    const terms = page.getByText(`Your last day to cancel before the next renewal is ${lastDay}.`, { exact: true });
    await expect(terms).toBeVisible();
    await expect(page.getByText("renewing automatically until you cancel.", { exact: false })).toBeVisible();
    const cardNumber = page.getByRole("textbox", { name: "Card number" });
    expect((await terms.boundingBox())!.y).toBeLessThan((await cardNumber.boundingBox())!.y);
    await expectAccessible(page);
  },
);
