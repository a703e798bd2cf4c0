// The reminder before a renewal, as the QA person of the issue checks it, in the clock project
// (playwright.config.ts): she pays for a quarterly plan, the owner approves it and moves the
// sandbox clock to a month before her renewal; the reminder arrives once, with the amount, the
// renewal date, her last day to cancel and her link, and the owner sees it on her timeline and
// beside her consent. Without JavaScript (the console and her emails ship no script); axe on
// the order page that shows it. (Here her emails go to the mail stand-in, so /owner/emails says
// they went to the mail server; without SMTP_URL, as a fresh clone runs, it lists the reminder.)
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { submit } from "./support/funnel";
import { emailsTo, waitForEmail } from "./support/inbox";

function fact(page: Page, name: string) {
  return page
    .locator(".owner-facts > div")
    .filter({ has: page.getByRole("term").getByText(name, { exact: true }) })
    .getByRole("definition");
}

test.use({ javaScriptEnabled: false });

test("a quarterly plan, approved, the clock moved two months on: her renewal reminder arrives once and is kept on her order", async ({
  owner,
  paidOrder,
  expectAccessible,
}) => {
  test.slow(); // an approval, a move of the clock, the order page with axe
  const { email, reference } = await paidOrder({ plan: "quarterly" });
  await owner.goto(`/owner/orders/${reference}`);
  await submit(owner, "Approve");
  await expect(owner.getByRole("status")).toHaveText("Approved. The order is now: Active.");

  // Her renewal is about three months on; her reminder falls 30 days before it (New York: our own rule).
  await owner.getByLabel("Number of days").fill("65");
  await submit(owner, "Move forward");
  await expect(owner.getByRole("status")).toContainText("The sandbox clock moved forward 65 days");

  const reminder = await waitForEmail(email, /^Your quarterly plan renews on /);
  expect(reminder.text).toMatch(/Your subscription renews automatically on \w+ \d+, \d{4}\. On that day we will charge \$\d/);
  expect(reminder.text).toMatch(/To stop this renewal, cancel online before \w+ \d+, \d{4} \(at least 72 hours before the billing date\)/);
  expect(reminder.text).toContain("/subscription/");
  expect((await emailsTo(email)).filter((sent) => /^Your quarterly plan renews on /.test(sent.subject))).toHaveLength(1);

  await owner.goto(`/owner/orders/${reference}`);
  await expect(owner.getByRole("table", { name: /Timeline/ }).getByRole("row", { name: /Renewal reminder sent/ })).toHaveCount(1);
  await expect(owner.getByRole("heading", { level: 3, name: "Notices of her renewals and terms, sent" })).toBeVisible();
  await expect(owner.getByText("Reminder of a renewal, sent")).toBeVisible();
  await expect(owner.getByText(/^Sent under: Ours /)).toBeVisible();
  // Not charged yet: the renewal is still to come.
  await expect(fact(owner, "Periods paid")).toHaveText("1");
  await expectAccessible(owner);
});
