// The refundable-amount rule: whatever sequence of refunds the owner asks for (some too large,
// some not whole cents, some given back by the gateway's refusal), no more than was paid is
// ever given back, and a refusal says exactly how much is left.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkRefundAmount, isRefundable, readDollarAmount, refundableCents, refundTooMuchMessage } from "../../app/funnel/refunds";

/** Dollars as a reader of the console expects them, from the platform rather than our formatter. */
const dollars = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

/** One thing that can happen to a payment's refunds. */
type Step =
  /** The owner asks for this many cents back. */
  | { ask: number }
  /** The gateway refuses the n-th accepted refund still standing: its amount is free again. */
  | { refusedAtGateway: number };

const askedAmount = fc.oneof(
  fc.integer({ min: 1, max: 20_000 }),
  fc.integer({ min: -500, max: 0 }),
  fc.double({ min: 0.001, max: 20_000, noNaN: true }).filter((n) => !Number.isInteger(n)),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: askedAmount.map((ask) => ({ ask })) },
  { weight: 1, arbitrary: fc.nat({ max: 10 }).map((refusedAtGateway) => ({ refusedAtGateway })) },
);

describe("what may still be refunded of a payment", () => {
  it("over any sequence of refunds: never more than was paid, each accepted one at most what was left, each refusal says what is left", () => {
    fc.assert(
      fc.property(fc.integer({ min: 50, max: 15_000 }), fc.array(step, { maxLength: 40 }), (paidCents, steps) => {
        /** The refunds accepted and still standing (not refused by the gateway). */
        const standing: number[] = [];
        const refunded = () => standing.reduce((sum, cents) => sum + cents, 0);
        for (const next of steps) {
          if ("refusedAtGateway" in next) {
            if (standing.length > 0) standing.splice(next.refusedAtGateway % standing.length, 1);
            continue;
          }
          const left = refundableCents(paidCents, refunded());
          expect(left).toBe(paidCents - refunded());
          const check = checkRefundAmount(next.ask, left);
          const whole = Number.isSafeInteger(next.ask) && next.ask > 0;
          if (check.ok) {
            expect(whole).toBe(true);
            expect(next.ask).toBeLessThanOrEqual(left);
            standing.push(next.ask);
          } else if (left === 0) {
            expect(check.message).toBe("Nothing is left to refund of this payment.");
          } else if (!whole) {
            expect(check.message).toBe("Enter an amount of at least $0.01.");
          } else {
            // Only "more than is left" remains as a reason, and it names the amount left.
            expect(next.ask).toBeGreaterThan(left);
            expect(check.message).toBe(`At most ${dollars(left)} is left to refund of this payment.`);
          }
          expect(refunded()).toBeLessThanOrEqual(paidCents);
        }
      }),
    );
  });

  it("accepts exactly what is left, so the rest can always be refunded in one go", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.nat({ max: 1_000_000 }), (paidCents, refundedCents) => {
        const left = refundableCents(paidCents, Math.min(refundedCents, paidCents));
        if (left > 0) {
          expect(checkRefundAmount(left, left)).toEqual({ ok: true });
          expect(checkRefundAmount(left + 1, left)).toEqual({ ok: false, message: refundTooMuchMessage(left) });
        }
      }),
    );
  });

  it("says nothing is left once all of it is refunded, and never a negative amount", () => {
    expect(refundableCents(13_900, 13_900)).toBe(0);
    expect(refundableCents(13_900, 20_000)).toBe(0);
    expect(checkRefundAmount(1, 0)).toEqual({ ok: false, message: "Nothing is left to refund of this payment." });
  });

  it("names the amount left with its thousands", () => {
    expect(refundTooMuchMessage(120_050)).toBe("At most $1,200.50 is left to refund of this payment.");
    expect(refundTooMuchMessage(5)).toBe("At most $0.05 is left to refund of this payment.");
  });

  it("gives back only from a paid capture or charge", () => {
    expect(isRefundable({ kind: "capture", status: "succeeded" })).toBe(true);
    expect(isRefundable({ kind: "charge", status: "succeeded" })).toBe(true);
    expect(isRefundable({ kind: "charge", status: "failed" })).toBe(false);
    expect(isRefundable({ kind: "hold", status: "succeeded" })).toBe(false);
    expect(isRefundable({ kind: "release", status: "succeeded" })).toBe(false);
    expect(isRefundable({ kind: "refund", status: "succeeded" })).toBe(false);
  });
});

describe("an amount as the owner types it", () => {
  it.each([
    ["12", 1_200],
    ["12.5", 1_250],
    ["12.50", 1_250],
    ["$12.05", 1_205],
    ["$1,200.00", 120_000],
    ["1,200", 120_000],
    ["1,234,567.89", 123_456_789],
    ["  7.1 ", 710],
    ["0.01", 1],
    ["0", 0],
  ])("%j is %i cents", (typed, cents) => {
    expect(readDollarAmount(typed)).toBe(cents);
  });

  it.each(["0.001", "-1", "abc", "", "12.", ".5", "1,2", "12,00", "1e3", "12.5.0", "$", "$-5", "12 dollars", "１２", "99999999"])(
    "%j is not an amount",
    (typed) => {
      expect(readDollarAmount(typed)).toBeUndefined();
    },
  );

  it("reads back any amount of cents written as dollars, with or without its sign and thousands", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), fc.boolean(), (cents, plain) => {
        const written = plain ? (cents / 100).toFixed(2) : dollars(cents);
        expect(readDollarAmount(written)).toBe(cents);
      }),
    );
  });
});
