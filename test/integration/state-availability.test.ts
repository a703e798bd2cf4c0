// Where a treatment cannot be shipped (spec section 2, "We are sorry but this treatment option
// is not available in your state"): the embedded catalogue's Cream cannot go to Mississippi.
// The final checkout and POST /api/pre-auth-checkout refuse to try the card, keep what she
// typed and say why beside the option; the selection page shows the notice once her state is
// known and will not let her choose it.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { stateUnavailableNotice } from "../../app/funnel/state-availability";
import * as preAuthApi from "../../app/routes/api.pre-auth-checkout/route";
import * as checkout from "../../app/routes/checkout.($responderUuid)/route";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import { database } from "../../app/server/db/client.server";
import { orders, sandboxPayments } from "../../app/server/db/schema.server";
import { checkoutForm } from "../support/factories";
import { paymentForm, readyToPay } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";

const mississippi = { addressLine1: "200 Capitol St", city: "Jackson", state: "MS", zipCode: "39201" };
const withCream = { options: ["vaginal_estrogen_cream"] };

beforeEach(async () => {
  await resetDatabase();
});

async function pressComplete(browser: TestBrowser, responderUuid: string, overrides: Record<string, string>) {
  return browser.call(finalCheckout.action, `/final-checkout/${responderUuid}`, {
    params: { responderUuid },
    form: await paymentForm(browser, responderUuid, checkoutForm(overrides)),
  });
}

describe("the final checkout", () => {
  it("refuses COMPLETE PURCHASE to a state where a chosen option cannot go: the notice on State, nothing charged, what she typed kept", async () => {
    const browser = new TestBrowser();
    const responderUuid = await readyToPay(browser, withCream);
    const answer = await pressComplete(browser, responderUuid, { ...mississippi, addressLine2: "Suite 9" });
    expect(answer).toHaveStatus(400);
    expect(answer.data.lastResult.error.state).toEqual([stateUnavailableNotice]);
    expect(answer.data.lastResult.initialValue).toMatchObject({ ...mississippi, addressLine2: "Suite 9" });
    expect(await (await database()).select().from(orders)).toEqual([]);
    expect(await (await database()).select().from(sandboxPayments)).toEqual([]);

    // The page again: the notice beside the Cream, with a way back to the selection.
    const page = await browser.call(finalCheckout.loader, `/final-checkout/${responderUuid}`, { params: { responderUuid } });
    expect(page.data.unavailableHere).toEqual({ optionIds: ["vaginal_estrogen_cream"], changeSelection: `/checkout/${responderUuid}` });
    expect(page.data.values).toMatchObject(mississippi);
  });

  it("lets the same order go to a state the option can reach", async () => {
    const browser = new TestBrowser();
    const responderUuid = await readyToPay(browser, withCream);
    const answer = await pressComplete(browser, responderUuid, {});
    expect(answer).toHaveStatus(303);
    const [order] = await (await database()).select().from(orders).where(eq(orders.responderUuid, responderUuid));
    expect(order?.status).toBe("authorised");
  });

  it("an order without the Cream is shipped to Mississippi", async () => {
    const browser = new TestBrowser();
    const responderUuid = await readyToPay(browser);
    expect(await pressComplete(browser, responderUuid, mississippi)).toHaveStatus(303);
  });
});

describe("the selection page", () => {
  it("once her state is known, shows the notice on the Cream and refuses to choose it; letting it go still works", async () => {
    const browser = new TestBrowser();
    const responderUuid = await readyToPay(browser);
    await pressComplete(browser, responderUuid, { ...mississippi, cardNumber: "4000 0000 0000 0002" });
    const page = await browser.call(checkout.loader, `/checkout/${responderUuid}`, { params: { responderUuid } });
    const cream = page.data.model.categories
      .flatMap((c: { options: { id: string }[] }) => c.options)
      .find((o: { id: string }) => o.id === "vaginal_estrogen_cream");
    expect(cream.unavailableReason).toBe(stateUnavailableNotice);
    expect(cream.price).toBeNull();
    const chosen = await browser.call(checkout.action, `/checkout/${responderUuid}`, {
      params: { responderUuid },
      form: { intent: "toggle", optionId: "vaginal_estrogen_cream" },
    });
    expect(chosen).toHaveStatus(400);
    expect(chosen.data.message).toBe(stateUnavailableNotice);
  });

  it("before she gives a state every option can be chosen", async () => {
    const browser = new TestBrowser();
    const responderUuid = await readyToPay(browser);
    const page = await browser.call(checkout.loader, `/checkout/${responderUuid}`, { params: { responderUuid } });
    const cream = page.data.model.categories
      .flatMap((c: { options: { id: string }[] }) => c.options)
      .find((o: { id: string }) => o.id === "vaginal_estrogen_cream");
    expect(cream.unavailableReason).toBeNull();
  });
});

describe("POST /api/pre-auth-checkout", () => {
  it("answers 400 with the notice on shippingAddress.state and charges nothing", async () => {
    const browser = new TestBrowser();
    const responderUuid = await readyToPay(browser, withCream);
    const person = { firstName: "Jane", lastName: "Doe" };
    const address = { ...person, addressLine2: "", ...mississippi };
    const answer = await browser.call(preAuthApi.action, "/api/pre-auth-checkout", {
      contentType: "application/json",
      body: JSON.stringify({
        customer: { ...person, email: "jane@example.org", phone: "(212) 555-0123" },
        shippingAddress: address,
        billingAddress: { sameAsShipping: true, ...address },
        medications: [],
        pricing: { subtotal: 0, shipping: 0, tax: 0, total: 0, currency: "USD" },
        payment: { stripePaymentMethodId: "pm_card_visa", currency: "usd" },
        subscriptionAgreement: true,
        metadata: {
          orderSource: "website",
          checkoutFlow: "three-step",
          timestamp: new Date().toISOString(),
          responder_uuid: responderUuid,
        },
      }),
    });
    expect(answer).toHaveStatus(400);
    expect(answer.data).toEqual({
      success: false,
      message: stateUnavailableNotice,
      errors: { "shippingAddress.state": stateUnavailableNotice },
    });
    expect(await (await database()).select().from(orders)).toEqual([]);
  });
});
