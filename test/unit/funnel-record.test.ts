import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { concernCodes, motivationCodes } from "../../app/funnel/questionnaire";
import { mayAnswerConcerns, mayLeaveEmail, salesFunnelRecordBody, type FunnelRecord } from "../../app/funnel/sales-funnel-record";
import { retryDelayMs } from "../../app/server/outbox/delivery.server";

const base: FunnelRecord = {
  responderUuid: "2b0f5a4e-8a6c-4f3e-9d1b-7c2e4a6b8d10",
  currentStepId: "welcome",
  reasonYouAreHereToday: ["nothing_else_has_helped"],
  concernsAboutHrt: [],
  emailAddress: null,
  redirectUrl: null,
  trackingParams: { utm_source: "x", referral_code: "r" },
};

describe("the sales funnel record the provider receives", () => {
  it("uses the spec's field names and flattens the tracking fields", () => {
    expect(salesFunnelRecordBody(base)).toEqual({
      responder_uuid: base.responderUuid,
      current_step_id: "welcome",
      reason_you_are_here_today: ["nothing_else_has_helped"],
      concerns_about_hrt: [],
      email_address: null,
      redirect_url: null,
      utm_source: "x",
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      referral_code: "r",
    });
  });

  it("sends the email from a link until she types her own", () => {
    const fromLink = { ...base, trackingParams: { email_address: "link@example.org" } };
    expect(salesFunnelRecordBody(fromLink).email_address).toBe("link@example.org");
    expect(salesFunnelRecordBody({ ...fromLink, emailAddress: "typed@example.org" }).email_address).toBe("typed@example.org");
  });
});

describe("step guards (spec section 2)", () => {
  it("lets her answer concerns only after welcome, and leave her email only after both", () => {
    fc.assert(
      fc.property(
        fc.subarray([...motivationCodes], { maxLength: 1 }),
        fc.subarray([...concernCodes], { maxLength: 1 }),
        (reasons, concerns) => {
          const record = { ...base, reasonYouAreHereToday: reasons, concernsAboutHrt: concerns };
          expect(mayAnswerConcerns(record)).toBe(reasons.length === 1);
          expect(mayLeaveEmail(record)).toBe(reasons.length === 1 && concerns.length === 1);
        },
      ),
    );
    expect(mayAnswerConcerns(null)).toBe(false);
    expect(mayLeaveEmail(null)).toBe(false);
  });
});

describe("outbox retry delay", () => {
  it("doubles from one second and never exceeds fifteen minutes", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (attempts) => {
        expect(retryDelayMs(attempts + 1)).toBeGreaterThanOrEqual(retryDelayMs(attempts));
        expect(retryDelayMs(attempts)).toBeLessThanOrEqual(15 * 60_000);
      }),
    );
  });
});
