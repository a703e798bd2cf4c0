// Her private pages in Spanish: a Spanish order's page opens in Spanish with no `?lang`, her
// "English" link changes her language for her next pages too and keeps her where she is, and
// her page, her billing date, her address, cancelling, deleting her data and asking for a new
// link are drawn in her words, each form's refusal too. A link that does not open is refused in the visitor's language.
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as herPage from "../../app/routes/subscription.$token._index/route";
import * as addressPage from "../../app/routes/subscription.$token.address/route";
import * as billingDatePage from "../../app/routes/subscription.$token.billing-date/route";
import * as cancelPage from "../../app/routes/subscription.$token.cancel/route";
import * as herData from "../../app/routes/subscription.$token.data";
import * as deletePage from "../../app/routes/subscription.$token.delete/route";
import { erasureLimit } from "../../app/routes/subscription.$token.delete/delete-page.server";
import * as newLinkPage from "../../app/routes/subscription.$token.new-link/route";
import type { SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { countHit } from "../../app/server/http/rate-limits.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { pageLanguage } from "../../app/server/visitor/language.server";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { heldSubscription, reload } from "../support/subscriptions";
import { drawIn } from "../support/drawn-page";

// The pages drawn outside Remix, their loader's (and action's) data given.
vi.mock("@remix-run/react", async (original) => (await import("../support/drawn-page")).outsideRemix(await original()));
const draw = drawIn("es");

const rootLoader = (request: { request: Request; params: Record<string, string | undefined> }) =>
  pageLanguage(request.request, request.params);

const tokenOf = async (subscription: SubscriptionRow) => subscriptionLinkToken(await reload(subscription));

/** A Spanish order, prescribed and paid: her plan runs. */
async function activeSpanishOrder() {
  const held = await heldSubscription({ language: "es" });
  await decideReview(paymentGateway(), held, "approved", null, "owner");
  const subscription = await reload(held);
  expect(subscription.state).toBe("active");
  const token = await tokenOf(subscription);
  return { subscription, token, params: { token }, address: `/subscription/${token}` };
}

const errorsOf = (answer: { data: { lastResult: { error: Record<string, string[]> } } }) =>
  Object.values(answer.data.lastResult.error).flat();

beforeEach(resetDatabase);

describe("her private pages in Spanish", () => {
  it("opens a Spanish order's page in Spanish; ?lang=en makes it and her next pages English, at the same page", async () => {
    const held = await heldSubscription({ language: "es" });
    const token = await tokenOf(held);
    const params = { token };
    const browser = new TestBrowser();
    expect((await browser.call(rootLoader, `/subscription/${token}`, { params })).data).toEqual({ language: "es", switchHref: "?lang=en" });
    const page = await browser.call(herPage.loader, `/subscription/${token}`, { params });
    expect(page.data.status).toEqual({ title: "En revisión", text: expect.stringContaining("proveedor médico autorizado") });
    expect(page.data.payments.map((p: { text: string }) => p.text)).toEqual(["Retención aplicada"]);
    const html = draw(herPage.default, page.data);
    for (const words of [
      "Su suscripción",
      "Referencia del pedido <strong>",
      "Su plan",
      "Lo que ha sucedido",
      "Historial de facturación",
      "Cancelar la suscripción",
      "Términos de la suscripción",
      "Su suscripción se renueva automáticamente al final de cada período de facturación",
      "Pida un enlace nuevo",
    ]) {
      expect(html).toContain(words);
    }
    expect(html).toContain(`href="/subscription/${token}/new-link"`);
    expect(html).not.toMatch(/Your subscription|Billing history|What has happened|Order reference/);

    // Her switch link keeps her at the page she is on (the cancel page), and is remembered.
    const cancelAt = `/subscription/${token}/cancel`;
    expect((await browser.call(rootLoader, cancelAt, { params })).data).toEqual({ language: "es", switchHref: "?lang=en" });
    expect((await browser.call(rootLoader, `${cancelAt}?lang=en`, { params })).data).toEqual({ language: "en", switchHref: "?lang=es" });
    expect((await reload(held)).language).toBe("en");
    expect((await new TestBrowser().call(rootLoader, `/subscription/${token}`, { params })).data).toMatchObject({ language: "en" });
    const english = await new TestBrowser().call(herPage.loader, `/subscription/${token}`, { params });
    expect(english.data.status.title).toBe("Under review");
  });

  it("refuses a link that does not open in the visitor's language", async () => {
    const refused = await new TestBrowser().call(herPage.loader, "/subscription/nonsense?lang=es", { params: { token: "nonsense" } });
    expect(refused).toHaveStatus(404);
    expect(refused.data).toEqual({
      message: "Este enlace no abre ningún pedido. Compruebe que copió el enlace completo de su correo electrónico o pida uno nuevo.",
      returnTo: "/subscription?lang=es",
      returnLabel: "Pedir un enlace nuevo",
    });
    const english = await new TestBrowser().call(herPage.loader, "/subscription/nonsense", { params: { token: "nonsense" } });
    expect(english.data.message).toContain("This link does not open an order");
    // Her data's address sends such a link to her page's, which refuses it in the same language.
    const download = await new TestBrowser().call(herData.loader, "/subscription/nonsense/data?lang=es", { params: { token: "nonsense" } });
    expect(download.location).toBe("/subscription/nonsense?lang=es");
  });

  it("draws her billing-date page in Spanish, its refusals and what was done", async () => {
    const { subscription, params, address } = await activeSpanishOrder();
    const at = `${address}/billing-date`;
    const page = await new TestBrowser().call(billingDatePage.loader, at, { params });
    const html = draw(billingDatePage.default, page.data);
    for (const words of [
      "Cambiar su fecha de facturación",
      "Su próxima fecha de facturación: <strong>",
      "Posponer la fecha",
      "Elija cuántas semanas",
      "Posponer mi fecha de facturación",
      "Omitir mi próximo período",
      "Recibir el envío antes",
      "Volver a su suscripción",
    ]) {
      expect(html).toContain(words);
    }
    expect(page.data.move.choices[1][1]).toMatch(/^2 semanas después: \d+ de \w+ de \d{4}$/);
    expect(page.data.left).toBe("Le quedan 12 semanas para posponerla en los próximos 12 meses.");
    expect(html).not.toMatch(/Change your billing date|Move it later|Ship sooner|Skip my next period/);

    const post = async (form: Record<string, string>) =>
      new TestBrowser().call(billingDatePage.action, at, {
        params,
        form: { shown: (await reload(subscription)).nextBillingAt!.toISOString(), ...form },
      });
    const noWeeks = await post({ intent: "move" });
    expect(noWeeks).toHaveStatus(400);
    expect(noWeeks.data.lastResult.error.weeks).toEqual(["Elija cuántas semanas desea posponer su fecha de facturación: de 1 a 8."]);
    expect(draw(billingDatePage.default, page.data, noWeeks.data)).toContain("Elija cuántas semanas desea posponer");
    expect(await post({ intent: "move", weeks: "1" })).toHaveStatus(303);
    const twice = await post({ intent: "skip" });
    expect(twice).toHaveStatus(409);
    expect(errorsOf(twice)).toEqual(["Ya pospuso u omitió esta fecha de facturación. Puede cambiarla una vez por período."]);
    const done = await new TestBrowser().call(billingDatePage.loader, `${at}?changed=1`, { params });
    expect(done.data.done).toMatch(/^Su próxima fecha de facturación ahora es el \d+ de \w+ de \d{4}; antes era el \d+ de \w+ de \d{4}\.$/);
    expect(draw(billingDatePage.default, done.data)).toContain("Fecha de facturación cambiada");
  });

  it("draws her cancel page in Spanish with what cancelling does and a break instead; refuses a bad reason; cancels", async () => {
    const { params, address } = await activeSpanishOrder();
    const at = `${address}/cancel`;
    const page = await new TestBrowser().call(cancelPage.loader, at, { params });
    expect(page.data.preview.text).toMatch(
      /^No se cobra ninguna otra renovación: .* Su plan mensual se habría renovado el \d+ de \w+ de \d{4}\.$/,
    );
    const html = draw(cancelPage.default, page.data);
    for (const words of [
      "Cancelar la suscripción",
      "¿Prefiere tomar un descanso?",
      "Omitir su próximo período: no se cobra ni se envía nada el",
      "¿Por qué cancela? (opcional)",
      "Es demasiado caro",
      "Prefiero no decirlo",
      "Hasta 200 caracteres.",
      "Sí, cancelar mi suscripción",
      "Conservar mi suscripción",
    ]) {
      expect(html).toContain(words);
    }
    expect(html).not.toMatch(/Need a break|Why are you canceling|Keep my subscription|Cancel subscription/);

    const badReason = await new TestBrowser().call(cancelPage.action, at, { params, form: { reason: "bored" } });
    expect(badReason).toHaveStatus(400);
    expect(badReason.data.lastResult.error.reason).toEqual([
      "Elija uno de los motivos de la lista o deje la pregunta sin responder: es opcional.",
    ]);
    expect(draw(cancelPage.default, page.data, badReason.data)).toContain("Elija uno de los motivos de la lista");
    const longNote = await new TestBrowser().call(cancelPage.action, at, { params, form: { note: "x".repeat(201) } });
    expect(longNote.data.lastResult.error.note).toEqual(["Acorte lo que escribió a 200 caracteres o menos."]);

    const cancelled = await new TestBrowser().call(cancelPage.action, at, { params, form: { reason: "moving" } });
    expect(cancelled.data.text).toBe("Su suscripción está cancelada. No se cobrará ninguna otra renovación: no se cobrará nada más.");
    const result = draw(cancelPage.default, page.data, cancelled.data);
    expect(result).toContain("Le enviamos una confirmación por correo electrónico.");
    expect(result).toContain("Volver a su suscripción");
  });

  it("draws her address page in Spanish and refuses an incomplete address in Spanish", async () => {
    const { params, address } = await activeSpanishOrder();
    const at = `${address}/address`;
    const page = await new TestBrowser().call(addressPage.loader, at, { params });
    const html = draw(addressPage.default, page.data);
    for (const words of [
      "Cambiar la dirección de envío",
      "Enviamos a direcciones postales de EE. UU.",
      "Guardar esta dirección",
      "Conservar mi dirección",
    ]) {
      expect(html).toContain(words);
    }
    expect(html).not.toMatch(/Change shipping address|Save this address|Keep my address/);
    const incomplete = await new TestBrowser().call(addressPage.action, at, {
      params,
      form: { shown: page.data.shown, state: "OR", zipCode: "97201" },
    });
    expect(incomplete).toHaveStatus(400);
    expect(incomplete.data.lastResult.error.addressLine1).toEqual(["Escriba la primera línea de su dirección"]);
    expect(incomplete.data.lastResult.error.city).toEqual(["Escriba su ciudad o localidad"]);
    expect(draw(addressPage.default, page.data, incomplete.data)).toContain("Escriba la primera línea de su dirección");
  });

  it("draws the delete page's erasure words in Spanish, and slows too many presses in Spanish", async () => {
    const { subscription, params, address } = await activeSpanishOrder();
    const at = `${address}/delete`;
    const page = await new TestBrowser().call(deletePage.loader, at, { params });
    const html = draw(deletePage.default, page.data);
    for (const words of [
      "Eliminar mis datos",
      "Descargar mis datos",
      "Qué ocurre cuando elimina sus datos",
      "Su suscripción finaliza de inmediato",
      "Lo que debemos conservar",
      "La ley nos obliga a conservar los registros financieros",
      "Esto no se puede deshacer.",
      "Conservar mis datos",
    ]) {
      expect(html).toContain(words);
    }
    expect(html).not.toMatch(/Delete my data|What we must keep|This cannot be undone/);
    const press = new Request("http://localhost/");
    for (let i = 0; i < erasureLimit.limit; i++) await countHit(press, `subscription:${subscription.id}`, erasureLimit);
    const slowed = await new TestBrowser().call(deletePage.action, at, { params, form: {} });
    expect(slowed).toHaveStatus(429);
    expect(slowed.data.message).toMatch(/^Demasiados intentos\. Espere (1 minuto|\d+ minutos) y vuelva a intentarlo\.$/);
    expect(draw(deletePage.default, page.data, slowed.data)).toContain("Demasiados intentos.");
    expect((await reload(subscription)).erasedAt).toBeNull();
  });

  it("draws the page that asks for a new link from her page in Spanish, and lands on the lost-link page in Spanish", async () => {
    const { params, address } = await activeSpanishOrder();
    const at = `${address}/new-link`;
    const page = await new TestBrowser().call(newLinkPage.loader, at, { params });
    const html = draw(newLinkPage.default, page.data);
    for (const words of [
      "Un enlace nuevo para su pedido",
      "Este enlace deja de funcionar en cuanto lo pida",
      "Enviarme un enlace nuevo",
      "Conservar este enlace",
    ]) {
      expect(html).toContain(words);
    }
    expect(html).not.toMatch(/A new link for your order|Send me a new link|Keep this link/);
    expect(await new TestBrowser().call(newLinkPage.action, at, { params, form: {} })).toRedirectTo("/subscription?sent=her-page&lang=es");
  });
});
