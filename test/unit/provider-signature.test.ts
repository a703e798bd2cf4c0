import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { providerSignatureHeader, verifyProviderSignature } from "../../app/server/http/provider-signature.server";

const secret = "a-secret-of-at-least-sixteen";
const at = new Date("2027-01-01T00:00:00Z");
const t = at.getTime() / 1000;

describe("the provider's signature", () => {
  it("verifies any body it signed, and no body with one character changed", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.nat(), (body, index) => {
        const header = providerSignatureHeader(secret, t, body);
        expect(verifyProviderSignature(header, body, secret, at)).toEqual({ ok: true });
        const i = index % body.length;
        const changed = body.slice(0, i) + String.fromCharCode(body.charCodeAt(i) ^ 1) + body.slice(i + 1);
        expect(verifyProviderSignature(header, changed, secret, at)).toEqual({ ok: false, reason: "mismatch" });
      }),
    );
  });

  it("refuses another secret, and a time more than 5 minutes either way", () => {
    const body = '{"decision":"approved"}';
    expect(verifyProviderSignature(providerSignatureHeader("another-secret-entirely", t, body), body, secret, at)).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(verifyProviderSignature(providerSignatureHeader(secret, t - 300, body), body, secret, at)).toEqual({ ok: true });
    expect(verifyProviderSignature(providerSignatureHeader(secret, t - 301, body), body, secret, at)).toEqual({
      ok: false,
      reason: "stale",
    });
    expect(verifyProviderSignature(providerSignatureHeader(secret, t + 301, body), body, secret, at)).toEqual({
      ok: false,
      reason: "stale",
    });
  });

  it("says a header is missing or malformed", () => {
    expect(verifyProviderSignature(null, "{}", secret, at)).toEqual({ ok: false, reason: "missing" });
    expect(verifyProviderSignature("  ", "{}", secret, at)).toEqual({ ok: false, reason: "missing" });
    for (const header of ["t=1", "v1=abc", `t=x,v1=${"a".repeat(64)}`, `t=${t},v1=${"g".repeat(64)}`, `t=${t},v0=${"a".repeat(64)}`]) {
      expect(verifyProviderSignature(header, "{}", secret, at)).toEqual({ ok: false, reason: "malformed" });
    }
  });
});
