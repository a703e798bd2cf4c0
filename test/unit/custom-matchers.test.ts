// The route-answer matchers must fail when the answer is not what they say: a matcher that
// always passes would let every test that uses it pass too.
import { describe, expect, it } from "vitest";
import type { RouteAnswer } from "../support/route-harness";

function answer(status: number, location: string | null = null, headers = new Headers()): RouteAnswer {
  if (location) headers.set("Location", location);
  return { status, headers, location, data: { message: "why" } };
}

describe("toHaveStatus", () => {
  it("passes on the status and fails on another, naming what came back", () => {
    expect(answer(400)).toHaveStatus(400);
    expect(() => expect(answer(500)).toHaveStatus(400)).toThrow(/expected status 400, got status 500, body {"message":"why"}/);
    expect(() => expect(answer(400)).not.toHaveStatus(400)).toThrow(/a status other than 400/);
  });

  it("refuses what is not a route answer, even negated", () => {
    expect(() => expect({ status: 200 }).toHaveStatus(200)).toThrow(TypeError);
    expect(() => expect(undefined).not.toHaveStatus(200)).toThrow(TypeError);
  });
});

describe("toRedirectTo", () => {
  it("passes on a 302 or 303 to the path and query, a pattern, or a test of the URL", () => {
    expect(answer(303, "/final-checkout/abc?utm_source=sms")).toRedirectTo("/final-checkout/abc?utm_source=sms");
    expect(answer(302, "http://localhost/welcome")).toRedirectTo("/welcome");
    expect(answer(303, "/checkout/abc#category-x")).toRedirectTo(/^\/checkout\/abc#/);
    expect(answer(303, "https://checkout.stripe.test/pay")).toRedirectTo("https://checkout.stripe.test/pay");
    expect(answer(303, "/welcome?a=1")).toRedirectTo((url) => url.searchParams.get("a") === "1");
  });

  it("fails on another place, a query left out, a status that is no redirect, or no Location", () => {
    expect(() => expect(answer(303, "/welcome")).toRedirectTo("/home")).toThrow(/redirect to \/home, got status 303, Location \/welcome/);
    expect(() => expect(answer(303, "/welcome?utm_source=x")).toRedirectTo("/welcome")).toThrow();
    expect(() => expect(answer(301, "/welcome")).toRedirectTo("/welcome")).toThrow();
    expect(() => expect(answer(307, "/welcome")).toRedirectTo("/welcome")).toThrow();
    expect(() => expect(answer(200)).toRedirectTo("/welcome")).toThrow(/got status 200/);
    expect(() => expect(answer(303, "/welcome")).not.toRedirectTo("/welcome")).toThrow(/no 302 or 303 redirect/);
  });
});

describe("toSendToast", () => {
  it("reads the flash cookie the answer sets, as the next page would", async () => {
    const { flashToast } = await import("../../app/server/visitor/toast.server");
    const headers = new Headers({ "Set-Cookie": await flashToast("details-loaded") });
    await expect(answer(303, "/pre-checkout", headers)).toSendToast("details-loaded");
    await expect(expect(answer(303, "/pre-checkout", headers)).toSendToast("token-error")).rejects.toThrow(
      /expected the toast "token-error", got the toast "details-loaded"/,
    );
    await expect(expect(answer(303, "/pre-checkout")).toSendToast("details-loaded")).rejects.toThrow(/got no toast/);
  });
});
