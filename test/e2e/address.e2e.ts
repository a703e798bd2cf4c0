// The shipping address (spec section 2): the Zip Code checked against the State on the server,
// with or without JavaScript (a known ZIP filling City and State is in address-suggestions.e2e.ts).
import { expect, failedLoadOf, test } from "./support/fixtures";
import { agreeToSubscription, expectErrorSummary, fillCard, press } from "./support/funnel";

test(
  "a ZIP from another state is refused beside the field, everything typed kept",
  { tag: "@hydrates" },
  async ({ page, visitorAt, consoleGuard, expectAccessible }) => {
    consoleGuard.allow(failedLoadOf(400));
    await visitorAt("final-checkout");
    await page.getByRole("textbox", { name: /^Address Line 1/ }).fill("1 Main Street");
    await page.getByRole("textbox", { name: "City" }).fill("New York");
    await page.getByRole("combobox", { name: "State" }).selectOption("NY");
    await page.getByRole("textbox", { name: "Zip Code" }).fill("97206");
    await fillCard(page, "4242 4242 4242 4242");
    await agreeToSubscription(page);
    expect((await press(page, "COMPLETE PURCHASE")).status()).toBe(400);
    await expectErrorSummary(page, ["ZIP code 97206 is in Oregon. Check the ZIP code or the state."]);
    await expect(page.getByRole("textbox", { name: "Zip Code" })).toHaveValue("97206");
    await expect(page.getByRole("textbox", { name: "City" })).toHaveValue("New York");
    await expectAccessible(page);
  },
);
