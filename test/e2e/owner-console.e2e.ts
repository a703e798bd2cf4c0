// The owner's console as she uses it (docs/architecture.md "After the hold"): a visitor has paid
// with the sandbox card; the owner signs in through the sign-in page (the one test that does:
// the others start signed in, support/owner-session.ts), finds the order by its reference and
// approves it (the hold is captured), then signs out. Moving the sandbox clock past the first
// period to see the renewal charged is in sandbox-clock.clock.ts. Without JavaScript;
// axe on every screen.
import type { Page } from "@playwright/test";
import { expect, failedLoadOf, test } from "./support/fixtures";
import { expectErrorSummary, expectNoScripts, submit } from "./support/funnel";
import { ownerEmail, ownerPassword } from "./support/servers";

/** A fact of the order page's summary, by its name. */
function fact(page: Page, name: string) {
  return page
    .locator(".owner-facts > div")
    .filter({ has: page.getByRole("term").getByText(name, { exact: true }) })
    .getByRole("definition");
}

test("the owner signs in, finds a paid order by her reference, approves it, and signs out", async ({
  newVisitor,
  consoleGuard,
  expectAccessible,
  paidOrder,
}) => {
  test.slow(); // five console screens, axe on each (in a scripted twin without JavaScript), scrypt at the sign-in
  for (const status of [400, 401]) consoleGuard.allow(failedLoadOf(status));

  // She has paid for a monthly plan; her reference is the one her email gives.
  const { reference } = await paidOrder({ plan: "monthly" });

  // The owner, in a browser of her own: the console sends her to sign in first.
  const owner = await newVisitor();
  await owner.goto("/owner/orders");
  await expect(owner).toHaveURL((url) => url.pathname === "/owner");
  await expect(owner.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(owner).toHaveTitle("Sign in: Owner's console");
  await expectNoScripts(owner);
  await expectAccessible(owner);

  await owner.getByLabel("Email").fill(ownerEmail);
  await owner.getByLabel("Password").fill("not-the-password");
  expect((await submit(owner, "Sign in")).status()).toBe(401);
  await expectErrorSummary(owner, ["The email address or password is not right."]);
  await expect(owner.getByLabel("Password")).toHaveValue("");
  await expectAccessible(owner);

  await owner.getByLabel("Email").fill(ownerEmail);
  await owner.getByLabel("Password").fill(ownerPassword);
  await submit(owner, "Sign in");
  await expect(owner).toHaveURL((url) => url.pathname === "/owner/orders");
  await expect(owner.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(owner.getByRole("table", { name: /newest first/ }).getByRole("link", { name: reference })).toBeVisible();
  // The e2e app takes test cards: every console page says no real money moves.
  await expect(owner.getByRole("region", { name: "Payments" })).toHaveText(/Sandbox payments:\s*no real money moves\. Test cards only\./);
  await expectAccessible(owner);

  // She finds the order by the reference, typed as it was read out.
  await owner.getByLabel("Reference, email, phone or name").fill(reference.toLowerCase().replace(/-/g, " "));
  await owner.getByRole("button", { name: "Find", exact: true }).click();
  await expect(owner).toHaveURL((url) => url.pathname === `/owner/orders/${reference}`);
  await expect(owner.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(fact(owner, "State")).toHaveText("On hold, waiting for review");
  await expect(fact(owner, "Plan")).toHaveText("Monthly (billed every month)");
  await expect(owner.getByRole("table", { name: /Timeline/ }).getByRole("row", { name: /Card hold placed/ })).toBeVisible();
  await expectAccessible(owner);

  await submit(owner, "Approve");
  await expect(owner).toHaveURL((url) => url.pathname === `/owner/orders/${reference}`);
  await expect(owner.getByRole("status")).toHaveText("Approved. The order is now: Active.");
  await expect(fact(owner, "State")).toHaveText("Active");
  const payments = owner.getByRole("table", { name: /Payments/ });
  await expect(payments.getByRole("row", { name: /^Capture/ })).toContainText("Succeeded");
  await expect(owner.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expectAccessible(owner);

  // Signed out, the console is closed again.
  await submit(owner, "Sign out");
  await expect(owner).toHaveURL((url) => url.pathname === "/owner");
  await owner.goto(`/owner/orders/${reference}`);
  await expect(owner).toHaveURL((url) => url.pathname === "/owner");
});

test("nothing of the console is reachable without signing in", async ({ page, expectAccessible }) => {
  for (const address of ["/owner/orders", "/owner/orders?page=2", "/owner/orders/MC-2222-2222", "/owner/orders?reference=MC-2222-2222"]) {
    await page.goto(address);
    await expect(page, address).toHaveURL((url) => url.pathname === "/owner" && url.search === "");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  }
  await expect(page.getByRole("navigation", { name: "Owner's console" })).toHaveCount(0);
  await expectAccessible(page);

  // A post, as a page of ours would send it, is refused and says why.
  const origin = new URL(page.url()).origin;
  const post = await page.request.post("/owner/orders/MC-2222-2222", {
    form: { intent: "approve" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(403);
  const refusal = await post.text();
  expect(refusal).toContain("You are not signed in to the owner");
  expect(refusal).toContain('href="/owner"');
});
