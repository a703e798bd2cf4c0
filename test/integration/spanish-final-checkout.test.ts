// The final checkout in Spanish: the page, its sandbox notice and its browser messages in her
// words (the language her session remembers from /welcome?lang=es), each of its forms'
// refusals in Spanish (the payment form: her fields, her card, a declined card, a ZIP in
// another state; the promo code form), and the sandbox's stand-in for her bank's check.
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import * as sandboxAuthenticate from "../../app/routes/sandbox.authenticate.$reference";
import { rateLimits } from "../../app/server/http/rate-limits.server";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { pageLanguage } from "../../app/server/visitor/language.server";
import { checkoutForm } from "../support/factories";
import { paymentForm, readyToPay } from "../support/funnel-steps";
import { englishLeftIn } from "../support/english-left";
import { locationOf, resetDatabase, TestBrowser } from "../support/route-harness";
import { drawIn } from "../support/drawn-page";

// The pages drawn outside Remix, their loader's (and action's) data given.
vi.mock("@remix-run/react", async (original) => (await import("../support/drawn-page")).outsideRemix(await original()));
const draw = drawIn("es");

/** A page's visible text, a line per element. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, "\n");

const rootLoader = (request: { request: Request; params: Record<string, string | undefined> }) =>
  pageLanguage(request.request, request.params);

/** Her plan and details saved in a flow begun at /welcome?lang=es (a referral code shows the promo box). */
async function spanishCheckout() {
  const browser = new TestBrowser();
  const uuid = await readyToPay(browser, { options: ["patch"], query: "?lang=es&referral_code=friend" });
  const params = { responderUuid: uuid };
  const page = () => browser.call(finalCheckout.loader, `/final-checkout/${uuid}`, { params });
  const post = async (form: Record<string, string>) =>
    browser.call(finalCheckout.action, `/final-checkout/${uuid}`, { params, form: await paymentForm(browser, uuid, form) });
  return { browser, uuid, params, page, post };
}

beforeEach(async () => {
  await resetDatabase();
  clearProviderCaches();
});

describe("the final checkout in Spanish", () => {
  it("draws the page, its order summary and the sandbox notice in Spanish, and sends the browser Spanish", async () => {
    const { browser, uuid, params, page } = await spanishCheckout();
    expect((await browser.call(rootLoader, `/final-checkout/${uuid}`, { params })).data).toMatchObject({ language: "es" });
    const loaded = await page();
    expect(loaded).toHaveStatus(200);
    const html = draw(finalCheckout.default, loaded.data);
    for (const spanish of [
      '<h1 id="page-title">Pago seguro</h1>',
      "Paso 3 de 3",
      "Resumen del pedido",
      "Trimestral (se factura cada 3 meses)",
      "Su proveedor médico fija la dosis inicial",
      "<legend>Dirección de envío</legend>",
      "No podemos hacer entregas a un apartado postal (PO Box)",
      "<legend>Método de pago</legend>",
      "<strong>Entorno de prueba (sandbox):</strong> no se realiza ningún pago real.",
      "Número de tarjeta",
      "Código promocional",
      "Acuerdo de suscripción: acepto los términos de la suscripción",
      "COMPLETAR LA COMPRA",
      "Su carrito está reservado por <time",
      "¿Necesita ayuda?",
    ]) {
      expect(html).toContain(spanish);
    }
    expect(html).not.toMatch(/Secure Checkout|Shipping Address|COMPLETE PURCHASE|Sandbox:|Order summary|reserved for/);
    expect(englishLeftIn(textOf(html))).toEqual([]);
    // The page hydrates: the browser gets its words in Spanish, and only the groups it draws.
    const clientIds = Object.keys(loaded.data.clientMessages);
    expect(clientIds).toContain("finalCheckout.title");
    expect(clientIds).toContain("sandbox.cardNote");
    expect(clientIds.some((id) => id.startsWith("payment.") || id.startsWith("promo."))).toBe(false);
    expect(JSON.stringify(loaded.data.clientMessages["finalCheckout.title"])).toContain("Pago seguro");
  });

  it("refuses the payment form in Spanish: her fields, her card, a declined card, a ZIP in another state", async () => {
    const { page, post } = await spanishCheckout();
    const missing = await post(
      checkoutForm({ city: "", addressLine1: "PO Box 12", cardNumber: "4242", securityCode: "", subscriptionAgreement: "" }),
    );
    expect(missing).toHaveStatus(400);
    expect(missing.data.toast).toMatchObject({
      title: "Falta información",
      description: "Complete todos los campos de la dirección de envío",
    });
    expect(missing.data.lastResult.error).toMatchObject({
      city: ["Escriba su ciudad o localidad"],
      addressLine1: ["No podemos hacer entregas a un apartado postal (PO Box). Escriba la dirección de una calle."],
      subscriptionAgreement: ["Acepte los términos de la suscripción para continuar"],
      cardNumber: ["Escriba un número de tarjeta válido"],
      securityCode: ["Escriba el código de seguridad de 3 dígitos"],
    });
    const html = draw(finalCheckout.default, (await page()).data, missing.data);
    expect(html).toContain("Escriba su ciudad o localidad");
    expect(html).toContain('<span class="visually-hidden">Error: </span>');

    const elsewhere = await post(checkoutForm({ zipCode: "90210", state: "NY", city: "Beverly Hills" }));
    expect(elsewhere).toHaveStatus(400);
    expect(elsewhere.data.lastResult.error.zipCode).toEqual([
      "El código postal (ZIP) 90210 corresponde a California. Revise el código postal o el estado.",
    ]);

    const declined = await post(checkoutForm({ cardNumber: "4000 0000 0000 0002" }));
    expect(declined).toHaveStatus(402);
    expect(declined.data.lastResult.error[""]).toEqual(["Su tarjeta fue rechazada."]);
    const refused = draw(finalCheckout.default, (await page()).data, declined.data);
    expect(refused).toContain("<h2>Su pago no se completó</h2><p>Su tarjeta fue rechazada.</p>");
    expect(englishLeftIn(textOf(refused))).toEqual([]);
    // Reloaded, the page reads the refusal kept with her order in her words too.
    expect((await page()).data).toMatchObject({ lastFailure: "Su tarjeta fue rechazada.", lastFailureInEnglish: false });
  });

  it("refuses a promo code in Spanish, and says an applied one was applied", async () => {
    const { page, post } = await spanishCheckout();
    await post({ intent: "apply-promo", promoCode: "NO-SUCH-CODE" });
    const refused = (await page()).data;
    expect(refused.promo).toMatchObject({ applied: false, message: "Este código promocional no es válido." });
    expect(draw(finalCheckout.default, refused)).toContain("Este código promocional no es válido.</p>");
    await post({ intent: "apply-promo", promoCode: "SAVE50" });
    expect((await page()).data.promo).toMatchObject({ applied: true, message: "¡Código promocional aplicado! Ahorró $50.00" });
    // Guessing codes is slowed: the promo box says so in her words (a plural made on the server).
    let limited = await post({ intent: "apply-promo", promoCode: "GUESS" });
    for (let tries = 0; limited.status !== 429 && tries < rateLimits.promoCheck.limit; tries++) {
      limited = await post({ intent: "apply-promo", promoCode: "GUESS" });
    }
    expect(limited).toHaveStatus(429);
    expect(limited.data.promoNotice).toMatch(
      /^Demasiados códigos promocionales probados\. Vuelva a intentarlo en (1 minuto|\d+ minutos)\.$/,
    );
  });

  it("refuses a post without the page's form token in Spanish (403)", async () => {
    const { post } = await spanishCheckout();
    const expired = await post(checkoutForm({ csrf: "not-the-page-token" }));
    expect(expired).toHaveStatus(403);
    expect(expired.data.lastResult.error[""]).toEqual(["Esta página venció. Vuelva a cargarla e inténtelo de nuevo."]);
  });

  it("draws the sandbox's bank check in Spanish", async () => {
    const { browser, post } = await spanishCheckout();
    const answer = await post(checkoutForm({ cardNumber: "4000 0025 0000 3155" }));
    const reference = locationOf(answer).pathname.split("/").pop()!;
    const params = { reference };
    const address = `/sandbox/authenticate/${reference}`;
    expect(await browser.call(sandboxAuthenticate.loader, address, { params })).toHaveStatus(200);
    expect((await browser.call(rootLoader, address, { params })).data).toMatchObject({ language: "es" });
    const html = draw(sandboxAuthenticate.default, null);
    expect(html).toContain('<h1 id="page-title">Confirme su pago</h1>');
    expect(html).toContain("Completar la autenticación");
    expect(html).toContain("Hacer fallar la autenticación");
    expect(html).not.toMatch(/Confirm your payment|Complete authentication/);
  });
});
