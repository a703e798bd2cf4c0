// With MAPS_API_KEY set: the key for her page, no-store, and the final checkout told where the
// places script loads from.
import { vi } from "vitest";

vi.hoisted(() => {
  process.env.MAPS_API_KEY = "test-maps-browser-key";
  process.env.MAPS_SCRIPT_URL = "https://maps.example/api/js?libraries=places";
});

import { expect, it } from "vitest";
import * as googleKey from "../../app/routes/api.google-api-key";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import { readyToPay } from "../support/funnel-steps";
import { TestBrowser } from "../support/route-harness";

it("answers { apiKey } with no-store", async () => {
  const answer = await new TestBrowser().call(googleKey.loader, "/api/google-api-key");
  expect(answer).toHaveStatus(200);
  expect(answer.data).toEqual({ apiKey: "test-maps-browser-key" });
  expect(answer.headers.get("Cache-Control")).toBe("no-store");
});

it("the final checkout names the places script", async () => {
  const browser = new TestBrowser();
  const responderUuid = await readyToPay(browser);
  const page = await browser.call(finalCheckout.loader, `/final-checkout/${responderUuid}`, { params: { responderUuid } });
  expect(page.data.mapsScriptUrl).toBe("https://maps.example/api/js?libraries=places");
});
