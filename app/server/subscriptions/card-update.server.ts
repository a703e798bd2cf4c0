// Her card for the payments to come, changed from her link (app/funnel/her-card.ts): kept at the
// gateway, nothing charged, used by later charges. Only while the subscription still charges the
// card her page showed, so a second press or a replayed Stripe return writes nothing more; card,
// line, email and provider event in one transaction.
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

/** Declined ones count: a person needs one or two; a script testing stolen numbers gets five an hour. */
export const cardUpdateLimit: RateLimit = { bucket: "card-update", limit: 5, addressLimit: 20, windowMs: 60 * 60_000 };

export type CardUpdateOutcome =
  /** Or made so by the press before: nothing written twice. */
  | { status: "updated"; subscription: SubscriptionRow }
  /** Stripe: she comes back to her card page. */
  | { status: "requires_action"; url: string }
  | { status: "declined"; message: string }
  | { status: "not_this_order" }
  /** Another window, an older return: nothing written. */
  | { status: "moved_on" }
  /** The card is given on the page that charges it. */
  | { status: "payment_due" }
  | { status: "ended" }
  /** Or a charge of her order is moving. */
  | { status: "busy" };

/** The console's audit row, only when the card changes. */
export type AlsoRecordCardUpdate = (tx: Queryable, updated: SubscriptionRow) => Promise<void>;

/** A digest of the card charged now, so no gateway reference reaches her browser. */
export function shownCard(subscription: Pick<SubscriptionRow, "cardReference" | "holdReference">): string {
  const card = subscription.cardReference ?? `hold:${subscription.holdReference}`;
  return createHash("sha256").update(`her-card:${card}`).digest("base64url").slice(0, 32);
}

function refusalOfState(state: SubscriptionRow["state"]): CardUpdateOutcome | undefined {
  if (anotherCardStates.includes(state)) return { status: "payment_due" };
  if (!canUpdateCard(state)) return { status: "ended" };
  return undefined;
}

/** Only while her order still charges the card `shown`. */
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
    // Never more than brand and last four.
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
