import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasTrackingParams, readTrackingParams, trackingParamNames, withQuery } from "../../app/funnel/tracking";

describe("readTrackingParams", () => {
  it("keeps the spec's seven tracking params and nothing else", () => {
    const params = readTrackingParams(
      new URLSearchParams(
        "utm_source=x&utm_medium=cpc&utm_campaign=spring&utm_term=hrt&utm_content=a&referral_code=r1&email_address=a%40b.co&st=token&other=1",
      ),
    );
    expect(params).toEqual({
      utm_source: "x",
      utm_medium: "cpc",
      utm_campaign: "spring",
      utm_term: "hrt",
      utm_content: "a",
      referral_code: "r1",
      email_address: "a@b.co",
    });
  });

  it("drops empty and blank values, and trims the rest", () => {
    expect(readTrackingParams(new URLSearchParams("utm_source=&utm_medium=%20%20&utm_term=%20x%20"))).toEqual({
      utm_term: "x",
    });
    expect(hasTrackingParams(readTrackingParams(new URLSearchParams("utm_source=")))).toBe(false);
  });

  it("cuts a value that is far too long to be a label", () => {
    const params = readTrackingParams(new URLSearchParams({ utm_source: "x".repeat(5000) }));
    expect(params.utm_source).toHaveLength(500);
  });
});

describe("withQuery", () => {
  it("appends params to a path, leaving empty ones out", () => {
    expect(withQuery("/concerns/abc", { utm_source: "x", utm_medium: undefined, referral_code: "" })).toBe("/concerns/abc?utm_source=x");
  });

  it("keeps an absolute address absolute and its own query", () => {
    expect(withQuery("https://intake.example.org/start?lang=en", { a: "1" })).toBe("https://intake.example.org/start?lang=en&a=1");
  });

  it("carries any tracking values through a redirect unchanged", () => {
    const value = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() === s && s.length > 0);
    fc.assert(
      fc.property(fc.record(Object.fromEntries(trackingParamNames.map((n) => [n, value]))), (params) => {
        const url = new URL(withQuery("/concerns/u", params), "http://x");
        expect(readTrackingParams(url.searchParams)).toEqual(params);
      }),
    );
  });
});
