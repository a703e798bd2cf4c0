// Where a treatment can be shipped: an option's unavailable states, the served states, and
// which comes first when both refuse.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCatalogue } from "../../app/funnel/catalogue-answer";
import { availableIn, notServedMessage, shippingRefusal, stateUnavailableNotice } from "../../app/funnel/state-availability";
import { usStateCodes } from "../../app/funnel/us-states";
import { parseSettings } from "../../app/server/config.server";

const cream = { id: "vaginal_estrogen_cream", unavailable_states: ["MS", "AR"] };
const patch: { id: string; unavailable_states?: string[] } = { id: "patch" };

describe("availability", () => {
  it("an option without a list goes everywhere; with one, everywhere else", () => {
    fc.assert(
      fc.property(fc.constantFrom(...usStateCodes), (state) => {
        expect(availableIn(patch, state)).toBe(true);
        expect(availableIn(cream, state)).toBe(!["MS", "AR"].includes(state));
      }),
    );
  });

  it("a state not known yet allows everything", () => {
    expect(availableIn(cream, null)).toBe(true);
    expect(availableIn(cream, "")).toBe(true);
  });

  it("a state not served is refused first, with its own message; then each option its state cannot have", () => {
    expect(shippingRefusal([cream, patch], "MS", ["NY"])).toEqual({ reason: "not_served", message: notServedMessage("MS") });
    expect(shippingRefusal([cream, patch], "MS", usStateCodes)).toEqual({
      reason: "unavailable",
      message: stateUnavailableNotice,
      optionIds: ["vaginal_estrogen_cream"],
    });
    expect(shippingRefusal([cream, patch], "NY", usStateCodes)).toBeNull();
  });

  it("says the spec's notice word for word", () => {
    expect(stateUnavailableNotice).toBe("We are sorry but this treatment option is not available in your state");
  });
});

describe("the provider's catalogue answer", () => {
  const answer = (unavailable_states: unknown) => [
    {
      name: "Vaginal",
      category: "vaginal_estrogen",
      options: [{ id: "cream", name: "Cream", product_id: "cream", quarterly_price: 299, unavailable_states }],
    },
  ];

  it("keeps known two-letter codes, in any case, once each", () => {
    expect(readCatalogue(answer(["ms", "AR", "MS", "XX", 7]))?.[0]?.options[0]?.unavailable_states).toEqual(["MS", "AR"]);
  });

  it("reads anything else as everywhere", () => {
    expect(readCatalogue(answer("MS"))?.[0]?.options[0]?.unavailable_states).toBeUndefined();
    expect(readCatalogue(answer(undefined))?.[0]?.options[0]?.unavailable_states).toBeUndefined();
  });
});

describe("SERVED_STATES", () => {
  it("defaults to the 50 states and DC", () => {
    expect(parseSettings({}).SERVED_STATES).toHaveLength(51);
  });

  it("refuses a code that is not a state", () => {
    expect(() => parseSettings({ SERVED_STATES: "NY,ZZ" })).toThrow(/SERVED_STATES/);
  });
});
