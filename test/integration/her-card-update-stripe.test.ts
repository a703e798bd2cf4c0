// Her card for the payments to come, updated from her link with Stripe (against the MSW
// stand-in of api.stripe.com): with JavaScript, a SetupIntent confirmed with the card
// element's PaymentMethod (her bank's check, when it asks, a redirect back to her card page);
// without, Stripe's hosted page in setup mode. Her return names the SetupIntent or session in
// the query string, where anyone may write another order's: only one made for this order is
// used, and only once. The next charge without her is on the new card.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

// Stripe's keys set before any app module loads.
import { offSessionCharges as offSessionChargesOf, useStripeMode } from "../support/stripe-mode";
import { herCardMessages } from "../../app/funnel/her-card";
import * as cardRoute from "../../app/routes/subscription.$token.card/route";
import { database } from "../../app/server/db/client.server";
import { subscriptionEvents } from "../../app/server/db/schema.server";
import type { SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { chargeSavedCard } from "../../app/server/subscriptions/saved-card-charge.server";
import { TestBrowser } from "../support/route-harness";
import { heldSubscription, reload } from "../support/subscriptions";

const standIn = useStripeMode();

async function activeSubscription(): Promise<SubscriptionRow> {
  const held = await heldSubscription({ gateway: paymentGateway(), paymentMethodId: "pm_card_visa" });
  await decideReview(paymentGateway(), held, "approved", null, "owner");
  const active = await reload(held);
  expect(active.state).toBe("active");
  return active;
}

const tokenOf = (subscription: SubscriptionRow) => subscriptionLinkToken(subscription);

function openCardPage(subscription: SubscriptionRow, query = "") {
  const token = tokenOf(subscription);
  return new TestBrowser().call(cardRoute.loader, `/subscription/${token}/card${query}`, { params: { token } });
}

async function postCard(subscription: SubscriptionRow, form: Record<string, string>) {
  const token = tokenOf(subscription);
  const { shown } = (await openCardPage(subscription)).data;
  return new TestBrowser().call(cardRoute.action, `/subscription/${token}/card`, { params: { token }, form: { ...form, shown } });
}

/** Back on her card page from her bank or Stripe's page: the address Stripe was given, with what it adds. */
function comeBack(subscription: SubscriptionRow, returnUrl: string, added: string) {
  const token = tokenOf(subscription);
  const url = new URL(returnUrl);
  return new TestBrowser().call(cardRoute.loader, `${url.pathname}${url.search}&${added}`, { params: { token } });
}

async function cardLines(subscription: SubscriptionRow) {
  return (await database())
    .select()
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.subscriptionId, subscription.id), eq(subscriptionEvents.event, "card_updated")));
}

const offSessionCharges = () => offSessionChargesOf(standIn);

describe("updating her card with Stripe", () => {
  it("with JavaScript: a SetupIntent, her bank's check, back to her card page; the next charge is on the new card", async () => {
    const subscription = await activeSubscription();
    const asked = await postCard(subscription, { paymentMethodId: "pm_card_authenticationRequiredSetupForOffSession" });
    expect(asked).toHaveStatus(303);
    const [setup] = [...standIn.setupIntents.values()];
    expect(asked.location).toBe(`https://hooks.stripe.com/3d_secure_2/hosted/${setup!.id}`);
    expect(setup!.params).toMatchObject({ usage: "off_session", metadata: { subscription_id: subscription.id } });
    standIn.authenticate(setup!.id);

    const back = await comeBack(subscription, String(setup!.params.return_url), `setup_intent=${setup!.id}&redirect_status=succeeded`);
    expect(back).toHaveStatus(303);
    expect(back.location).toBe(`/subscription/${tokenOf(subscription)}/card?updated=1`);
    const updated = await reload(subscription);
    expect(updated).toMatchObject({ cardReference: setup!.id, cardBrand: "visa", cardLast4: "3155" });
    expect(offSessionCharges()).toEqual([]);

    // The next charge without her (a renewal) is on the new card, not the hold's.
    const charged = await chargeSavedCard(paymentGateway(), updated, { for: "renewal", attempt: 0 }, updated.renewalCents);
    expect(charged.status).toBe("paid");
    expect(offSessionCharges().map((call) => call.params)).toMatchObject([
      { payment_method: setup!.payment_method, metadata: { saved_card: setup!.id } },
    ]);
  });

  it("without JavaScript: Stripe's hosted setup page; another order's return refused; hers used once", async () => {
    const hers = await activeSubscription();
    const mallory = await activeSubscription();
    const started = await postCard(hers, {});
    expect(started).toHaveStatus(303);
    const [session] = [...standIn.checkoutSessions.values()];
    expect(started.location).toBe(session!.url);
    expect(session!.params).toMatchObject({
      mode: "setup",
      metadata: { subscription_id: hers.id },
      setup_intent_data: { metadata: { subscription_id: hers.id } },
    });
    standIn.completeCheckout(session!.id, "pm_card_mastercard");
    const successUrl = String(session!.params.success_url).replace("{CHECKOUT_SESSION_ID}", session!.id);

    // Mallory puts her session on his own order's card page: refused, his card kept.
    const malloryPage = await openCardPage(mallory, `?shown=${(await openCardPage(mallory)).data.shown}&session_id=${session!.id}`);
    expect(malloryPage).toHaveStatus(400);
    expect(malloryPage.data.returned.error).toEqual({ "": [herCardMessages.notThisOrder] });
    expect(await reload(mallory)).toMatchObject({ cardReference: null });

    // Her own return: the card is hers; coming back again (a reload) changes nothing more.
    const url = new URL(successUrl);
    for (let visit = 0; visit < 2; visit++) {
      const back = await new TestBrowser().call(cardRoute.loader, `${url.pathname}${url.search}`, { params: { token: tokenOf(hers) } });
      expect(back).toHaveStatus(303);
      expect(back.location).toBe(`/subscription/${tokenOf(hers)}/card?updated=1`);
    }
    expect(await reload(hers)).toMatchObject({ cardReference: session!.setup_intent, cardBrand: "mastercard", cardLast4: "4444" });
    expect(await cardLines(hers)).toHaveLength(1);
    expect(offSessionCharges()).toEqual([]);
  });
});
