// Address suggestions with a maps key (spec sections 2, 7 and 9), against the app started with
// MAPS_API_KEY and the places script's stand-in: the key comes from /api/google-api-key, the
// suggestions are restricted to the US and Canada, address type only, and her choice fills
// Address Line 1, City, State and Zip Code. Also a known ZIP filling an empty City and State,
// which needs JavaScript (this project is the one that runs it).
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/**
 * The page has hydrated, fetched the key and loaded the places script (the ZIP listener is
 * attached before all that). Letters typed earlier are not suggested on, as with Google's.
 */
async function suggestionsAttached(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __mapsStandIn?: { options: unknown } }).__mapsStandIn?.options);
}

test("she types, picks a suggestion, and the four fields are filled", async ({ page, visitorAt, expectAccessible }) => {
  await visitorAt("final-checkout");
  const line1 = page.getByRole("textbox", { name: /^Address Line 1/ });
  await suggestionsAttached(page);
  await line1.fill("1 Main");
  await page.getByRole("button", { name: "1 Main St, Portland, OR 97201, USA" }).click();
  await expect(line1).toHaveValue("1 Main Street");
  await expect(page.getByRole("textbox", { name: "City" })).toHaveValue("Portland");
  await expect(page.getByRole("combobox", { name: "State" })).toHaveValue("OR");
  await expect(page.getByRole("textbox", { name: "Zip Code" })).toHaveValue("97201");
  const options = await page.evaluate(() => (window as unknown as { __mapsStandIn: { options: unknown } }).__mapsStandIn.options);
  expect(options).toEqual({ componentRestrictions: { country: ["us", "ca"] }, types: ["address"], fields: ["address_components"] });
  await expectAccessible(page);
});

test("a known ZIP fills an empty City and State", async ({ page, visitorAt }) => {
  await visitorAt("final-checkout");
  await suggestionsAttached(page);
  await page.getByRole("textbox", { name: "Zip Code" }).fill("97206");
  await page.getByRole("textbox", { name: "Zip Code" }).blur();
  await expect(page.getByRole("textbox", { name: "City" })).toHaveValue("Portland");
  await expect(page.getByRole("combobox", { name: "State" })).toHaveValue("OR");
});
