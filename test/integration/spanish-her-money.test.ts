// Her money pages in Spanish, for an order placed in Spanish, with no `?lang` in her link: her
// card, another card after a failed payment, her plan (its preview and confirm), and a receipt,
// each drawn in her words as the server draws them, and every form's refusal in them too.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { translator } from "../../app/i18n/messages";
import * as cardRoute from "../../app/routes/subscription.$token.card/route";
import * as paymentRoute from "../../app/routes/subscription.$token.payment/route";
import * as planRoute from "../../app/routes/subscription.$token.plan/route";
import * as receiptRoute from "../../app/routes/subscription.$token.receipts.$paymentId/route";
import type { SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { pageLanguage } from "../../app/server/visitor/language.server";
import { locationOf, resetDatabase, TestBrowser } from "../support/route-harness";
import { activeWithMedications, heldSubscription, paymentsOf, reload, moveDays } from "../support/subscriptions";
import { drawIn } from "../support/drawn-page";

// The pages drawn outside Remix, their loader's (and action's) data given.
vi.mock("@remix-run/react", async (original) => (await import("../support/drawn-page")).outsideRemix(await original()));
const draw = drawIn("es");

const es = translator("es");
const errorsOf = (answer: { data: { lastResult: { error: Record<string, string[]> } } }) =>
  Object.values(answer.data.lastResult.error).flat();

/** Authorises, then fails every charge without her. */
const failsWithoutHer = "4000002760003184";
const mastercard = { cardNumber: "5555 5555 5555 4444", expiry: "12/34", securityCode: "123" };

beforeEach(resetDatabase);

async function approved(options: Parameters<typeof heldSubscription>[0] = {}): Promise<SubscriptionRow> {
  const held = await heldSubscription({ language: "es", ...options });
  await decideReview(paymentGateway(), held, "approved", null, "owner");
  return reload(held);
}

/** Her link's page at `path` under /subscription/{token}, and what root says its language is. */
async function herLink(subscription: SubscriptionRow, path: string) {
  const token = subscriptionLinkToken(await reload(subscription));
  const address = `/subscription/${token}${path}`;
  const root = await new TestBrowser().call(({ request, params }) => pageLanguage(request, params), address, { params: { token } });
  expect(root.data).toMatchObject({ language: "es" });
  return { token, address };
}

describe("her money pages in Spanish", () => {
  it("her card: the page, its refusals (a card field, a declined card) and the card updated, in Spanish", async () => {
    const subscription = await approved();
    const { token, address } = await herLink(subscription, "/card");
    const page = await new TestBrowser().call(cardRoute.loader, address, { params: { token } });
    expect(page).toHaveStatus(200);
    expect(page.data.firstUse).toMatch(/^La usaremos a partir de su próximo pago, el \d{1,2} de [a-z]+ de \d{4}, /);
    // The page hydrates (Stripe's card element): the browser gets what it draws, no plural.
    expect(Object.keys(page.data.clientMessages)).toEqual(
      expect.arrayContaining(["herCard.title", "herPage.reference", "cardForm.cardNumber"]),
    );
    expect(page.data.clientMessages).not.toHaveProperty("herCard.tooManyCards");
    const html = draw(cardRoute.default, page.data);
    expect(html).toContain("Actualizar su tarjeta");
    expect(html).toContain("Usar esta tarjeta");
    expect(html).toContain("Conservar mi tarjeta");
    expect(html).not.toMatch(/Update your card|Use this card|Keep my card|Nothing is charged today/);

    const post = (card: Record<string, string>) =>
      new TestBrowser().call(cardRoute.action, address, { params: { token }, form: { ...card, shown: page.data.shown } });
    const wrong = await post({ ...mastercard, cardNumber: "1234" });
    expect(wrong).toHaveStatus(400);
    expect(wrong.data.lastResult.error.cardNumber).toEqual([es("cardForm.cardNumberInvalid")]);
    expect(es("cardForm.cardNumberInvalid")).not.toBe(translator("en")("cardForm.cardNumberInvalid"));
    expect(draw(cardRoute.default, page.data, wrong.data)).toContain(es("cardForm.cardNumberInvalid"));
    const declined = await post({ ...mastercard, cardNumber: "4000 0000 0000 0002" });
    expect(declined).toHaveStatus(402);
    expect(errorsOf(declined)).toEqual([es("payment.declined")]);

    expect(locationOf(await post(mastercard)).search).toBe("?updated=1");
    const updated = await new TestBrowser().call(cardRoute.loader, `${address}?updated=1`, { params: { token } });
    expect(updated.data.current).toBe("Mastercard terminada en 4444");
    const done = draw(cardRoute.default, updated.data);
    expect(done).toContain("Tarjeta actualizada");
    expect(done).toContain("Su tarjeta para los pagos futuros ahora es Mastercard terminada en 4444.");
    expect(done).not.toContain("Card updated");
  });

  it("another card after a failed renewal: the page, a card field refused and the payment, in Spanish", async () => {
    const subscription = await approved({ plan: "monthly", cardNumber: failsWithoutHer });
    await moveDays(31);
    expect((await reload(subscription)).state).toBe("past_due");
    const { token, address } = await herLink(subscription, "/payment");
    const page = await new TestBrowser().call(paymentRoute.loader, address, { params: { token } });
    expect(page.data.page.intro).toBe(
      "Hay $139.00 pendientes de pago en su pedido. Indique otra tarjeta aquí y le haremos el cargo una sola vez, ahora.",
    );
    expect(page.data.clientMessages).toHaveProperty("herPayment.title");
    const html = draw(paymentRoute.default, page.data);
    expect(html).toContain('<h1 id="page-title">Pagar con otra tarjeta</h1>');
    expect(html).toContain("Pagar con esta tarjeta");
    expect(html).toContain("Referencia del pedido <strong>");
    expect(html).not.toMatch(/Pay with another card|Order reference|Back to your subscription/);

    const post = (card: Record<string, string>) => new TestBrowser().call(paymentRoute.action, address, { params: { token }, form: card });
    const wrong = await post({ ...mastercard, expiry: "13/99" });
    expect(wrong).toHaveStatus(400);
    expect(wrong.data.lastResult.error.expiry).toEqual([es("cardForm.expiryFormat")]);
    expect(draw(paymentRoute.default, page.data, wrong.data)).toContain(es("cardForm.expiryFormat"));
    const paid = await post(mastercard);
    expect(paid).toHaveStatus(200);
    expect(paid.data.text).toMatch(
      /^Gracias\. Cobramos \$139\.00 a su nueva tarjeta y su suscripción está activa\. Su próxima fecha de facturación es el \d{1,2} de [a-z]+ de \d{4}\./,
    );
  });

  it("her plan: the choices, a plan she cannot choose, the preview and its confirm, refused and done, in Spanish", async () => {
    const subscription = await activeWithMedications("monthly", false, "es");
    const { token, address } = await herLink(subscription, "/plan");
    const open = (query = "") => new TestBrowser().call(planRoute.loader, `${address}${query}`, { params: { token } });
    const page = await open();
    expect(page.data.current).toMatchObject({ plan: "Mensual", price: "$139.00 cada mes" });
    expect(page.data.choices).toEqual([{ code: "quarterly", label: "Trimestral: $399.00 cada 3 meses" }]);
    const html = draw(planRoute.default, page.data);
    expect(html).toContain("Cambiar su plan");
    expect(html).toContain("¿Qué plan desea?");
    expect(html).toContain("Ver qué cambia");
    expect(html).toContain("Próxima fecha de facturación");
    expect(html).not.toMatch(/Change your plan|Which plan would you like|See what changes|Next billing date/);

    // The choosing form (a GET) sent with no plan: said in Spanish.
    const unchosen = await open("?choose=1");
    expect(unchosen).toHaveStatus(400);
    expect(unchosen.data.refusal.error.plan).toEqual(["Elija el plan que desea."]);
    expect(draw(planRoute.default, unchosen.data)).toContain("Elija el plan que desea.");

    const preview = await open("?plan=quarterly");
    expect(preview.data.preview).toMatchObject({ title: "Cambiar al plan Trimestral", button: "Cambiar mi plan" });
    expect(preview.data.preview.price).toMatch(/^\$399\.00 cada 3 meses, a partir del \d{1,2} de [a-z]+ de \d{4}$/);
    expect(preview.data.preview.disclosure[0]).toMatch(/con renovación automática hasta que usted cancele\.$/);
    const drawnPreview = draw(planRoute.default, preview.data);
    expect(drawnPreview).toContain("Elegir otro plan");
    expect(drawnPreview).not.toMatch(/Change my plan|Choose another plan/);

    // The confirm form from a page out of date: refused in Spanish, nothing changed.
    const { plan, pendingPlan, nextBillingAt } = await reload(subscription);
    const form = { plan: "quarterly", shownPlan: plan, shownPending: pendingPlan ?? "none", shown: nextBillingAt!.toISOString() };
    const confirm = (fields: Record<string, string>) =>
      new TestBrowser().call(planRoute.action, `${address}?plan=quarterly`, { params: { token }, form: fields });
    const stale = await confirm({ ...form, shown: "not a date" });
    expect(stale).toHaveStatus(400);
    expect(stale.data.lastResult.error[""]).toEqual([
      "Esta página está desactualizada. Vuelva a abrirla desde la página de su suscripción.",
    ]);
    expect(draw(planRoute.default, page.data, stale.data)).toContain("Esta página está desactualizada.");
    const changedMeanwhile = await confirm({ ...form, shownPlan: "quarterly" });
    expect(changedMeanwhile).toHaveStatus(409);
    expect(errorsOf(changedMeanwhile)).toEqual([es("herPlan.stale")]);

    expect(locationOf(await confirm(form)).search).toBe("?changed=1");
    const done = draw(planRoute.default, (await open("?changed=1")).data);
    expect(done).toContain("Plan cambiado");
    expect(done).toContain("Le enviamos una confirmación por correo electrónico.");
    expect((await open()).data.ahead).toMatch(/^Su plan cambia a Trimestral el \d{1,2} de [a-z]+ de \d{4}: \$399\.00 cada 3 meses\.$/);
  });

  it("her plan: a plan that leaves out one of her medications is listed, and refused, in Spanish", async () => {
    const subscription = await activeWithMedications("quarterly", true, "es");
    const { token, address } = await herLink(subscription, "/plan");
    const why = "Cream: Este medicamento no está disponible con el plan mensual. Seleccione el plan trimestral para continuar.";
    const page = await new TestBrowser().call(planRoute.loader, address, { params: { token } });
    expect(page.data.unavailable).toEqual([{ plan: "Mensual", text: why }]);
    expect(draw(planRoute.default, page.data)).toContain("Planes que no puede elegir");
    const refused = await new TestBrowser().call(planRoute.loader, `${address}?plan=monthly`, { params: { token } });
    expect(refused).toHaveStatus(400);
    expect(refused.data.refusal.error.plan).toEqual([why]);
  });

  it("a receipt: its words, dates and plan in Spanish; a payment with none refused in Spanish (404)", async () => {
    const subscription = await approved({ plan: "monthly" });
    const capture = (await paymentsOf(subscription)).find((p) => p.kind === "capture" && p.status === "succeeded")!;
    const { token, address } = await herLink(subscription, `/receipts/${capture.id}`);
    const answer = await new TestBrowser().call(receiptRoute.loader, address, { params: { token, paymentId: String(capture.id) } });
    expect(answer).toHaveStatus(200);
    const { receipt } = answer.data;
    expect(receipt).toMatchObject({
      label: "Pago",
      plan: "Mensual (se factura cada mes)",
      // Her order here keeps no card: the receipt names none rather than guess.
      card: "Pagado con tarjeta",
      total: { label: "Total pagado", amount: "$139.00" },
      summary: "$139.00 pagados con tarjeta.",
      prescribed: "Recetado por un proveedor médico autorizado",
    });
    expect(receipt.date).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);
    expect(receipt.lines[0].period).toMatch(/^Del \d{1,2} de [a-z]+ de \d{4} al \d{1,2} de [a-z]+ de \d{4}$/);
    const html = draw(receiptRoute.default, answer.data);
    expect(html).toContain('<h1 id="receipt-title">Recibo</h1>');
    expect(html).toContain("Número de recibo");
    expect(html).toContain("Imprimir este recibo");
    expect(html).not.toMatch(/Receipt number|Total paid|Print this receipt|What you paid for/);

    const none = await new TestBrowser().call(receiptRoute.loader, `/subscription/${token}/receipts/999999`, {
      params: { token, paymentId: "999999" },
    });
    expect(none).toHaveStatus(404);
    expect(none.data).toMatchObject({ message: es("receipt.none"), returnLabel: "Volver a su suscripción" });
  });
});
