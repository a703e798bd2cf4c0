// SERVED_STATES: where the service operates at all. A shipping state outside it is refused at
// COMPLETE PURCHASE with its own message, before any card is tried, whatever she chose.
import { vi } from "vitest";

vi.hoisted(() => {
  process.env.SERVED_STATES = "NY, nj,CT";
});

import { beforeEach, expect, it } from "vitest";
import { notServedMessage } from "../../app/funnel/state-availability";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import { database } from "../../app/server/db/client.server";
import { orders } from "../../app/server/db/schema.server";
import { checkoutForm } from "../support/factories";
import { paymentForm, readyToPay } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";

beforeEach(async () => {
  await resetDatabase();
});

async function pressComplete(overrides: Record<string, string>) {
  const browser = new TestBrowser();
  const responderUuid = await readyToPay(browser);
  return browser.call(finalCheckout.action, `/final-checkout/${responderUuid}`, {
    params: { responderUuid },
    form: await paymentForm(browser, responderUuid, checkoutForm(overrides)),
  });
}

it("a state the service does not operate in is refused on State with its own message, and nothing is charged", async () => {
  const answer = await pressComplete({ addressLine1: "1 Elm St", city: "Portland", state: "OR", zipCode: "97201" });
  expect(answer).toHaveStatus(400);
  expect(answer.data.lastResult.error.state).toEqual([notServedMessage("OR")]);
  expect(notServedMessage("OR")).toContain("We are sorry, but we do not serve Oregon yet");
  expect(await (await database()).select().from(orders)).toEqual([]);
});

it("a state it serves (given in any case in the setting) goes through", async () => {
  expect(await pressComplete({ addressLine1: "1 Main St", city: "Newark", state: "NJ", zipCode: "07102" })).toHaveStatus(303);
});
