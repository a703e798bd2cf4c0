// Her reason for cancelling as it is kept, and the money report's count of reasons.
import { describe, expect, it } from "vitest";
import { cancelReasonOf } from "../../app/funnel/cancel-reasons";
import { cancelReasonLines } from "../../app/funnel/money-report";

describe("her reason as kept", () => {
  it("keeps her words only with Other; words with no reason chosen are Other; Prefer not to say is no reason", () => {
    expect(cancelReasonOf({})).toEqual({ reason: null, note: null });
    expect(cancelReasonOf({ reason: "none" })).toEqual({ reason: null, note: null });
    expect(cancelReasonOf({ reason: "side_effects", note: "headaches" })).toEqual({ reason: "side_effects", note: null });
    expect(cancelReasonOf({ reason: "other", note: "  moved\n\nabroad " })).toEqual({ reason: "other", note: "moved abroad" });
    expect(cancelReasonOf({ note: "moved abroad" })).toEqual({ reason: "other", note: "moved abroad" });
    expect(cancelReasonOf({ reason: "none", note: "moved abroad" })).toEqual({ reason: "other", note: "moved abroad" });
    expect(cancelReasonOf({ reason: "other", note: "   " })).toEqual({ reason: "other", note: null });
  });
});

describe("cancel reasons in the money report", () => {
  it("lists every reason in order with its count, then none given; a retired code counts as Other; nothing when none", () => {
    expect(cancelReasonLines([])).toEqual([]);
    const lines = cancelReasonLines([
      { reason: "moving", count: 2 },
      { reason: null, count: 3 },
      { reason: "gone_away", count: 1 },
      { reason: "other", count: 1 },
    ]);
    expect(lines.map((line) => [line.label, line.count])).toEqual([
      ["Too expensive", 0],
      ["Side effects", 0],
      ["Not working for me", 0],
      ["Prefer another treatment", 0],
      ["Moving or travelling", 2],
      ["Other", 2],
      ["No reason given", 3],
    ]);
  });
});
