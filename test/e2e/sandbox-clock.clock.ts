// The journeys that move the sandbox clock, in the clock project: against a server of their
// own, one test at a time (playwright.config.ts), so that no other test waits there between a
// payment and its approval while the clock jumps. Each runs without JavaScript; her whole story,
// which gives her card page (a page that hydrates) a new card, runs with JavaScript too.
// - the owner approves a paid order and moves the clock past its first period: the renewal is
//   charged and her console shows it (owner-console.e2e.ts has her sign-in and the approval);
// - approved, a month on: the receipt and the renewal's receipt arrive, her page lists both
//   (her-pages.e2e.ts has the rest of her pages);
// - her whole story from her link, as the QA person of the issue lives it: she pays for a
//   quarterly plan, the owner approves, and from the link in her email she opens a receipt,
//   switches to monthly, moves her next date two weeks, gives another card, changes her
//   address, downloads her data, sees on the cancel page the break she already has and leaves
//   it; once her next period has begun (billed on the new plan and card) she declines the break
//   offered and cancels with one press; each change arrives as an email (her-story.e2e.ts has
//   the rest of her story).
// Axe on every page and on one error state of each form, each one a mistake a person can make.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, failedLoadOf, test } from "./support/fixtures";
import { expectErrorSummary, fillCard, fillShipping, press, submit } from "./support/funnel";
import { waitForEmail } from "./support/inbox";

/** A fact of the console's order page, by its name. */
function fact(page: Page, name: string) {
  return page
    .locator(".owner-facts > div")
    .filter({ has: page.getByRole("term").getByText(name, { exact: true }) })
    .getByRole("definition");
}

async function approve(owner: Page, reference: string) {
  await owner.goto(`/owner/orders/${reference}`);
  await submit(owner, "Approve");
  await expect(owner.getByRole("status")).toHaveText("Approved. The order is now: Active.");
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    // Only her card page hydrates: the console and her other pages are the same page with JavaScript on.
    if (!javaScriptEnabled) {
      test("the owner moves the sandbox clock past the first period of an approved order, and sees the renewal charged", async ({
        owner,
        paidOrder,
        consoleGuard,
        expectAccessible,
      }) => {
        test.slow(); // an approval, then the console's order page with axe after each move
        consoleGuard.allow(failedLoadOf(400));
        const { reference } = await paidOrder({ plan: "monthly" });
        await approve(owner, reference);
        const payments = owner.getByRole("table", { name: /Payments/ });
        await expect(payments.getByRole("row", { name: /^Capture/ })).toContainText("Succeeded");

        // A number of days the clock cannot move: the message beside the field.
        await owner.getByLabel("Number of days").fill("0");
        expect((await submit(owner, "Move forward")).status()).toBe(400);
        await expectErrorSummary(owner, ["Enter a whole number of days from 1 to 1830."]);
        await expect(owner.getByLabel("Number of days")).toHaveValue("0");
        await expectAccessible(owner);

        // One monthly period (at most 31 days) and a day: her first renewal falls due and is charged.
        await owner.getByLabel("Number of days").fill("32");
        await submit(owner, "Move forward");
        await expect(owner).toHaveURL((url) => url.pathname === `/owner/orders/${reference}`);
        await expect(owner.getByRole("status")).toContainText("The sandbox clock moved forward 32 days");
        await expect(owner.getByRole("table", { name: /Timeline/ }).getByRole("row", { name: /Renewal charged/ })).toContainText(
          "period 2",
        );
        await expect(payments.getByRole("row", { name: /^Charge/ })).toContainText("Succeeded");
        await expect(fact(owner, "Periods paid")).toHaveText("2");
        await expectAccessible(owner);
      });

      test("approved by the owner, a month on the sandbox clock: the receipt and the renewal's receipt arrive, and her page lists both", async ({
        page,
        owner,
        paidOrder,
        expectAccessible,
      }) => {
        test.slow();
        const { email, reference, link } = await paidOrder({ plan: "monthly" });
        await approve(owner, reference);
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
    }

    test("from the link in her email: a receipt, monthly instead of quarterly, her date two weeks on, a new card and address, her data, and a cancel with one press", async ({
      page,
      owner,
      paidOrder,
      consoleGuard,
      expectAccessible,
    }) => {
      test.slow(); // an approval, eight pages of hers with axe on each and on an error of each form
      for (const status of [400, 402, 409]) consoleGuard.allow(failedLoadOf(status));
      const { person, reference, link } = await paidOrder({ plan: "quarterly" });
      await approve(owner, reference);
      await waitForEmail(person.email, /was prescribed: receipt/);

      // A receipt of her first payment.
      await page.goto(link);
      await page
        .getByRole("row", { name: /Charged \(from the hold\)/ })
        .getByRole("link", { name: /Receipt/ })
        .click();
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
      await page
        .getByRole("row", { name: /Charged/ })
        .last()
        .getByRole("link", { name: /Receipt/ })
        .click();
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
      expect((await waitForEmail(person.email, /is canceled/)).subject).toBe(`Your subscription ${reference} is canceled`);
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 2, name: "Canceled" })).toBeVisible();
    });
  });
}
