import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planCodes } from "../../app/funnel/plans";
import {
  addMonths,
  billingDate,
  holdExpiresSoon,
  isFinalState,
  nextState,
  orderReference,
  periodAmountCents,
  readOrderReference,
  renewalRetryAt,
  renewalStillBilled,
  subscriptionEvents,
  subscriptionStates,
  type SubscriptionEvent,
  type SubscriptionState,
} from "../../app/funnel/subscription-life";

const day = 24 * 60 * 60 * 1000;
const hour = 60 * 60 * 1000;

/** From `from`, each event leads to its state (undefined: the event cannot happen there). */
function expectNext(from: SubscriptionState, next: Partial<Record<SubscriptionEvent, SubscriptionState | undefined>>) {
  for (const [event, to] of Object.entries(next)) expect(nextState(from, event as SubscriptionEvent), `${from}, ${event}`).toBe(to);
}

describe("the state machine", () => {
  it("follows the review: on hold, then approved, declined, cancelled or lapsed", () => {
    expectNext("on_hold", {
      approved_captured: "active",
      declined_released: "declined",
      cancelled_released: "cancelled",
      hold_expired: "hold_expired",
    });
    // A hold that lapsed cannot be captured.
    expectNext("hold_expired", { approved_charged: "active", approved_payment_failed: "payment_needed", approved_captured: undefined });
  });

  it("renews, retries, lapses, and ends after the renewal she cancelled too late for", () => {
    expectNext("active", { renewal_charged: "active", renewal_failed: "past_due", cancelled_after_renewal: "ending" });
    expectNext("past_due", { renewal_charged: "active", lapsed: "lapsed" });
    expectNext("ending", { renewal_charged: "cancelled", renewal_failed: "cancelled" });
  });

  it("has no way out of declined, cancelled, lapsed and disqualified, and every other state can be left", () => {
    const finals = subscriptionStates.filter(isFinalState);
    expect(finals).toEqual(["declined", "cancelled", "lapsed", "disqualified"]);
    for (const state of finals) for (const event of subscriptionEvents) expect(nextState(state, event)).toBeUndefined();
  });

  /** Checks any sequence of events from on hold: each event, the state it met, and where it led (undefined: refused, the state kept). */
  function forAnySequence(
    check: (steps: { event: SubscriptionEvent; from: SubscriptionState; next: SubscriptionState | undefined }[]) => void,
  ) {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...subscriptionEvents), { maxLength: 30 }), (events) => {
        let state: SubscriptionState = "on_hold";
        check(
          events.map((event) => {
            const step = { event, from: state, next: nextState(state, event) };
            state = step.next ?? state;
            return step;
          }),
        );
      }),
    );
  }

  it("never bills again once final, whatever happens after (any sequence of events)", () => {
    forAnySequence((steps) => {
      let finalSeen = false;
      for (const { from, next } of steps) {
        if (finalSeen) expect(next).toBeUndefined();
        if (isFinalState(next ?? from)) finalSeen = true;
      }
    });
  });

  it("reaches a renewal only through an approval", () => {
    forAnySequence((steps) => {
      let approved = false;
      for (const { event, next } of steps) {
        if (next === undefined) continue;
        if (event === "approved_captured" || event === "approved_charged") approved = true;
        if (event === "renewal_charged") expect(approved).toBe(true);
      }
    });
  });
});

describe("billing dates", () => {
  it("adds calendar months, keeping the day or the month's last day", () => {
    expect(addMonths(new Date("2026-01-31T10:00:00Z"), 1)).toEqual(new Date("2026-02-28T10:00:00Z"));
    expect(addMonths(new Date("2028-01-31T10:00:00Z"), 1)).toEqual(new Date("2028-02-29T10:00:00Z"));
    expect(addMonths(new Date("2026-11-22T09:30:00Z"), 12)).toEqual(new Date("2027-11-22T09:30:00Z"));
  });

  it("counts every period from the first, so a short month shifts nothing after it", () => {
    const start = new Date("2026-01-31T12:00:00Z");
    expect(billingDate(start, "monthly", 1)).toEqual(new Date("2026-02-28T12:00:00Z"));
    expect(billingDate(start, "monthly", 2)).toEqual(new Date("2026-03-31T12:00:00Z"));
    expect(billingDate(start, "quarterly", 1)).toEqual(new Date("2026-04-30T12:00:00Z"));
    expect(billingDate(start, "6_month", 2)).toEqual(new Date("2027-01-31T12:00:00Z"));
  });

  it("moves forward by the plan's months each period, between 28 and 31 days a month", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        fc.constantFrom(...planCodes),
        fc.integer({ min: 0, max: 40 }),
        (start, plan, period) => {
          const months = { monthly: 1, quarterly: 3, "6_month": 6, yearly: 12 }[plan];
          const gap = billingDate(start, plan, period + 1).getTime() - billingDate(start, plan, period).getTime();
          expect(gap).toBeGreaterThanOrEqual(months * 28 * day - day);
          expect(gap).toBeLessThanOrEqual(months * 31 * day + day);
        },
      ),
    );
  });
});

describe("retries, the 72-hour rule, holds and prices", () => {
  it("retries a failed renewal 1, 3 and 5 days after its billing date, then gives up", () => {
    const billed = new Date("2027-03-01T00:00:00Z");
    expect(renewalRetryAt(billed, 1)).toEqual(new Date("2027-03-02T00:00:00Z"));
    expect(renewalRetryAt(billed, 2)).toEqual(new Date("2027-03-04T00:00:00Z"));
    expect(renewalRetryAt(billed, 3)).toEqual(new Date("2027-03-06T00:00:00Z"));
    expect(renewalRetryAt(billed, 4)).toBeUndefined();
  });

  it("bills the next renewal only when she cancels less than 72 hours before it", () => {
    const next = new Date("2027-03-10T12:00:00Z");
    expect(renewalStillBilled(new Date(next.getTime() - 72 * hour), next)).toBe(false);
    expect(renewalStillBilled(new Date(next.getTime() - 72 * hour + 1), next)).toBe(true);
    expect(renewalStillBilled(new Date(next.getTime() - 10 * day), next)).toBe(false);
  });

  it("flags a hold within its last 24 hours, not before and not after it lapsed", () => {
    const expires = new Date("2027-03-10T12:00:00Z");
    expect(holdExpiresSoon(expires, new Date(expires.getTime() - 25 * hour))).toBe(false);
    expect(holdExpiresSoon(expires, new Date(expires.getTime() - 24 * hour))).toBe(true);
    expect(holdExpiresSoon(expires, new Date(expires.getTime() - 1))).toBe(true);
    expect(holdExpiresSoon(expires, expires)).toBe(false);
  });

  it("gives the promo discount to the first period only", () => {
    const amounts = { firstPeriodCents: 29_900, renewalCents: 39_900 };
    expect(periodAmountCents(0, amounts)).toBe(29_900);
    expect(periodAmountCents(1, amounts)).toBe(39_900);
    expect(periodAmountCents(7, amounts)).toBe(39_900);
  });
});

describe("order references", () => {
  it("are MC- and two groups of four unambiguous characters, read back however she types them", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 8 }), (bytes) => {
        const reference = orderReference(bytes);
        expect(reference).toMatch(/^MC-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/);
        expect(readOrderReference(reference)).toBe(reference);
        expect(readOrderReference(reference.toLowerCase().replace(/-/g, " "))).toBe(reference);
        expect(readOrderReference(reference.slice(3).replace("-", ""))).toBe(reference);
      }),
    );
  });

  it("refuse what is not one", () => {
    expect(readOrderReference("MCAB-2345")).toBe("MC-MCAB-2345");
    for (const raw of ["", "MC-1234", "MC-ABCD-EFGHJ", "MC-UUUU-2222", "hello world!"]) expect(readOrderReference(raw)).toBeUndefined();
  });
});
