// Her emails in the language she ordered in: a Spanish order's emails are written in Spanish
// (subject, text and HTML, `lang="es"`, es-US dates, the Spanish terms), whether the lifecycle
// sends them or they are delivered from the outbox's facts; an English order's stay English.
import { beforeEach, describe, expect, it } from "vitest";
import * as cancelPage from "../../app/routes/subscription.$token.cancel/route";
import { emailPayload } from "../../app/funnel/email-messages";
import type { EmailFacts, EmailKind } from "../../app/funnel/emails";
import { translator } from "../../app/i18n/messages";
import { storedEmailsOf } from "../../app/server/db/stores/stored-emails.server";
import type { SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { deliverEmail } from "../../app/server/mail/her-emails.server";
import type { Mailer, OutgoingMail } from "../../app/server/mail/mailer.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { englishLeftIn } from "../support/english-left";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { deliverAll, heldSubscription, reload } from "../support/subscriptions";

const es = translator("es");
const [renews, cancelBefore, noRefunds] = [
  es("subscriptionTerms.renews"),
  es("subscriptionTerms.cancelBefore"),
  es("subscriptionTerms.noRefunds"),
];

/** Her email as she reads it: its subject and text (the bank's words, kept in English, left out). */
const readable = (mail: { subject: string; text: string }) => `${mail.subject}\n${mail.text}`;

/** One email of `kind` delivered from the outbox's facts, as the worker delivers it. */
async function delivered(subscription: SubscriptionRow, kind: EmailKind, facts: Omit<EmailFacts, "kind"> = {}): Promise<OutgoingMail> {
  const sent: OutgoingMail[] = [];
  const capture: Mailer = { kind: "embedded", send: async (mail) => void sent.push(mail) };
  await deliverEmail(emailPayload(subscription.reference, kind, new Date("2026-11-01T00:00:00Z"), facts), `test-${kind}`, capture);
  expect(sent).toHaveLength(1);
  return sent[0]!;
}

beforeEach(async () => {
  await resetDatabase();
});

describe("her emails in Spanish", () => {
  it("a Spanish order: order received, approved and cancelled are written in Spanish, with her terms and es-US dates", async () => {
    const subscription = await heldSubscription({ language: "es", plan: "quarterly" });
    await deliverAll();
    await decideReview(paymentGateway(), subscription, "approved", null, "owner");
    const token = subscriptionLinkToken(await reload(subscription));
    await new TestBrowser().call(cancelPage.action, `/subscription/${token}/cancel`, { params: { token }, form: {} });
    await deliverAll();
    const emails = await storedEmailsOf(subscription.reference);
    expect(emails.map((email) => email.kind)).toEqual(["order_received", "approved", "cancelled"]);
    const [received, approved, cancelled] = emails;

    expect(received!.subject).toBe(`Recibimos su pedido ${subscription.reference}`);
    expect(received!.text).toContain("Precio: $139.00 cada 3 meses");
    expect(received!.text).toContain("Hicimos una retención de $139.00 en su tarjeta.");
    for (const term of [renews, cancelBefore, noRefunds, es("subscriptionTerms.preAuthorised")]) expect(received!.text).toContain(term);
    expect(received!.html).toContain('<html lang="es">');
    expect(received!.html).toContain("Abrir su página de suscripción");
    expect(received!.text).toContain(`/subscription/${token}`);

    expect(approved!.subject).toBe(`Se le recetó su tratamiento: recibo de ${subscription.reference}`);
    expect(approved!.text).toContain("Cobramos $139.00 a su tarjeta por sus primeros 3 meses.");
    expect(approved!.text).toMatch(
      /Su próxima fecha de facturación es el \d{1,2} de [a-z]+ de \d{4}: \$139\.00 por los 3 meses siguientes\./,
    );

    expect(cancelled!.subject).toBe(`Su suscripción ${subscription.reference} está cancelada`);
    expect(cancelled!.text).toContain("Su suscripción está cancelada.");
    expect(cancelled!.text).toContain(noRefunds);

    for (const email of emails) {
      expect(email.text.startsWith("Hola, ")).toBe(true);
      expect(englishLeftIn(readable(email))).toEqual([]);
      expect(email.html).not.toContain("{");
    }
  });

  it("the renewal reminder, a failed payment, a plan change and a refund: in Spanish for a Spanish order, in English for an English one", async () => {
    const spanish = await heldSubscription({ language: "es", plan: "quarterly", amountCents: 29_900 });
    const english = await heldSubscription({ plan: "quarterly", amountCents: 29_900 });
    const nextBillingAt = new Date("2026-11-24T10:00:00Z");
    const facts: [EmailKind, Omit<EmailFacts, "kind">][] = [
      ["renewal_reminder", { amountCents: 29_900, nextBillingAt }],
      ["renewal_failed", { amountCents: 29_900, failure: "Your card was declined.", retryAt: new Date("2026-11-27T00:00:00Z") }],
      [
        "plan_changed",
        { planChange: { kind: "switched", fromPlan: "quarterly", toPlan: "monthly", cents: 11_900, startsAt: nextBillingAt } },
      ],
      ["refunded", { amountCents: 14_950, period: 0, card: "Visa ending 4242" }],
    ];
    const [reminder, failed, changed, refunded] = await Promise.all(facts.map(([kind, given]) => delivered(spanish, kind, given)));
    const ref = spanish.reference;

    expect(reminder!.subject).toBe("Su plan trimestral se renueva el 24 de noviembre de 2026");
    expect(reminder!.text).toContain(
      "Su suscripción se renueva automáticamente el 24 de noviembre de 2026. Ese día cobraremos $299.00 a su tarjeta por los próximos 3 meses.",
    );
    expect(reminder!.text).toContain(
      `cancele en línea antes del 21 de noviembre de 2026 (al menos 72 horas antes de la fecha de facturación). ${noRefunds}`,
    );

    expect(failed!.subject).toBe(`No pudimos cobrar la renovación de ${ref}`);
    expect(failed!.text).toContain("Volveremos a intentar el cobro en su tarjeta el 27 de noviembre de 2026.");
    // The bank's words pass on as they came, marked as English for her reader.
    expect(failed!.html).toContain('Motivo indicado: <span lang="en">Your card was declined.</span>');

    expect(changed!.subject).toBe(`Su plan de ${ref} cambia a Mensual el 24 de noviembre de 2026`);
    expect(changed!.text).toContain(
      "Su plan cambia de Trimestral a Mensual en su próxima fecha de facturación, el 24 de noviembre de 2026. A partir de entonces cuesta $119.00 cada mes.",
    );
    expect(changed!.text).toContain("antes del 21 de noviembre de 2026 (72 horas antes del 24 de noviembre de 2026)");

    expect(refunded!.subject).toBe(`Su reembolso del pedido ${ref}`);
    expect(refunded!.text).toContain("Le reembolsamos $149.50 de su primer pago a su Visa terminada en 4242.");

    for (const email of [reminder!, failed!, changed!, refunded!]) {
      expect(email.html).toContain('<html lang="es">');
      expect(englishLeftIn(readable(email).replace("Your card was declined.", ""))).toEqual([]);
    }

    // The same facts for an English order: the English, word for word.
    const [englishReminder, englishFailed] = await Promise.all(facts.slice(0, 2).map(([kind, given]) => delivered(english, kind, given)));
    expect(englishReminder!.subject).toBe("Your quarterly plan renews on November 24, 2026");
    expect(englishReminder!.html).toContain('<html lang="en">');
    expect(englishFailed!.text).toContain("We could not charge $299.00 to your card for your renewal: Your card was declined.");
    expect(englishFailed!.html).not.toContain('<span lang="en">');
  });
});
