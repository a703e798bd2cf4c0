import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assignVariant, bookingAddress, readVariant, variantFacts, variants } from "../../app/funnel/variant";

const anyText = fc.option(fc.string({ maxLength: 12 }), { nil: null });
const percent = fc.integer({ min: 0, max: 100 });
const draw = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe("assignVariant (link parameter, then her cookie, then the split)", () => {
  it("takes a `variant` link parameter first, whatever her cookie or the split says", () => {
    fc.assert(
      fc.property(fc.constantFrom(...variants), anyText, percent, draw, (requested, kept, classicPercent, d) => {
        expect(assignVariant({ requested, kept, classicPercent, draw: d })).toBe(requested);
      }),
    );
  });

  it("keeps her earlier assignment when the link names none, or names no variant", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(null, "", "blue", "classic-2"),
        fc.constantFrom(...variants),
        percent,
        draw,
        (requested, kept, classicPercent, d) => {
          expect(assignVariant({ requested, kept, classicPercent, draw: d })).toBe(kept);
        },
      ),
    );
  });

  it("draws a new visitor by the split: 0% is always current, 100% always classic", () => {
    fc.assert(
      fc.property(draw, (d) => {
        expect(assignVariant({ classicPercent: 0, draw: d })).toBe("current");
        expect(assignVariant({ classicPercent: 100, draw: d })).toBe("classic");
      }),
    );
  });

  it("gives classic to the configured share of draws", () => {
    const draws = Array.from({ length: 1000 }, (_, i) => i / 1000);
    const classic = draws.filter((d) => assignVariant({ classicPercent: 25, draw: d }) === "classic");
    expect(classic).toHaveLength(250);
  });

  it("reads variant names as links and cookies spell them", () => {
    expect(readVariant(" Classic ")).toBe("classic");
    expect(readVariant("CURRENT")).toBe("current");
    expect(readVariant("weight-loss")).toBeUndefined();
    expect(readVariant(["classic"])).toBeUndefined();
  });
});

describe("what the older variant changes (spec sections 2 and 4)", () => {
  it("starts the countdown at 14:56 instead of 15:00", () => {
    expect(variantFacts.classic.countdownSeconds).toBe(14 * 60 + 56);
    expect(variantFacts.current.countdownSeconds).toBe(900);
  });

  it("asks for a billing address, adds weight-loss items and speaks of a weight loss journey only in the older variant", () => {
    const { classic, current } = variantFacts;
    expect([classic.billingAddress, classic.weightLoss, classic.thankYouJourney]).toEqual([true, true, true]);
    expect([current.billingAddress, current.weightLoss, current.thankYouJourney]).toEqual([false, false, false]);
  });
});

describe("bookingAddress (spec section 2: treatment_id=1 in the older variant)", () => {
  it("adds treatment_id=1 for the older variant, keeping what the address had", () => {
    expect(bookingAddress("https://book.example.com/visit?ref=a#top", "classic")).toBe(
      "https://book.example.com/visit?ref=a&treatment_id=1#top",
    );
    expect(bookingAddress("https://book.example.com/visit?treatment_id=7", "classic")).toBe(
      "https://book.example.com/visit?treatment_id=1",
    );
    expect(bookingAddress("/book?x=1", "classic")).toBe("/book?x=1&treatment_id=1");
  });

  it("leaves the address alone for the current variant", () => {
    expect(bookingAddress("https://book.example.com/visit?ref=a", "current")).toBe("https://book.example.com/visit?ref=a");
  });
});
