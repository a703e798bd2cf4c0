// COMPLETE PURCHASE reads her order, her cart and her products' rows in one statement: the
// same facts as each store's own read, at every point of her checkout, on both engines.
import { beforeEach, describe, expect, it } from "vitest";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import { openCheckoutCart } from "../../app/server/checkout/cart.server";
import { readCheckout } from "../../app/server/checkout/checkout-read.server";
import { loadOrderProducts, orderProductsOf } from "../../app/server/db/stores/order-products.server";
import { findOrder } from "../../app/server/db/stores/orders.server";
import { config } from "../../app/server/config.server";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { aTestCard, checkoutForm } from "../support/factories";
import { paymentForm, readyToPay } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";

beforeEach(async () => {
  await resetDatabase();
  clearProviderCaches();
});

/** Each store's own reads, as COMPLETE PURCHASE made them before. */
async function readApart(uuid: string) {
  return { order: await findOrder(uuid), products: await loadOrderProducts(uuid, config().VISIBLE_PLANS) };
}

describe("her checkout's rows, read together", () => {
  it("gives nothing for a flow with none of them, and makes her cart as her own read would", async () => {
    const uuid = crypto.randomUUID();
    const read = await readCheckout(uuid);
    expect(read).toEqual({ order: undefined, cart: undefined, products: { selection: null, token: null } });
    expect(orderProductsOf(read.products, config().VISIBLE_PLANS)).toEqual((await readApart(uuid)).products);
    // Her cart, made from a read that found none, is the row her next read finds.
    const made = await openCheckoutCart(uuid, "current", read);
    const again = await openCheckoutCart(uuid, "current");
    expect(again.countdownEndsAt).toEqual(made.countdownEndsAt);
    expect((await readCheckout(uuid)).cart?.countdownEndsAt).toEqual(made.countdownEndsAt);
  });

  it("at the final checkout and after she paid: the same order, cart and products as each read alone", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, { options: ["patch"] });
    // Her view of the page starts her cart's countdown.
    expect(await browser.call(finalCheckout.loader, `/final-checkout/${uuid}`, { params: { responderUuid: uuid } })).toHaveStatus(200);
    const ready = await readCheckout(uuid);
    expect(ready.order).toBeUndefined();
    expect(ready.cart).toBeDefined();
    expect(orderProductsOf(ready.products, config().VISIBLE_PLANS)).toEqual((await readApart(uuid)).products);
    expect((await openCheckoutCart(uuid, "current", ready)).cart).toEqual((await openCheckoutCart(uuid, "current")).cart);

    const paid = await browser.call(finalCheckout.action, `/final-checkout/${uuid}`, {
      params: { responderUuid: uuid },
      form: await paymentForm(browser, uuid, checkoutForm({ ...aTestCard(), attemptKey: crypto.randomUUID() })),
    });
    expect(paid).toHaveStatus(303);
    const after = await readCheckout(uuid);
    expect(after.order).toEqual(await findOrder(uuid));
    expect(after.order?.status).toBe("authorised");
    expect(orderProductsOf(after.products, config().VISIBLE_PLANS)).toEqual((await readApart(uuid)).products);
  });
});
