// Spanish, from the English welcome page in one click, with or without JavaScript: the page
// and its error state in Spanish (`lang="es"`, axe), then English again at the same step.
import { expect, failedLoadOf, test } from "./support/fixtures";
import { expectErrorSummary, expectNoScripts, submit, uuidInPath } from "./support/funnel";

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
