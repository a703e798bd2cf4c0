// Her consumer health data: the policy of its own, linked from every page's footer in both
// languages; its form, by which anyone asks by email, with its error state; the emailed link
// (read at the mail stand-in) that shows her data and deletes it once. Without JavaScript; axe
// on every screen and state.
import { randomUUID } from "node:crypto";
import { expect, failedLoadOf, test } from "./support/fixtures";
import { expectErrorSummary, expectNoScripts, submit } from "./support/funnel";
import { waitForEmail } from "./support/inbox";
import { es, expectSpanishPage } from "./support/in-spanish";

const policyTitle = "Consumer Health Data Privacy Policy";

/** The link to her health data in an email's text: its path and query, to open on the app under test. */
function healthDataLinkIn(text: string): string {
  const link = /https?:\/\/[^/\s]+(\/health-data-privacy\/[A-Za-z0-9_.-]+(?:\?lang=es)?)/.exec(text);
  expect(link, "a health data link in the email").not.toBeNull();
  return link![1]!;
}

for (const path of ["/welcome", "/terms", "/subscription"]) {
  test(`the footer of ${path} links to the policy, a plain accessible page`, async ({ page, expectAccessible }) => {
    await page.goto(path);
    const legal = page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" });
    await legal.getByRole("link", { name: policyTitle }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/health-data-privacy");
    await expect(page.getByRole("heading", { level: 1, name: policyTitle })).toBeVisible();
    for (const region of [
      "What we collect",
      "Who receives it, and why",
      "What we never do",
      "How long we keep it",
      "If we refuse your request",
    ]) {
      await expect(page.getByRole("region", { name: region })).toBeVisible();
    }
    await expect(page.getByRole("region", { name: "How long we keep it" })).toContainText("for 24 months");
    await expect(page.getByRole("region", { name: "If we refuse your request" })).toContainText("within 45 days");
    await expectNoScripts(page);
    await expectAccessible(page);
  });
}

test("in Spanish the footer links to the Spanish policy, and the footer at 375 px wraps without stray separators", async ({
  page,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/welcome?lang=es");
  const legal = page.getByRole("contentinfo").getByRole("navigation", { name: es("footer.legalLabel") });
  await expect(legal.getByRole("link")).toHaveText([es("footer.terms"), es("footer.privacy"), es("footer.healthData")]);
  await expect(legal).not.toContainText("·");
  expect(await legal.evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
  await legal.getByRole("link", { name: es("footer.healthData") }).click();
  await expect(page.getByRole("heading", { level: 1, name: es("healthData.title") })).toBeVisible();
  await expectSpanishPage(page, expectAccessible);
});

test("the request form refuses a bad address with its message, in English and in Spanish", async ({
  page,
  consoleGuard,
  expectAccessible,
}) => {
  consoleGuard.allow(failedLoadOf(400));
  await page.goto("/health-data-privacy");
  await page.getByLabel("Email address").fill("not an email");
  expect((await submit(page, "Email me a link")).status()).toBe(400);
  await expectErrorSummary(page, ["Enter your email address, like name@example.com"]);
  await expect(page.getByLabel("Email address")).toHaveValue("not an email");
  // The answer opens at the form's section, not at the top of the policy above it.
  expect(new URL(page.url()).hash).toBe("#health-data-request");
  await expect(page.getByRole("alert").or(page.locator(".error-summary")).first()).toBeInViewport();
  await expectAccessible(page);

  await page.goto("/health-data-privacy?lang=es");
  expect((await submit(page, es("healthData.submit"))).status()).toBe(400);
  await expectErrorSummary(page, [es("healthData.emailInvalid")], es("common.problem"));
  await expectSpanishPage(page, expectAccessible);
});

test("she asks by email, the link shows her data and deletes it once; a stranger's address gets the same answer", async ({
  page,
  paidOrder,
  consoleGuard,
  expectAccessible,
}) => {
  test.slow();
  for (const status of [400, 410]) consoleGuard.allow(failedLoadOf(status));
  const { email, reference } = await paidOrder();
  const ask = async (address: string) => {
    await page.goto("/health-data-privacy");
    await page.getByLabel("Email address").fill(address);
    await submit(page, "Email me a link");
    return (await page.getByRole("status").textContent())!.replace(/[^\s,]+•••@[^\s,]+/, "ADDRESS");
  };
  const unknown = await ask(`nobody.${randomUUID().slice(0, 8)}@example.org`);
  const known = await ask(email);
  expect(known).toBe(unknown);
  expect(known).toContain("If we hold data for ADDRESS, we have sent a link to it.");
  await expectAccessible(page);

  const link = healthDataLinkIn((await waitForEmail(email, /^Your health data$/)).text);
  expect((await page.goto(link))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Your health data" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: `Order ${reference}` })).toBeVisible();
  await expect(page.locator("pre")).toContainText(email);
  await expectNoScripts(page);
  await expectAccessible(page);

  // The box unchecked: refused, nothing deleted.
  expect((await submit(page, "Delete my data")).status()).toBe(400);
  await expectErrorSummary(page, ["Check the box to confirm that you want your data deleted"]);
  await expect(page.locator("pre")).toContainText(email);
  await expectAccessible(page);

  await page.getByLabel("I understand that my data will be deleted and that this cannot be undone").check();
  expect((await submit(page, "Delete my data")).status()).toBe(303);
  await expect(page).toHaveURL((url) => url.pathname === "/health-data-privacy" && url.searchParams.get("deleted") === "1");
  await expect(page.getByRole("status")).toContainText("Your data has been deleted.");
  await expectAccessible(page);

  expect((await page.goto(link))?.status()).toBe(410);
  await expect(page.getByText("This link has already been used to delete your data.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/health-data-privacy#health-data-request");
  await expectAccessible(page);
});

test("in Spanish: the email, her data and its deletion", async ({ page, paidOrder, expectAccessible }) => {
  test.slow();
  const { email } = await paidOrder();
  await page.goto("/health-data-privacy?lang=es");
  await page.getByLabel(es("healthData.emailLabel")).fill(email);
  await submit(page, es("healthData.submit"));
  await expect(page.getByRole("status")).toBeVisible();
  await expectSpanishPage(page, expectAccessible);

  const link = healthDataLinkIn((await waitForEmail(email, /^Sus datos de salud$/)).text);
  expect(link).toMatch(/\?lang=es$/);
  expect((await page.goto(link))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: es("healthDataLink.title") })).toBeVisible();
  await expectSpanishPage(page, expectAccessible);

  await page.getByLabel(es("healthDataLink.confirmLabel")).check();
  expect((await submit(page, es("healthDataLink.delete"))).status()).toBe(303);
  await expect(page.getByRole("status")).toContainText(es("healthData.deleted"));
  await expectSpanishPage(page, expectAccessible);
});
