import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatEmailDate } from "../../app/funnel/amounts-and-dates";
import { cardPageDisclosure, checkoutDisclosure, checkoutLastDay } from "../../app/funnel/consent";
import {
  lastDayToCancel,
  lastDayToCancelFirstRenewal,
  lastDayToCancelShown,
  nextRenewalAfterCard,
  type RenewalFacts,
} from "../../app/funnel/last-day-to-cancel";
import { planCodes, plans, type PlanCode } from "../../app/funnel/plans";
import { billingDate, renewalStillBilled } from "../../app/funnel/subscription-life";
import { translator } from "../../app/i18n/messages";

const hour = 60 * 60 * 1000;
const en = translator("en");
const es = translator("es");
const utc = (iso: string) => new Date(`${iso}Z`);
const lastDayOf = (plan: PlanCode, start: string) => formatEmailDate(lastDayToCancelFirstRenewal(plan, utc(start)), en);

describe("her last day to cancel before the first renewal", () => {
  it("is a day over everywhere in the US before the 72 hours' notice begins", () => {
    // Paid February 8, 15:30 UTC: renewed March 8, so the 72 hours begin March 5, 15:30 UTC,
    // 05:30 in Hawaii: March 4 is the last day wholly before them.
    expect(lastDayOf("monthly", "2027-02-08T15:30:00")).toBe("March 4, 2027");
    expect(lastDayToCancelFirstRenewal("monthly", utc("2027-02-08T15:30:00"))).toEqual(utc("2027-03-04T00:00:00"));
  });

  it("counts the first period's length by plan: 1, 3, 6 and 12 months", () => {
    expect(lastDayOf("monthly", "2027-01-10T12:00:00")).toBe("February 6, 2027");
    expect(lastDayOf("quarterly", "2027-01-10T12:00:00")).toBe("April 6, 2027");
    expect(lastDayOf("6_month", "2027-01-10T12:00:00")).toBe("July 6, 2027");
    expect(lastDayOf("yearly", "2027-01-10T12:00:00")).toBe("January 6, 2028");
  });

  it("keeps month ends: a renewal on a short month's last day, then the day before the 72 hours", () => {
    expect(lastDayOf("monthly", "2027-01-31T12:00:00")).toBe("February 24, 2027");
    expect(lastDayOf("monthly", "2028-01-31T12:00:00")).toBe("February 25, 2028"); // a leap year: February 29
    expect(lastDayOf("quarterly", "2026-11-30T12:00:00")).toBe("February 24, 2027");
    expect(lastDayOf("6_month", "2026-08-31T12:00:00")).toBe("February 24, 2027");
    expect(lastDayOf("yearly", "2028-02-29T12:00:00")).toBe("February 24, 2029");
    expect(lastDayOf("monthly", "2027-03-31T12:00:00")).toBe("April 26, 2027");
    // Across a month and a year: renewed January 2, so her last day is in December.
    expect(lastDayOf("monthly", "2026-12-02T12:00:00")).toBe("December 29, 2026");
  });

  it("is a day earlier when the 72 hours begin before 10:00 UTC, still the day before in Hawaii", () => {
    expect(lastDayOf("monthly", "2027-02-08T09:59:00")).toBe("March 3, 2027");
    expect(lastDayOf("monthly", "2027-02-08T10:00:00")).toBe("March 4, 2027");
    expect(lastDayOf("monthly", "2027-02-08T23:59:00")).toBe("March 4, 2027");
  });

  it("for any plan and day: the plan's months on, the last day that ends in Hawaii before the 72 hours, and cancelling then still stops it", () => {
    const hawaii = -10 * hour;
    fc.assert(
      fc.property(
        fc.constantFrom(...planCodes),
        fc.date({ min: new Date("2025-01-01T00:00:00Z"), max: new Date("2040-12-31T00:00:00Z"), noInvalidDate: true }),
        (plan, start) => {
          const renewal = billingDate(start, plan, 1);
          const months = (renewal.getUTCFullYear() - start.getUTCFullYear()) * 12 + renewal.getUTCMonth() - start.getUTCMonth();
          expect(months).toBe(plans[plan].months);
          const monthLength = new Date(Date.UTC(renewal.getUTCFullYear(), renewal.getUTCMonth() + 1, 0)).getUTCDate();
          expect(renewal.getUTCDate()).toBe(Math.min(start.getUTCDate(), monthLength));
          const cutOff = lastDayToCancel(renewal);
          expect(cutOff.getTime()).toBe(renewal.getTime() - 72 * hour);
          expect(renewalStillBilled(cutOff, renewal)).toBe(false);
          expect(renewalStillBilled(new Date(cutOff.getTime() + 1), renewal)).toBe(true);
          // The day told: midnight of a calendar day, over in Hawaii (the last US day to end)
          // by the cut-off, and the latest such day.
          const shown = lastDayToCancelFirstRenewal(plan, start);
          expect(shown.getTime() % (24 * hour)).toBe(0);
          const endsInHawaii = shown.getTime() + 24 * hour - hawaii;
          expect(endsInHawaii).toBeLessThanOrEqual(cutOff.getTime());
          expect(endsInHawaii + 24 * hour).toBeGreaterThan(cutOff.getTime());
          expect(lastDayToCancelShown(renewal)).toEqual(shown);
        },
      ),
    );
  });

  it("is written in her language", () => {
    const at = utc("2027-02-08T15:30:00");
    expect(checkoutLastDay(en, "monthly", at)).toBe("March 4, 2027");
    expect(checkoutLastDay(es, "monthly", at)).toBe("4 de marzo de 2027");
  });

  it("closes the checkout's disclosure, after the amount, the renewal, the hold and how to cancel", () => {
    expect(checkoutDisclosure(en, "quarterly", 29_900, 29_900, "March 5, 2027")).toEqual([
      "$299.00 every 3 months, renewing automatically until you cancel.",
      "We place a hold of $299.00 on your card now and charge it only if a provider prescribes your treatment; otherwise the hold is released.",
      "You can cancel online at any time from the link we email you.",
      "Your last day to cancel before the first renewal is March 5, 2027.",
    ]);
    expect(checkoutDisclosure(es, "quarterly", 29_900, 29_900, "5 de marzo de 2027")[3]).toBe(
      "Su último día para cancelar antes de la primera renovación es el 5 de marzo de 2027.",
    );
  });
});

describe("the renewal after a card she gives on her pages", () => {
  const now = utc("2027-02-08T15:30:00");
  const facts = (more: Partial<RenewalFacts>): RenewalFacts => ({
    state: "active",
    plan: "monthly",
    renewalCents: 13_900,
    firstPeriodStart: utc("2027-01-20T10:00:00"),
    nextBillingAt: utc("2027-02-20T10:00:00"),
    pendingPlan: null,
    pendingRenewalCents: null,
    pendingPlanFrom: null,
    ...more,
  });

  it("is her next billing date while her plan runs", () => {
    expect(nextRenewalAfterCard(facts({}), now)).toEqual({ plan: "monthly", renewalCents: 13_900, billingAt: utc("2027-02-20T10:00:00") });
  });

  it("under review or after a lapsed hold, counts the first period from now, its earliest start", () => {
    for (const state of ["on_hold", "hold_expired"] as const) {
      const renewal = nextRenewalAfterCard(facts({ state, plan: "quarterly", firstPeriodStart: null, nextBillingAt: null }), now);
      expect(renewal?.billingAt).toEqual(utc("2027-05-08T15:30:00"));
    }
  });

  it("after a payment due now, counts on from the period it pays", () => {
    const pastDue = facts({ state: "past_due", nextBillingAt: utc("2027-02-05T10:00:00"), firstPeriodStart: utc("2027-01-05T10:00:00") });
    expect(nextRenewalAfterCard(pastDue, now)?.billingAt).toEqual(utc("2027-03-05T10:00:00"));
    const firstDue = facts({ state: "payment_needed", firstPeriodStart: null, nextBillingAt: null });
    expect(nextRenewalAfterCard(firstDue, now)?.billingAt).toEqual(utc("2027-03-08T15:30:00"));
  });

  it("is the new plan's once a plan change starts by then, and none when her plan ends", () => {
    const changed = facts({ pendingPlan: "quarterly", pendingRenewalCents: 39_900, pendingPlanFrom: utc("2027-02-20T10:00:00") });
    expect(nextRenewalAfterCard(changed, now)).toMatchObject({ plan: "quarterly", renewalCents: 39_900 });
    const later = facts({ pendingPlan: "quarterly", pendingRenewalCents: 39_900, pendingPlanFrom: utc("2027-03-20T10:00:00") });
    expect(nextRenewalAfterCard(later, now)).toMatchObject({ plan: "monthly", renewalCents: 13_900 });
    for (const state of ["ending", "cancelled", "declined", "lapsed", "disqualified"] as const) {
      expect(nextRenewalAfterCard(facts({ state }), now)).toBeNull();
    }
  });

  it("is said above her card fields: amount and cadence, renewing, how to cancel, her last day", () => {
    const renewal = { plan: "monthly" as const, renewalCents: 13_900, billingAt: utc("2027-03-08T10:00:00") };
    expect(cardPageDisclosure(en, renewal)).toEqual([
      "$139.00 every month, renewing automatically until you cancel.",
      "You can cancel online at any time from the link we email you.",
      "Your last day to cancel before the next renewal is March 4, 2027.",
    ]);
    expect(cardPageDisclosure(es, renewal)[2]).toBe("Su último día para cancelar antes de la próxima renovación es el 4 de marzo de 2027.");
  });
});
