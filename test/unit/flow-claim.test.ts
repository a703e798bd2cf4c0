import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newFlowClaim, verifyFlowClaim } from "../../app/server/flow/flow-claim.server";

describe("flow claims", () => {
  it("verifies a claim this server made, for the uuid it names", () => {
    const uuid = "2b0f5a4e-8a6c-4f3e-9d1b-7c2e4a6b8d10";
    expect(verifyFlowClaim(newFlowClaim(uuid))).toBe(uuid);
    expect(verifyFlowClaim(newFlowClaim())).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses a claim whose uuid or signature was changed", () => {
    const claim = newFlowClaim("2b0f5a4e-8a6c-4f3e-9d1b-7c2e4a6b8d10");
    const [uuid, signature] = claim.split(".");
    expect(verifyFlowClaim(`${uuid!.replace("2b", "3b")}.${signature}`)).toBeUndefined();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: signature!.length - 1 }), fc.constantFrom("A", "b", "-", "_"), (i, c) => {
        const changed = signature!.slice(0, i) + c + signature!.slice(i + 1);
        fc.pre(changed !== signature);
        expect(verifyFlowClaim(`${uuid}.${changed}`)).toBeUndefined();
      }),
    );
  });

  it.each([undefined, null, "", "no-dot", "a.b.c", 42, "x".repeat(500)])("refuses %j", (claim) => {
    expect(verifyFlowClaim(claim)).toBeUndefined();
  });
});
