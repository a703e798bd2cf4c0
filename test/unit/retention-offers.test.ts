import { describe, expect, it } from "vitest";
import { offerBeforeCancelAllowed } from "../../app/funnel/retention-offers";
import { usStateCodes } from "../../app/funnel/us-states";

describe("a break offered before she cancels", () => {
  it("is not offered unasked where her order ships to Minnesota", () => {
    expect(offerBeforeCancelAllowed("MN")).toBe(false);
    expect(offerBeforeCancelAllowed(" mn ")).toBe(false);
  });

  it("is offered in every other state, and when no address is kept", () => {
    for (const state of usStateCodes.filter((code) => code !== "MN")) expect(offerBeforeCancelAllowed(state), state).toBe(true);
    expect(offerBeforeCancelAllowed(undefined)).toBe(true);
  });
});
