// Spanish, from the English welcome page in one click, without JavaScript (the whole funnel,
// whose final checkout hydrates, with it too): the page
// and its error state in Spanish (`lang="es"`, axe), then English again at the same step; and
// the whole funnel, her email and her page in Spanish, with no English sentence left on them.
import { randomUUID } from "node:crypto";
import { aPerson } from "../support/factories";
import { englishLeftIn } from "../support/english-left";
import { expect, failedLoadOf, test } from "./support/fixtures";
import { agreeToSubscription, expectErrorSummary, expectNoScripts, press, submit, uuidInPath } from "./support/funnel";
import { subscriptionLinkIn, waitForEmail } from "./support/inbox";
import { es, expectSpanishPage } from "./support/in-spanish";

test("Español from /welcome, an error in Spanish, and English again at the same step", async ({ page, consoleGuard, expectAccessible }) => {
  consoleGuard.allow(failedLoadOf(400));
  await page.goto("/welcome?utm_source=x");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const espanol = page.getByRole("link", { name: "Español" });
  await expect(espanol).toHaveAttribute("lang", "es");
  await expect(espanol).toHaveAttribute("hreflang", "es");

  await espanol.click();
  await expect(page).toHaveURL(/\/welcome\?utm_source=x&lang=es$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle(/^No es usted\. Es la menopausia\./);
  await expect(page.getByRole("heading", { level: 1, name: "No es usted. Es la menopausia." })).toBeVisible();
  const question = page.getByRole("group", { name: "¿Qué describe mejor por qué está considerando la terapia hormonal (TRH)?" });
  await expect(question.getByRole("radio")).toHaveCount(4);
  await expect(page.getByRole("contentinfo")).toContainText("Cancele cuando quiera");
  await expect(page.getByRole("link", { name: "English" })).toHaveAttribute("lang", "en");
  await expectNoScripts(page);
  await expectAccessible(page);

  // Nothing chosen: the error state, in Spanish.
  const refused = await submit(page, "Quiero saber más");
  expect(refused.status()).toBe(400);
  await expect(page).toHaveURL(/\/welcome\?utm_source=x&lang=es$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Hay un problema" }) });
  await expect(summary.getByRole("link")).toHaveText(["Seleccione una opción para continuar"]);
  await expect(page).toHaveTitle(/^Error: No es usted\./);
  await expect(question).toHaveAccessibleDescription(/Seleccione una opción para continuar/);
  await expectAccessible(page);

  // Answered: the next step is in Spanish too, remembered without `lang` in the address.
  await question.getByLabel("Nada más me ha ayudado").check();
  expect((await submit(page, "Quiero saber más")).status()).toBe(303);
  await expect(page).toHaveURL(/\/concerns\/[^/?]+\?utm_source=x$/);
  const uuid = uuidInPath(page.url());
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  // English again: the same step of the same flow, her tracking kept.
  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(new RegExp(`/concerns/${uuid}\\?utm_source=x&lang=en$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: "Español" })).toBeVisible();
  await expectAccessible(page);

  // And English it stays for her flow: the brand link and the welcome page follow.
  await page.goto(`/concerns/${uuid}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("a first visit asking for Spanish by its browser alone gets the English page, with Español to hand", async ({ browser }) => {
  const context = await browser.newContext({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9" } });
  const page = await context.newPage();
  const response = await page.goto("/welcome");
  expect(response?.headers()["cache-control"]).toMatch(/^public, /);
  expect(response?.headers()["vary"] ?? "").not.toMatch(/accept-language|cookie/i);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: "Español" })).toBeVisible();
  await context.close();
});

test("the Spanish welcome is as shareable as the English one", async ({ request }) => {
  for (const path of ["/welcome", "/welcome?lang=es"]) {
    const answer = await request.get(path, { headers: { "Accept-Encoding": "gzip" } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()["cache-control"]).toMatch(/^public, max-age=\d+/);
    expect(answer.headers()["set-cookie"]).toBeUndefined();
  }
  expect(await (await request.get("/welcome?lang=es")).text()).toContain('<html lang="es">');
});

test(
  "the whole funnel in Spanish from the English welcome: an error on each form, paid, her email and her page in Spanish, then English at the same step",
  { tag: "@hydrates" },
  async ({ page, consoleGuard, expectAccessible }) => {
    test.slow(); // eight pages, four error states, a payment and an email, axe on each
    for (const status of [400, 403]) consoleGuard.allow(failedLoadOf(status));
    const email = `ana.${randomUUID().slice(0, 8)}@example.org`;
    const person = aPerson();
    await page.goto("/welcome");
    await page.getByRole("link", { name: "Español" }).click();
    await expectSpanishPage(page, expectAccessible);

    await page.getByLabel(es("motivation.nothing_else_has_helped")).check();
    expect((await submit(page, es("welcome.submit"))).status()).toBe(303);
    await expect(page.getByRole("heading", { level: 1, name: es("concerns.title") })).toBeVisible();
    await expectSpanishPage(page, expectAccessible);
    await page.getByLabel(es("concern.im_worried_about_the_cost")).check();
    await submit(page, es("concerns.submit"));

    // Social proof: no email first, the error state in Spanish.
    expect((await submit(page, es("socialProof.submit"))).status()).toBe(400);
    await expectErrorSummary(page, [es("socialProof.emailRequired")], es("common.problem"));
    await expectSpanishPage(page, expectAccessible);
    await page.getByLabel(es("socialProof.emailLabel")).fill(email);
    await submit(page, es("socialProof.submit"));

    // The outside intake (a stand-in here) hands her back to her selection page.
    await expect(page.getByRole("heading", { name: "Intake" })).toBeVisible();
    await page.goto(`/checkout/${uuidInPath(page.url())}`);

    // The selection page, her plan as it comes (the default treatment and plan).
    await expect(page.getByRole("heading", { level: 1, name: es("selection.title") })).toBeVisible();
    await expectSpanishPage(page, expectAccessible);
    await submit(page, es("selection.addToPlan"));

    // Her details: nothing typed first, then her name and phone.
    await expect(page.getByRole("heading", { level: 1, name: es("preCheckout.headingCurrent") })).toBeVisible();
    await expectSpanishPage(page, expectAccessible);
    expect((await submit(page, es("preCheckout.buttonCurrent"))).status()).toBe(400);
    await expectErrorSummary(
      page,
      [es("accountForm.firstNameMissing"), es("accountForm.lastNameMissing"), es("accountForm.phoneMissing")],
      es("common.problem"),
    );
    await expectSpanishPage(page, expectAccessible);
    await page.getByRole("textbox", { name: es("accountForm.firstName") }).fill(person.firstName);
    await page.getByRole("textbox", { name: es("accountForm.lastName") }).fill(person.lastName);
    await page.getByRole("textbox", { name: es("accountForm.phone") }).fill(person.phone);
    await submit(page, es("preCheckout.buttonCurrent"));

    // The final checkout: COMPLETE PURCHASE with no address, then paid.
    await expect(page.getByRole("heading", { level: 1, name: es("finalCheckout.title") })).toBeVisible();
    await expectSpanishPage(page, expectAccessible);
    await page.getByRole("textbox", { name: es("cardForm.cardNumber") }).fill("4242 4242 4242 4242");
    await page.getByRole("textbox", { name: es("cardForm.expiry") }).fill("12/30");
    await page.getByRole("textbox", { name: es("cardForm.securityCode") }).fill("123");
    await agreeToSubscription(page, es("finalCheckout.agreement"));
    expect((await press(page, es("finalCheckout.completePurchase"))).status()).toBe(400);
    await expectErrorSummary(
      page,
      [
        es("addressForm.addressLine1Missing"),
        es("addressForm.zipCodeMissing"),
        es("addressForm.stateMissing"),
        es("addressForm.cityMissing"),
      ],
      es("common.problem"),
    );
    await expectSpanishPage(page, expectAccessible);
    await page.getByRole("textbox", { name: new RegExp(`^${es("addressForm.addressLine1")}`) }).fill("1 Main Street");
    await page.getByRole("textbox", { name: es("addressForm.zipCode") }).fill("10001");
    await page.getByRole("combobox", { name: es("addressForm.state") }).selectOption("NY");
    await page.getByRole("textbox", { name: es("addressForm.city") }).fill("New York");
    await page.getByRole("textbox", { name: es("cardForm.securityCode") }).fill("123");
    await expect(page.getByRole("checkbox", { name: es("finalCheckout.agreement") })).toBeChecked();
    await press(page, es("finalCheckout.completePurchase"));
    await expect(page.getByRole("heading", { name: es("paymentComplete.title") })).toBeVisible();
    // Read before the page's checks: it moves on by itself.
    const reference = (await page
      .getByText(/MC-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}/)
      .first()
      .textContent())!.match(/MC-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}/)![0];
    await expectSpanishPage(page, expectAccessible);
    await expect(page).not.toHaveURL(/\/payment-complete\//, { timeout: 15_000 });

    // Her email, in the language she ordered in.
    const received = await waitForEmail(email, new RegExp(escapeRegExp(es("email.orderReceivedSubject", { reference }))));
    expect(received.html).toMatch(/<html lang="es"/);
    expect(englishLeftIn(received.text)).toEqual([]);
    const link = subscriptionLinkIn(received.text);

    // Her page, in Spanish with nothing in the address, then its cancel page.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: es("herPage.title") })).toBeVisible();
    await expectSpanishPage(page, expectAccessible);
    await page.getByRole("link", { name: es("herPage.cancelButton") }).click();
    await expect(page.getByRole("heading", { level: 1, name: es("herCancel.title") })).toBeVisible();
    await expectSpanishPage(page, expectAccessible);

    // English again, at the same step; and her next page follows her choice.
    await page.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(link)}/cancel\\?lang=en$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Cancel subscription" })).toBeVisible();
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Your subscription" })).toBeVisible();
  },
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
