// Her page's words are said twice in English: by the catalogue (her page, through her
// translator) and by the funnel's own English (the console and her data file, which pass none).
// The two must stay word for word the same, and Spanish must differ from them.
import { describe, expect, it } from "vitest";
import {
  billingDateDoneText,
  billingDateMessages,
  billingDateWords,
  capText,
  capTextIn,
  decideBillingDateChange,
  moveOffer,
  type BillingDateFacts,
} from "../../app/funnel/billing-date-changes";
import { cancelReasonChoices, cancelReasonChoicesIn } from "../../app/funnel/cancel-reasons";
import { herAddressMessages, herAddressWords, tooManyAddressChangesMessage } from "../../app/funnel/her-address";
import {
  cancelPreview,
  cancelResultText,
  disqualifiedMoneyText,
  herEventWords,
  herPaymentText,
  herStateWords,
  type CancelFacts,
  type PaymentStatus,
} from "../../app/funnel/her-subscription";
import type { PaymentKind } from "../../app/funnel/refunds";
import { subscriptionEvents, subscriptionStates } from "../../app/funnel/subscription-life";
import { translator } from "../../app/i18n/messages";

const en = translator("en");
const es = translator("es");
const hour = 60 * 60 * 1000;
const billingAt = new Date("2027-03-10T10:00:00Z");

describe("her page's English, said twice", () => {
  it("names her order's state, each step and each payment alike", () => {
    for (const state of subscriptionStates) {
      expect(herStateWords(state, en)).toEqual(herStateWords(state));
      expect(herStateWords(state, es).text).not.toBe(herStateWords(state).text);
    }
    for (const event of subscriptionEvents) expect(herEventWords(event, en)).toBe(herEventWords(event));
    const kinds: PaymentKind[] = ["hold", "capture", "release", "charge", "refund"];
    const statuses: PaymentStatus[] = ["succeeded", "pending", "failed"];
    for (const kind of kinds) for (const status of statuses) expect(herPaymentText(kind, status, en)).toBe(herPaymentText(kind, status));
    const refund = { kind: "refund" as const, amountCents: 13_900, reason: "medically_disqualified" };
    for (const payments of [
      [{ ...refund, status: "succeeded" as const }],
      [{ ...refund, status: "pending" as const }],
      [{ ...refund, status: "failed" as const }],
      [{ kind: "release" as const, status: "succeeded" as const, amountCents: 13_900, reason: null }],
      [],
    ]) {
      expect(disqualifiedMoneyText(payments, en)).toBe(disqualifiedMoneyText(payments));
    }
  });

  it("says what cancelling does, before and after, alike", () => {
    const facts: CancelFacts = {
      state: "active",
      plan: "quarterly",
      firstPeriodCents: 11_900,
      renewalCents: 29_900,
      nextBillingAt: billingAt,
      decided: false,
    };
    const cases: [CancelFacts, Date][] = [
      ...subscriptionStates.map((state): [CancelFacts, Date] => [{ ...facts, state }, new Date(billingAt.getTime() - 200 * hour)]),
      [facts, new Date(billingAt.getTime() - 10 * hour)],
      [{ ...facts, nextBillingAt: null }, billingAt],
      [{ ...facts, state: "on_hold", decided: true }, billingAt],
    ];
    for (const [given, now] of cases) expect(cancelPreview(given, now, en)).toEqual(cancelPreview(given, now));
    expect(cancelPreview(facts, new Date(billingAt.getTime() - 200 * hour), es).text).toContain(
      "Su plan trimestral se habría renovado el 10 de marzo de 2027.",
    );
    for (const result of ["cancelled", "ending", "closed"] as const) {
      for (const before of subscriptionStates) {
        const amounts = { firstPeriodCents: 11_900, renewalCents: 29_900, lastBillingAt: billingAt };
        expect(cancelResultText(result, before, amounts, en)).toBe(cancelResultText(result, before, amounts));
      }
    }
    expect(cancelReasonChoicesIn(en)).toEqual(cancelReasonChoices);
  });

  it("states the billing-date rules, each refusal and each change alike", () => {
    expect(capTextIn(en)).toBe(capText);
    const words = billingDateWords(en);
    for (const [name, message] of Object.entries(billingDateMessages)) {
      const mine = words[name as keyof typeof words];
      if (typeof message === "string") expect(mine).toBe(message);
    }
    for (const state of ["past_due", "cancelled"] as const) expect(words.notActive(state)).toBe(billingDateMessages.notActive(state));
    for (const at of [billingAt, null]) expect(words.stale(at)).toBe(billingDateMessages.stale(at));
    expect(words.fixed(billingAt)).toBe(billingDateMessages.fixed(billingAt));
    expect(words.backTooLate(billingAt)).toBe(billingDateMessages.backTooLate(billingAt));
    expect(words.soonerOnce(billingAt)).toBe(billingDateMessages.soonerOnce(billingAt));
    expect(words.cardTried(billingAt)).toBe(billingDateMessages.cardTried(billingAt));
    expect(words.declined("Your card was declined.")).toBe(billingDateMessages.declined("Your card was declined."));
    for (const [weeks, left] of [
      [1, 1],
      [3, 2],
      [2, 0],
    ]) {
      expect(words.cap(weeks!, left!)).toBe(billingDateMessages.cap(weeks!, left!));
      expect(words.skipCap("monthly", weeks!, left!)).toBe(billingDateMessages.skipCap("monthly", weeks!, left!));
    }
    const facts: BillingDateFacts = {
      state: "active",
      plan: "monthly",
      periodsPaid: 1,
      nextBillingAt: billingAt,
      firstPeriodStart: new Date("2027-02-10T10:00:00Z"),
      failedAttempts: 0,
      lines: [],
    };
    const now = new Date("2027-02-20T10:00:00Z");
    const day = (date: Date) => date.toISOString().slice(0, 10);
    expect(moveOffer(facts, now, day, en)).toEqual(moveOffer(facts, now, day));
    expect(moveOffer(facts, now, day, es).choices[0]![1]).toBe("1 semana después: 2027-03-17");
    expect(decideBillingDateChange({ ...facts, state: "past_due" }, { kind: "skip" }, now, en)).toEqual(
      decideBillingDateChange({ ...facts, state: "past_due" }, { kind: "skip" }, now),
    );
    const from = billingAt;
    const to = new Date("2027-03-24T10:00:00Z");
    for (const line of [
      { event: "shipped_sooner" as const, from, to, movedBack: false },
      { event: "period_skipped" as const, from, to, movedBack: false },
      { event: "billing_date_moved" as const, from, to, movedBack: true },
      { event: "billing_date_moved" as const, from, to, movedBack: false },
    ]) {
      expect(billingDateDoneText(line, en)).toBe(billingDateDoneText(line));
    }
  });

  it("refuses an address change alike", () => {
    expect(herAddressWords(en)).toEqual(herAddressMessages);
    for (const seconds of [30, 60, 61, 600]) expect(tooManyAddressChangesMessage(seconds, en)).toBe(tooManyAddressChangesMessage(seconds));
  });
});
