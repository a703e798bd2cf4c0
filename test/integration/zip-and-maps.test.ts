// The Zip Code checked against the State at COMPLETE PURCHASE and in the JSON order, and the
// two small routes the final checkout's JavaScript calls: a ZIP's city and state, and (without
// MAPS_API_KEY here) no maps key.
import { beforeEach, describe, expect, it } from "vitest";
import * as googleKey from "../../app/routes/api.google-api-key";
import * as zipCodes from "../../app/routes/api.zip-codes.$zip";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import { database } from "../../app/server/db/client.server";
import { orders } from "../../app/server/db/schema.server";
import { checkoutForm } from "../support/factories";
import { paymentForm, readyToPay } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";

beforeEach(async () => {
  await resetDatabase();
});

describe("COMPLETE PURCHASE", () => {
  it("refuses a ZIP from another state on Zip Code (400), keeps what she typed, tries no card", async () => {
    const browser = new TestBrowser();
    const responderUuid = await readyToPay(browser);
    const answer = await browser.call(finalCheckout.action, `/final-checkout/${responderUuid}`, {
      params: { responderUuid },
      form: await paymentForm(browser, responderUuid, checkoutForm({ zipCode: "97206", state: "NY", city: "New York" })),
    });
    expect(answer).toHaveStatus(400);
    expect(answer.data.lastResult.error.zipCode).toEqual(["ZIP code 97206 is in Oregon. Check the ZIP code or the state."]);
    expect(answer.data.lastResult.initialValue).toMatchObject({ zipCode: "97206", state: "NY", city: "New York" });
    expect(await (await database()).select().from(orders)).toEqual([]);
  });
});

describe("GET /api/zip-codes/{zip}", () => {
  const get = (zip: string) => new TestBrowser().call(zipCodes.loader, `/api/zip-codes/${zip}`, { params: { zip } });

  it("answers a known ZIP's city and state, cacheable", async () => {
    const answer = await get("97206");
    expect(answer).toHaveStatus(200);
    expect(answer.data).toEqual({ city: "Portland", state: "OR" });
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=86400");
  });

  it("answers 404 for an unknown or malformed ZIP", async () => {
    expect(await get("00000")).toHaveStatus(404);
    expect(await get("abc")).toHaveStatus(404);
  });
});

describe("GET /api/google-api-key", () => {
  it("answers 404 when no maps key is set", async () => {
    const answer = await new TestBrowser().call(googleKey.loader, "/api/google-api-key");
    expect(answer).toHaveStatus(404);
    expect(answer.data).toEqual({ message: "Address suggestions are not configured." });
  });
});
