// Her card for the payments to come, changed from her link while her plan is under review,
// running or ending (app/funnel/her-card.ts): the card is kept at the gateway (the sandbox's
// test card, or a SetupIntent with Stripe), nothing is charged, and the charges from then on
// use it (saved-card-charge takes the card she gave last over the hold's). Exactly once: the
// card changes only while the subscription still charges the card her page showed, so a
// second press, or a second visit of a return from Stripe, finds it changed and writes nothing
// more. The card, its timeline line, her email and the provider's event are one transaction.
// Exported for the console too, which may one day act for her (an audit row beside the change).
import { createHash } from "node:crypto";
import { canUpdateCard, cardName } from "../../funnel/her-card";
import type { Queryable } from "../db/client.server";
import { enqueueOutboxMessage } from "../db/stores/outbox.server";
import { lockSubscription, noteOnTimeline, replaceCard, type SubscriptionRow } from "../db/stores/subscriptions.server";
import type { RateLimit } from "../http/rate-limits.server";
import { withOutbox } from "../outbox/with-outbox.server";
import type { PaymentGateway, SaveCardResult } from "../payments/gateway.server";
import { anotherCardStates } from "./pay-with-another-card.server";
import type { CardSaving } from "./card-she-gives.server";
import { lifecycleNow } from "./clock.server";
import { emailMessage, orderEventMessage } from "./order-events.server";

/**
 * Cards tried on her card page, per order, declined ones too: a person with a new card needs
 * one or two; a script testing stolen numbers gets five an hour (twenty for one address).
 */
export const cardUpdateLimit: RateLimit = { bucket: "card-update", limit: 5, addressLimit: 20, windowMs: 60 * 60_000 };

export type CardUpdateOutcome =
  /** Her card is the new one now (or was made so by the press before this one: nothing written twice). */
  | { status: "updated"; subscription: SubscriptionRow }
  /** Her bank wants her on its page first (Stripe): she comes back to her card page. */
  | { status: "requires_action"; url: string }
  | { status: "declined"; message: string }
  /** Her return named a card setup made for another order (or for none): nothing used. */
  | { status: "not_this_order" }
  /** Her card changed since her page showed it (another window, an older return): nothing written. */
  | { status: "moved_on" }
  /** A payment is due now: the card is given on the page that charges it. */
  | { status: "payment_due" }
  /** Her order has ended: nothing more is charged. */
  | { status: "ended" }
  /** The gateway did not answer, or a charge of her order is moving right now. */
  | { status: "busy" };

/** Written in the change's own transaction, only when the card changes (the console's audit row). */
export type AlsoRecordCardUpdate = (tx: Queryable, updated: SubscriptionRow) => Promise<void>;

/**
 * The card her page showed, as its form (or her way back from Stripe) carries it: a digest of
 * the card her order charges now, so no gateway reference reaches her browser.
 */
export function shownCard(subscription: Pick<SubscriptionRow, "cardReference" | "holdReference">): string {
  const card = subscription.cardReference ?? `hold:${subscription.holdReference}`;
  return createHash("sha256").update(`her-card:${card}`).digest("base64url").slice(0, 32);
}

/** Where her state sends a card: here, the page that charges what is due, or nowhere. */
function refusalOfState(state: SubscriptionRow["state"]): CardUpdateOutcome | undefined {
  if (anotherCardStates.includes(state)) return { status: "payment_due" };
  if (!canUpdateCard(state)) return { status: "ended" };
  return undefined;
}

/**
 * The card given (`saving`, or her return's `resumed` card) made her card for the payments to
 * come, only while her order still charges the card `shown`.
 */
export async function updateHerCard(
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  shown: string,
  saving: CardSaving | { resumed: SaveCardResult },
  alsoRecord?: AlsoRecordCardUpdate,
): Promise<CardUpdateOutcome> {
  const refused = refusalOfState(subscription.state);
  if (refused) return refused;
  const saved =
    "resumed" in saving
      ? saving.resumed
      : await gateway.saveCard({ ...saving, holdReference: subscription.holdReference, subscriptionId: subscription.id });
  if (saved.status === "requires_action" || saved.status === "declined" || saved.status === "not_this_order") return saved;
  if (saved.status === "failed") return { status: "busy" };
  const card = { cardReference: saved.reference, cardBrand: saved.cardBrand, cardLast4: saved.cardLast4 };
  const at = await lifecycleNow();
  return withOutbox(async (tx): Promise<CardUpdateOutcome> => {
    const current = await lockSubscription(tx, subscription.id);
    if (!current) return { status: "ended" };
    // This very card is hers already: a return from Stripe seen again.
    if (current.cardReference === card.cardReference) return { status: "updated", subscription: current };
    const stateRefusal = refusalOfState(current.state);
    if (stateRefusal) return stateRefusal;
    if (shownCard(current) !== shown) {
      // The same card typed twice (a double press): the first press made it hers.
      const same = current.cardReference !== null && current.cardBrand === card.cardBrand && current.cardLast4 === card.cardLast4;
      return same ? { status: "updated", subscription: current } : { status: "moved_on" };
    }
    const updated = await replaceCard(tx, current, card);
    // A worker holds her order: a charge under way uses the card it began with.
    if (!updated) return { status: "busy" };
    const underReview = current.state === "on_hold";
    // Her timeline and the provider learn the brand and last four digits, never more.
    const named = { card_brand: card.cardBrand ?? undefined, card_last4: card.cardLast4 ?? undefined };
    await noteOnTimeline(tx, current.id, "card_updated", at, named);
    const event = orderEventMessage(current, "card_updated", at);
    if (event.kind === "order-event") Object.assign(event.payload, named);
    await enqueueOutboxMessage(tx, event);
    await enqueueOutboxMessage(
      tx,
      emailMessage(current, "card_updated", at, {
        card: cardName({ brand: card.cardBrand, last4: card.cardLast4 }),
        nextBillingAt: underReview ? undefined : (current.nextBillingAt ?? undefined),
        beforeReview: underReview,
      }),
    );
    if (alsoRecord) await alsoRecord(tx, updated);
    return { status: "updated", subscription: updated };
  });
}
