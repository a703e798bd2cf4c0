// The order and the provider's HTTP API (MSW stand-in): where she goes comes from the
// provider's answer; a provider that is down never loses a paid order (the outbox keeps it),
// and she still reaches the thank-you page. Also arrival at the final checkout by token.
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.PROVIDER_BASE_URL = "https://provider.test";
  process.env.PROVIDER_TOKEN = "provider-token";
});

import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import * as paymentComplete from "../../app/routes/payment-complete.$responderUuid";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { database } from "../../app/server/db/client.server";
import { orders, outboxMessages } from "../../app/server/db/schema.server";
import { deliverDueOutboxMessages } from "../../app/server/outbox/delivery.server";
import { provider } from "../../app/server/provider/index.server";
import { preAuthCheckoutPath, useProviderStandIn } from "../mocks/provider";
import { aPerson, checkoutForm } from "../support/factories";
import { readyToPay, paymentForm } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { signedToken, testTokenSecret, tokenToasts } from "../support/tokens";

const standIn = useProviderStandIn();
beforeEach(async () => {
  await resetDatabase();
  clearProviderCaches();
});

const purchase = checkoutForm({ attemptKey: "attempt-1" });

async function pay(browser: TestBrowser, responderUuid: string) {
  return browser.call(finalCheckout.action, `/final-checkout/${responderUuid}`, {
    params: { responderUuid },
    form: await paymentForm(browser, responderUuid, purchase),
  });
}

function completePage(browser: TestBrowser, responderUuid: string) {
  return browser.call(paymentComplete.loader, `/payment-complete/${responderUuid}`, { params: { responderUuid } });
}

const orderPosts = () => standIn.requests.filter((request) => request.path === preAuthCheckoutPath);

describe("the provider's answer to the order", () => {
  it("sends her to the booking page the provider names, with the appointment message", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser);
    expect((await pay(browser, uuid)).location).toBe(`/payment-complete/${uuid}`);
    expect(orderPosts()).toHaveLength(1);
    expect(orderPosts()[0]?.authorization).toBe("Bearer provider-token");
    expect(orderPosts()[0]?.idempotencyKey).toMatch(/^pre-auth-checkout:/);
    const done = await completePage(browser, uuid);
    expect(done.data).toMatchObject({
      destination: "https://booking.provider.test/book",
      message: "Payment successful! Redirecting you to the appointment booking page...",
    });
    const [message] = (await (await database()).select().from(outboxMessages)).filter((m) => m.kind === "pre-auth-checkout");
    expect(message?.status).toBe("delivered");
  });

  it("tells the provider the order was paid on the sandbox (sandbox: true): no real money was held", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser);
    expect((await pay(browser, uuid)).location).toBe(`/payment-complete/${uuid}`);
    expect(orderPosts()).toHaveLength(1);
    expect(orderPosts()[0]?.body).toMatchObject({
      sandbox: true,
      payment: { stripePaymentMethodId: expect.stringMatching(/^sandbox_pi_/) },
    });
  });

  it("keeps a paid order when the provider is down, sends her to /thank-you, and delivers it later", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser);
    standIn.mode = "failing";
    expect((await pay(browser, uuid)).location).toBe(`/payment-complete/${uuid}`);
    const [order] = await (await database()).select().from(orders);
    expect(order?.status).toBe("authorised");
    expect((await completePage(browser, uuid)).data.destination).toBe("/thank-you");
    const pending = (await (await database()).select().from(outboxMessages)).filter((m) => m.kind === "pre-auth-checkout");
    expect(pending.map((m) => m.status)).toEqual(["pending"]);

    standIn.mode = "up";
    const round = await deliverDueOutboxMessages(await provider());
    expect(round.delivered).toBeGreaterThanOrEqual(1);
    const delivered = [...standIn.accepted.values()].filter(
      (body) => (body.metadata as { responder_uuid?: string })?.responder_uuid === uuid,
    );
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ payment: { amount: 29900, currency: "usd" }, customer: aPerson() });
  });
});

describe("arrival at the final checkout with a token", () => {
  it("shows Account Found, prefills her account, and prices the token's products", async () => {
    const responderUuid = "5d0c8a3e-1b2f-4c3d-9e4f-5a6b7c8d9e0f";
    const token = await signedToken(
      {
        responder_uuid: responderUuid,
        first_name: "Tina",
        last_name: "Token",
        email: "tina@example.org",
        phone: "646-555-0188",
        product_id: ["gel"],
        selected_plan: "quarterly",
      },
      testTokenSecret,
    );
    const browser = new TestBrowser();
    const arrival = await browser.call(finalCheckout.loader, `/final-checkout?st=${token}`, {});
    expect(arrival).toRedirectTo(`/final-checkout/${responderUuid}`);
    await expect(arrival).toSendToast("account-found");
    const page = await browser.call(finalCheckout.loader, arrival.location!, { params: { responderUuid } });
    expect(page.data.toast).toEqual(tokenToasts["account-found"]);
    expect(page.data.values).toMatchObject({ firstName: "Tina", lastName: "Token", email: "tina@example.org" });
    expect(page.data.cart.medications.map((m: { product_id: string }) => m.product_id)).toEqual(["gel"]);
    expect(page.data.totals.totalCents).toBe(39900);
  });

  it("answers a bad token with the support hint", async () => {
    const browser = new TestBrowser();
    const arrival = await browser.call(finalCheckout.loader, "/final-checkout?token=nonsense", {});
    expect(arrival).toRedirectTo("/final-checkout");
    await expect(arrival).toSendToast("token-error-support");
    const page = await browser.call(finalCheckout.loader, "/final-checkout", {});
    expect(page.data.toast.title).toBe("Token Error");
    expect(page.data.toast.description).toMatch(/Please proceed with manual entry\. .*contact support/);
  });
});
