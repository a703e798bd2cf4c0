import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  normalisePromoCode,
  promoBoxVisible,
  promoDiscountCents,
  promoOutcome,
  type PromoCheck,
  type PromoRule,
} from "../../app/funnel/promo";

const special = "i_dont_know_no_preference";
const answered = (result: { valid: boolean; adjusted_price: number; discount_amount: number; message?: string }) =>
  ({ outcome: "answered", result }) as const satisfies PromoCheck;

describe("promo box (spec section 5)", () => {
  it.each([
    [undefined, "gel", false],
    [undefined, special, false],
    ["", special, false],
    ["   ", special, false],
    ["friend10", "gel", true],
    ["friend10", undefined, true],
    ["friend10", special, true],
    ["199sema", "gel", false],
    ["199sema", undefined, false],
    ["199sema", special, true],
    [" 199SEMA ", "gel", false],
    ["199Sema", special, true],
    ["199sema2", "gel", true],
  ] as const)("referral %j with first product %j: %s", (referral, firstProduct, visible) => {
    expect(promoBoxVisible(referral, firstProduct, special)).toBe(visible);
  });
});

describe("promo code as typed", () => {
  it.each([
    ["welcome20", "WELCOME20"],
    ["  Save50 ", "SAVE50"],
    ["HRT-100_a", "HRT-100_A"],
    ["A".repeat(40), "A".repeat(40)],
  ])("%j reads as %j", (raw, code) => {
    expect(normalisePromoCode(raw)).toBe(code);
  });

  it.each([undefined, null, 42, "", "   ", "A".repeat(41), "SAVE 50", "SAVE50!", "ÉTÉ", "a/b", "../x", ["SAVE50"]])(
    "%j is no code",
    (raw) => {
      expect(normalisePromoCode(raw)).toBeUndefined();
    },
  );
});

describe("promo outcome (spec section 8)", () => {
  it("applies a valid answer with the server's message", () => {
    expect(
      promoOutcome("SAVE50", answered({ valid: true, adjusted_price: 34900, discount_amount: 5000, message: "Enjoy $50 off" }), 39900),
    ).toEqual({ applied: true, discountCents: 5000, adjustedCents: 34900, message: "Enjoy $50 off" });
  });

  it("says what she saved, in dollars and cents, when the server gives no message", () => {
    expect(promoOutcome("SAVE50", answered({ valid: true, adjusted_price: 34900, discount_amount: 5000 }), 39900)).toEqual({
      applied: true,
      discountCents: 5000,
      adjustedCents: 34900,
      message: "Promo code applied! You saved $50.00",
    });
    expect(promoOutcome("X", answered({ valid: true, adjusted_price: 23920, discount_amount: 5980, message: "  " }), 29900).message).toBe(
      "Promo code applied! You saved $59.80",
    );
  });

  it("refuses an invalid answer with the server's message, or the default", () => {
    expect(
      promoOutcome("NOPE", answered({ valid: false, adjusted_price: 39900, discount_amount: 0, message: "Code expired" }), 39900),
    ).toEqual({
      applied: false,
      message: "Code expired",
    });
    expect(promoOutcome("NOPE", answered({ valid: false, adjusted_price: 39900, discount_amount: 0 }), 39900)).toEqual({
      applied: false,
      message: "Unable to validate promo code",
    });
  });

  it.each([
    { outcome: "http-error", status: 500 },
    { outcome: "http-error", status: 404 },
    { outcome: "http-error", status: 502 },
    { outcome: "unreachable" },
  ] as const)("tells her to try again on %j", (check) => {
    expect(promoOutcome("SAVE50", check, 39900)).toEqual({
      applied: false,
      message: "Unable to validate promo code. Please try again.",
    });
  });

  it.each(["HRT100", "hrt100", "Hrt100", " hRt100 "])("applies $100 for %j when the check answers 500", (code) => {
    expect(promoOutcome(code, { outcome: "http-error", status: 500 }, 19900)).toEqual({
      applied: true,
      discountCents: 10000,
      adjustedCents: 9900,
      message: "Promo code applied! You saved $100.00",
    });
  });

  it("keeps the HRT100 fallback to a 500 and to that code", () => {
    for (const check of [
      { outcome: "http-error", status: 503 },
      { outcome: "http-error", status: 404 },
      { outcome: "unreachable" },
    ] as const) {
      expect(promoOutcome("HRT100", check, 19900).applied).toBe(false);
    }
    expect(promoOutcome("HRT1000", { outcome: "http-error", status: 500 }, 19900).applied).toBe(false);
    // An answer, even a refusal, is the provider's word: no fallback.
    expect(promoOutcome("HRT100", answered({ valid: false, adjusted_price: 19900, discount_amount: 0 }), 19900)).toEqual({
      applied: false,
      message: "Unable to validate promo code",
    });
  });

  it("takes the HRT100 fallback off the real price, never more than it", () => {
    expect(promoOutcome("HRT100", { outcome: "http-error", status: 500 }, 39900)).toMatchObject({
      discountCents: 10000,
      adjustedCents: 29900,
    });
    expect(promoOutcome("HRT100", { outcome: "http-error", status: 500 }, 6000)).toEqual({
      applied: true,
      discountCents: 6000,
      adjustedCents: 0,
      message: "Promo code applied! You saved $60.00",
    });
  });

  it("clamps what the provider takes off between nothing and the price", () => {
    expect(promoOutcome("BIG", answered({ valid: true, adjusted_price: 0, discount_amount: 50000 }), 39900)).toEqual({
      applied: true,
      discountCents: 39900,
      adjustedCents: 0,
      message: "Promo code applied! You saved $399.00",
    });
    expect(promoOutcome("NEG", answered({ valid: true, adjusted_price: 40900, discount_amount: -1000 }), 39900)).toMatchObject({
      discountCents: 0,
      adjustedCents: 39900,
    });
    // The adjusted price is the price less the discount, whatever the provider said it was.
    expect(promoOutcome("ODD", answered({ valid: true, adjusted_price: 100, discount_amount: 5000 }), 39900)).toMatchObject({
      discountCents: 5000,
      adjustedCents: 34900,
    });
  });
});

describe("discount rules", () => {
  it.each([
    [{ kind: "fixed", amount: 5000 }, 39900, 5000],
    [{ kind: "fixed", amount: 10000 }, 6000, 6000],
    [{ kind: "fixed", amount: -5 }, 6000, 0],
    [{ kind: "percent", amount: 20 }, 39900, 7980],
    [{ kind: "percent", amount: 15 }, 29900, 4485],
    [{ kind: "percent", amount: 15 }, 333, 50],
    [{ kind: "percent", amount: 15 }, 330, 50],
    [{ kind: "percent", amount: 100 }, 13900, 13900],
    [{ kind: "percent", amount: 150 }, 13900, 13900],
    [{ kind: "percent", amount: 20 }, 0, 0],
  ] as const)("%j off %i is %i", (rule, price, discount) => {
    expect(promoDiscountCents(rule, price)).toBe(discount);
  });

  const rules = fc.oneof(
    fc.record({ kind: fc.constant("fixed" as const), amount: fc.integer({ min: -100_000, max: 1_000_000 }) }),
    fc.record({ kind: fc.constant("percent" as const), amount: fc.integer({ min: -50, max: 200 }) }),
  );

  it("never takes off less than nothing or more than the price; what is left and what is saved make the price", () => {
    fc.assert(
      fc.property(rules, fc.integer({ min: 0, max: 10_000_000 }), (rule: PromoRule, price) => {
        const discount = promoDiscountCents(rule, price);
        expect(Number.isInteger(discount)).toBe(true);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(price);
        const outcome = promoOutcome("CODE", answered({ valid: true, adjusted_price: price - discount, discount_amount: discount }), price);
        expect(outcome.applied).toBe(true);
        if (outcome.applied) {
          expect(outcome.discountCents).toBe(discount);
          expect(outcome.adjustedCents + outcome.discountCents).toBe(price);
        }
      }),
    );
  });

  it("keeps any provider answer within the price", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (discount, price) => {
        const outcome = promoOutcome("CODE", answered({ valid: true, adjusted_price: 0, discount_amount: discount }), price);
        if (!outcome.applied) throw new Error("expected applied");
        expect(outcome.discountCents).toBeGreaterThanOrEqual(0);
        expect(outcome.discountCents).toBeLessThanOrEqual(price);
        expect(outcome.adjustedCents + outcome.discountCents).toBe(price);
      }),
    );
  });
});
