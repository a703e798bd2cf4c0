// Another card on her page with Stripe (subscription.$token.payment), against the MSW stand-in
// of api.stripe.com: her return from her bank's check (?setup_intent=seti_...) or from
// Stripe's hosted page (?session_id=cs_...) names the card in the query string, where anyone
// can write another order's. Only a SetupIntent or session made for this order is used;
// another is refused on the page (400), and nothing is charged or saved.
import { describe, expect, it } from "vitest";

// Stripe's keys set before any app module loads.
import { offSessionCharges as offSessionChargesOf, useStripeMode } from "../support/stripe-mode";
import * as paymentPage from "../../app/routes/subscription.$token.payment/route";
import { anotherCardMessages } from "../../app/routes/subscription.$token.payment/payment-page.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import type { SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { TestBrowser } from "../support/route-harness";
import { heldSubscription, paymentsOf, reload } from "../support/subscriptions";

const standIn = useStripeMode();

/**
 * An order approved after Stripe let its hold lapse, whose saved card needs 3-D Secure every
 * time: the charge without her failed, so the first period is due on another card.
 */
async function paymentNeeded(): Promise<SubscriptionRow> {
  const subscription = await heldSubscription({
    gateway: paymentGateway(),
    paymentMethodId: "pm_card_threeDSecure2Required",
    authenticate: (reference) => standIn.authenticate(reference),
  });
  standIn.lapse(subscription.holdReference);
  await decideReview(paymentGateway(), subscription, "approved", null, "owner");
  const due = await reload(subscription);
  expect(due.state).toBe("payment_needed");
  return due;
}

function pageAddress(subscription: SubscriptionRow): { token: string; path: string } {
  const token = subscriptionLinkToken(subscription);
  return { token, path: `/subscription/${token}/payment` };
}

/** She (or anyone with the link) posts a card on the page. */
function giveCard(subscription: SubscriptionRow, form: Record<string, string>) {
  const { token, path } = pageAddress(subscription);
  return new TestBrowser().call(paymentPage.action, path, { params: { token }, form });
}

/** Back on the page from her bank or Stripe's hosted page, with what the query names. */
function comeBack(subscription: SubscriptionRow, query: string) {
  const { token, path } = pageAddress(subscription);
  return new TestBrowser().call(paymentPage.loader, `${path}?${query}`, { params: { token } });
}

const offSessionCharges = () => offSessionChargesOf(standIn);

/** The refusal on her page: 400, the message above the form, nothing charged or saved for `subscription`. */
async function expectRefused(answer: Awaited<ReturnType<typeof comeBack>>, subscription: SubscriptionRow, chargesBefore: number) {
  expect(answer).toHaveStatus(400);
  expect(answer.data.returned).toEqual({
    done: false,
    lastResult: { status: "error", initialValue: {}, error: { "": [anotherCardMessages.notThisOrder] } },
  });
  // The page is still hers to give a card on.
  expect(answer.data.page.open).toBe(true);
  expect(offSessionCharges()).toHaveLength(chargesBefore);
  const after = await reload(subscription);
  expect(after).toMatchObject({
    state: "payment_needed",
    periodsPaid: 0,
    cardReference: subscription.cardReference,
    cardLast4: subscription.cardLast4,
  });
  expect(
    (await paymentsOf(subscription)).filter(
      (payment) => payment.kind === "charge" && payment.period === 0 && payment.status === "succeeded",
    ),
  ).toEqual([]);
}

describe("another card with Stripe: her return names the card", () => {
  it("a SetupIntent of another order in the query is refused (400): nothing charged, nothing saved; hers is charged once", async () => {
    const hers = await paymentNeeded();
    const mallory = await paymentNeeded();
    // Her card asks for her bank's check: she is sent there, and comes back with its id.
    const asked = await giveCard(hers, { paymentMethodId: "pm_card_authenticationRequiredSetupForOffSession" });
    expect(asked).toHaveStatus(302);
    const [setup] = [...standIn.setupIntents.values()];
    expect(asked.location).toBe(`https://hooks.stripe.com/3d_secure_2/hosted/${setup!.id}`);
    standIn.authenticate(setup!.id);
    const chargesBefore = offSessionCharges().length;

    // Mallory puts her SetupIntent on his own order's page.
    await expectRefused(await comeBack(mallory, `setup_intent=${setup!.id}&redirect_status=succeeded`), mallory, chargesBefore);
    // Nor does an id Stripe does not know, or one that is no SetupIntent, make a 5xx.
    await expectRefused(await comeBack(mallory, "setup_intent=seti_forged0001"), mallory, chargesBefore);
    await expectRefused(await comeBack(mallory, `setup_intent=${hers.holdReference}`), mallory, chargesBefore);

    // Her own return is charged, once, on her card.
    const back = await comeBack(hers, `setup_intent=${setup!.id}&redirect_status=succeeded`);
    expect(back).toHaveStatus(200);
    expect(back.data.returned.done).toBe(true);
    expect(await reload(hers)).toMatchObject({ state: "active", periodsPaid: 1, cardReference: setup!.id, cardLast4: "3155" });
    const charges = offSessionCharges();
    expect(charges).toHaveLength(chargesBefore + 1);
    expect(charges.at(-1)!.params).toMatchObject({ metadata: { subscription_id: hers.id, saved_card: setup!.id } });
  });

  it("a hosted setup session of another order in the query is refused (400): nothing charged; hers is charged once", async () => {
    const hers = await paymentNeeded();
    const mallory = await paymentNeeded();
    // Without JavaScript: Stripe's hosted page in setup mode, made for her order.
    const started = await giveCard(hers, {});
    expect(started).toHaveStatus(302);
    const [session] = [...standIn.checkoutSessions.values()];
    expect(started.location).toBe(session!.url);
    expect(session!.params).toMatchObject({
      metadata: { subscription_id: hers.id },
      setup_intent_data: { metadata: { subscription_id: hers.id } },
    });
    standIn.completeCheckout(session!.id, "pm_card_mastercard");
    const chargesBefore = offSessionCharges().length;

    await expectRefused(await comeBack(mallory, `session_id=${session!.id}`), mallory, chargesBefore);
    await expectRefused(await comeBack(mallory, "session_id=cs_test_forged0001"), mallory, chargesBefore);

    const back = await comeBack(hers, `session_id=${session!.id}`);
    expect(back).toHaveStatus(200);
    expect(back.data.returned.done).toBe(true);
    expect(await reload(hers)).toMatchObject({ state: "active", periodsPaid: 1, cardLast4: "4444" });
    expect(offSessionCharges()).toHaveLength(chargesBefore + 1);
  });
});
