// Every email of hers in each language: every kind, with the facts each can carry, renders
// with no placeholder left; the Spanish leaves no English behind and says `lang="es"`; and a
// plan change's words are hers on her page and English for the console.
import { describe, expect, it } from "vitest";
import { emailKinds, planChangeWords, renderEmail, type EmailFacts, type PlanChangeLine } from "../../app/funnel/emails";
import { languages } from "../../app/i18n/languages";
import { translator } from "../../app/i18n/messages";
import { englishLeftIn } from "../support/english-left";
import { anEmailOrder } from "../support/factories";

const order = anEmailOrder({ plan: "quarterly", firstPeriodCents: 24_900, renewalCents: 29_900 });
const links = {
  subscription: "https://care.example/s/abc",
  payment: "https://care.example/s/abc/payment",
  receipt: "https://care.example/s/abc/receipts/7",
};
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 10));
const change = (kind: PlanChangeLine["kind"], fixed = true): PlanChangeLine => ({
  kind,
  fromPlan: "monthly",
  toPlan: "6_month",
  cents: 59_900,
  startsAt: at(24),
  ...(fixed ? { fixedAt: at(20), fixedCents: 9_900 } : {}),
});

/** The facts each kind may carry, and the lack of them. */
const factSets: Omit<EmailFacts, "kind">[] = [
  {},
  {
    amountCents: 12_345,
    period: 0,
    nextBillingAt: at(24),
    previousBillingAt: at(10),
    retryAt: at(27),
    holdReleased: true,
    beforeReview: true,
    card: "Visa ending 4242",
    shipCity: "Austin",
    shipState: "TX",
  },
  {
    amountCents: 500,
    period: 2,
    lastBillingAt: at(2),
    holdReleased: false,
    ends: true,
    movedBack: true,
    card: "Card ending 1111",
    nextBillingAt: at(24),
    previousBillingAt: at(3),
  },
  { period: 1, failure: "Insufficient funds." },
  ...(["switched", "waiting", "kept"] as const).map((kind) => ({ planChange: change(kind), nextBillingAt: at(24) })),
  { planChange: change("waiting", false) },
];

describe("her emails in her language", () => {
  it.each(languages)("every kind renders in %s with no placeholder left", (language) => {
    const t = translator(language);
    for (const kind of emailKinds) {
      for (const facts of factSets) {
        const email = renderEmail(order, { kind, ...facts }, links, t);
        const label = `${kind} ${JSON.stringify(facts)}`;
        for (const part of [email.subject, email.text, email.html]) expect(part, label).not.toMatch(/[{}]/);
        expect(email.html, label).toContain(`<html lang="${language}">`);
        if (language === "es") {
          // The bank's words stay as they came (marked lang="en" in the HTML); nothing else is English.
          const text = email.text.replace(facts.failure ?? "\u0000", "");
          expect(englishLeftIn(`${email.subject}\n${text}`), label).toEqual([]);
          expect(email.subject, label).not.toBe(renderEmail(order, { kind, ...facts }, links).subject);
        }
      }
    }
  });

  it("without a language an email is the English one, word for word", () => {
    for (const kind of emailKinds) {
      expect(renderEmail(order, { kind, ...factSets[1] }, links)).toEqual(
        renderEmail(order, { kind, ...factSets[1] }, links, translator("en")),
      );
    }
  });

  it("a plan change says the same in Spanish on her page and in her email, and English for the console", () => {
    const es = translator("es");
    const waiting = planChangeWords(change("waiting"), es);
    expect(waiting.summary).toBe(
      "Su próxima fecha de facturación (20 de noviembre de 2026) está a menos de 72 horas, así que, como indican los términos, esa renovación es fija: $99.00 por un mes más de su plan Mensual. Después, su plan cambia a 6 meses el 24 de noviembre de 2026, y a partir de entonces cuesta $599.00 cada 6 meses.",
    );
    expect(waiting.undo).toBe(
      "¿Cambió de opinión? Vuelva a elegir su plan Mensual desde su página de suscripción antes del 21 de noviembre de 2026 (72 horas antes del 24 de noviembre de 2026).",
    );
    const email = renderEmail(order, { kind: "plan_changed", planChange: change("waiting") }, links, es).text;
    expect(email).toContain(`Como lo solicitó: ${waiting.summary}`);
    expect(planChangeWords(change("kept")).summary).toBe(
      "You are keeping your 6 Months plan: the change to Monthly that was waiting is canceled. Your plan costs $599.00 every 6 months, and your next billing date is November 24, 2026.",
    );
  });
});
