import { describe, expect, it } from "vitest";
import { congratulationsIntakeUrl, socialProofIntakeUrl } from "../../app/funnel/intake";

const uuid = "2b0f5a4e-8a6c-4f3e-9d1b-7c2e4a6b8d10";

describe("socialProofIntakeUrl", () => {
  it("defaults to this app's selection page with responderUuid, email and tracking params", () => {
    const url = new URL(
      socialProofIntakeUrl("/checkout/{responderUuid}", uuid, "jane@example.org", {
        utm_source: "x",
        referral_code: "friend",
      }),
      "http://app",
    );
    expect(url.pathname).toBe(`/checkout/${uuid}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      responderUuid: uuid,
      utm_source: "x",
      referral_code: "friend",
      email_address: "jane@example.org",
    });
  });

  it("sends the email she typed, not an older one from a link", () => {
    const url = new URL(
      socialProofIntakeUrl("https://intake.example.org/start", uuid, "new@example.org", { email_address: "old@example.org" }),
    );
    expect(url.origin).toBe("https://intake.example.org");
    expect(url.searchParams.getAll("email_address")).toEqual(["new@example.org"]);
  });
});

describe("congratulationsIntakeUrl", () => {
  it("copies every query param and renames responder_uuid to responderUuid", () => {
    const url = new URL(
      congratulationsIntakeUrl(
        "https://intake.example.org/start",
        uuid,
        new URLSearchParams(`responder_uuid=${uuid}&utm_source=mail&lang=en`),
        {},
      ),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({ utm_source: "mail", lang: "en", responderUuid: uuid });
    expect(url.searchParams.has("responder_uuid")).toBe(false);
  });

  it("uses the flow's own uuid, never one merely named in the address", () => {
    const url = new URL(
      congratulationsIntakeUrl("/checkout/{responderUuid}", uuid, new URLSearchParams("responder_uuid=someone-else"), {}),
      "http://app",
    );
    expect(url.searchParams.get("responderUuid")).toBe(uuid);
    expect(url.pathname).toBe(`/checkout/${uuid}`);
  });

  it("adds the kept tracking params when the page's address has none", () => {
    const url = new URL(
      congratulationsIntakeUrl("/checkout/{responderUuid}", uuid, new URLSearchParams(), { utm_campaign: "c" }),
      "http://app",
    );
    expect(url.searchParams.get("utm_campaign")).toBe("c");
  });
});
