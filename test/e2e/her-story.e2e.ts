// Her story from her link, the parts that leave the sandbox clock alone: "Delete my data", and
// support changing her date from the console. (Her whole story, from a receipt to a cancel once
// her next period has begun, moves the clock: it is in sandbox-clock.clock.ts.) Without
// JavaScript (no page here ships a script); axe on every page and on one error state of each form.
import { expect, failedLoadOf, test } from "./support/fixtures";
import { submit } from "./support/funnel";
import { waitForEmail } from "./support/inbox";

test("delete my data: one confirmation page, one press, a page that says it is done, and her link stops working", async ({
  page,
  paidOrder,
  consoleGuard,
  expectAccessible,
}) => {
  consoleGuard.allow(failedLoadOf(410));
  const { reference, link } = await paidOrder({ plan: "monthly" });
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

test("support moves her billing date for her from the console, by her page's rules", async ({
  page,
  owner,
  paidOrder,
  consoleGuard,
  expectAccessible,
}) => {
  test.slow();
  consoleGuard.allow(failedLoadOf(400));
  const { person, reference, link } = await paidOrder({ plan: "monthly" });
  await owner.goto(`/owner/orders/${reference}`);
  await submit(owner, "Approve");
  await expect(owner.getByRole("status")).toContainText("Approved.");

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
