// A card she gives from her link, read one way by both pages that take one (another card after
// a failed payment, and her card for the payments to come): the sandbox's three fields,
// Stripe.js's PaymentMethod, or, without JavaScript, nothing but the press that sends her to
// Stripe's hosted page in setup mode; and what her return from her bank's check or that page
// names. Nothing here keeps a card: each page decides what the card is for.
import { randomUUID } from "node:crypto";
import type { SubscriptionRow } from "../db/stores/subscriptions.server";
import { formText } from "../../funnel/form-text";
import { herOrder } from "../mail/her-emails.server";
import type { PaymentGateway, SaveCardRequest, SaveCardResult } from "../payments/gateway.server";
import { readSandboxCard } from "../payments/sandbox-card-form.server";

/** What saving the card asks of the gateway, but for whose it is (the subscription's hold and id). */
export type CardSaving = Omit<SaveCardRequest, "holdReference" | "subscriptionId">;

export type GivenCard =
  /** The sandbox's fields, not a card: each field's message. */
  | { kind: "invalid"; errors: Record<string, string[]> }
  /** Without JavaScript (Stripe): her way to Stripe's hosted page, made for this subscription. */
  | { kind: "hosted"; url: string }
  | { kind: "card"; saving: CardSaving };

/** The card posted in `formData` on the page at `returnUrl` (absolute: she comes back there). */
export async function readGivenCard(
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  formData: FormData,
  returnUrl: string,
): Promise<GivenCard> {
  const her = await herOrder(subscription);
  const customer = { name: her?.order.firstName ?? "", email: her?.email ?? "" };
  if (gateway.kind === "sandbox") {
    const sandbox = readSandboxCard(formData);
    if (!sandbox.card) return { kind: "invalid", errors: sandbox.errors };
    return { kind: "card", saving: { idempotencyKey: randomUUID(), customer, returnUrl, card: sandbox.card } };
  }
  const paymentMethodId = formText(formData, "paymentMethodId") || undefined;
  if (!paymentMethodId && gateway.startHostedCardSetup) {
    const hosted = await gateway.startHostedCardSetup({
      holdReference: subscription.holdReference,
      subscriptionId: subscription.id,
      customer,
      returnUrl,
      cancelUrl: returnUrl,
    });
    return { kind: "hosted", url: hosted.url };
  }
  return { kind: "card", saving: { idempotencyKey: randomUUID(), customer, returnUrl, paymentMethodId } };
}

/**
 * Back from her bank's check or Stripe's hosted page: where the card stands. The id comes in
 * the query string, where anyone may write another order's: the gateway uses it only when it
 * was made for this subscription (not_this_order otherwise). Undefined: no return in `url`.
 */
export async function cardFromReturn(
  gateway: PaymentGateway,
  url: URL,
  subscription: SubscriptionRow,
): Promise<SaveCardResult | undefined> {
  const setupIntent = url.searchParams.get("setup_intent");
  const session = url.searchParams.get("session_id");
  const owner = { holdReference: subscription.holdReference, subscriptionId: subscription.id };
  if (setupIntent && gateway.resumeSaveCard) return gateway.resumeSaveCard(setupIntent, owner);
  if (session && gateway.resumeHostedCardSetup) return gateway.resumeHostedCardSetup(session, owner);
  return undefined;
}
