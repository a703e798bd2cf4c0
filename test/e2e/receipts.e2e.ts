// Her receipt, as she gets it: paid, prescribed by the owner's approval, she opens her link,
// finds the payment in her billing history and opens its receipt, ready to print (no script:
// her browser's own Print command); the approved email's receipt link opens the same receipt.
// Without JavaScript; axe on her page and the receipt.
import { expect, failedLoadOf, test } from "./support/fixtures";
import { submit } from "./support/funnel";
import { waitForEmail } from "./support/inbox";

test("prescribed and charged: from her link she opens her billing history, then the payment's receipt, ready to print", async ({
  page,
  owner,
  paidOrder,
  expectAccessible,
}) => {
  test.slow(); // the owner's approval, her page and the receipt with axe on each
  const { person, reference, link } = await paidOrder({ plan: "monthly" });

  await owner.goto(`/owner/orders/${reference}`);
  await submit(owner, "Approve");
  await expect(owner.getByRole("status")).toContainText("Approved.");
  const approved = await waitForEmail(person.email, /was prescribed: receipt/);

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 2, name: "Billing history" })).toBeVisible();
  const history = page.getByRole("table");
  await expect(history.getByRole("row", { name: /Hold placed/ }).getByRole("link")).toHaveCount(0);
  await expectAccessible(page);

  await history
    .getByRole("row", { name: /Charged \(from the hold\)/ })
    .getByRole("link", { name: /Receipt/ })
    .click();
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

test("a payment that has no receipt is refused as her pages refuse, with the way back", async ({
  page,
  paidOrder,
  consoleGuard,
  expectAccessible,
}) => {
  consoleGuard.allow(failedLoadOf(404));
  const { link } = await paidOrder({ plan: "monthly" });
  const refused = await page.goto(`${link}/receipts/1`);
  expect(refused?.status()).toBe(404);
  await expect(page.getByText("There is no receipt for this payment on your order.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to your subscription" })).toHaveAttribute("href", link);
  await expectAccessible(page);
});
