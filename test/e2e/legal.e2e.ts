// Terms of Service and Privacy Policy: reachable from the shared footer on every page, plain
// HTML with no script, and the terms page states the subscription terms of spec section 9.
import { expect, test } from "./support/fixtures";
import { expectNoScripts } from "./support/funnel";

const pages = [
  { path: "/terms", title: "Terms of Service" },
  { path: "/privacy", title: "Privacy Policy" },
] as const;

// Spec section 9, checked by meaning rather than by exact wording.
const subscriptionTerms = [
  /renews automatically.*until you cancel/i,
  /cancel at least 72 hours before your next billing date/i,
  /not refunded once charged, unless you are medically disqualified/i,
];

for (const { path, title } of pages) {
  test(`${path} shows "${title}" as a plain, accessible page`, async ({ page, expectAccessible }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`^${title}`));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    expect(await page.getByRole("main").getByRole("heading", { level: 2 }).count()).toBeGreaterThanOrEqual(5);
    const contactSection = page.getByRole("region", { name: "Contact us" });
    await expect(contactSection.getByRole("link", { name: /^\d[\d-]+$/ })).toHaveAttribute("href", /^tel:/);
    await expect(contactSection.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expectNoScripts(page);
    await expectAccessible(page);
  });

  test(`the footer links to ${path}`, async ({ page }) => {
    await page.goto("/welcome");
    const legal = page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" });
    await legal.getByRole("link", { name: title, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  });
}

test("/terms states the three subscription terms, plans, shipping and pre-authorisation", async ({ page }) => {
  await page.goto("/terms");
  const terms = page.getByRole("region", { name: "Subscription terms" }).getByRole("listitem");
  await expect(terms).toHaveCount(subscriptionTerms.length);
  for (const [index, term] of subscriptionTerms.entries()) {
    await expect(terms.nth(index)).toBeVisible();
    await expect(terms.nth(index)).toHaveText(term);
  }
  const plans = page.getByRole("region", { name: "Billing plans" }).getByRole("listitem");
  await expect(plans).toHaveText([/^Monthly\b/, /^Quarterly\b/, /^6 Months\b/, /^Yearly\b/]);
  await expect(page.getByRole("region", { name: "Shipping" })).toContainText("3-5 business days");
  await expect(page.getByRole("region", { name: "Shipping" })).toContainText(/free/i);
  await expect(page.getByRole("region", { name: "Card pre-authorisation" })).toContainText(
    /pre-authorised at checkout and charged only if a licensed provider prescribes/i,
  );
  const cancelling = page.getByRole("region", { name: "Canceling" });
  await expect(cancelling.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(cancelling.getByRole("link", { name: /^\d[\d-]+$/ })).toHaveAttribute("href", /^tel:/);
});

test("neither page's served HTML carries a <script> element", async ({ request }) => {
  for (const { path } of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html.match(/<script\b/gi) ?? [], `<script> in ${path}`).toHaveLength(0);
  }
});

test("/privacy's choices lead to the health data policy, where she asks for her data by email", async ({ page }) => {
  await page.goto("/privacy");
  await page.getByRole("region", { name: "Your choices" }).getByRole("link", { name: "Consumer Health Data Privacy Policy" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/health-data-privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Consumer Health Data Privacy Policy" })).toBeVisible();
});
