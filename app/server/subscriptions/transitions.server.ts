// How a subscription moves, each change in one transaction with what it tells others through
// the outbox (the provider's copy, her email): a transition from the state it was read in, a new
// generation of her link (the notices before her renewals: renewal-notices.server.ts). A crash
// leaves either all of a change or none; the worker is woken once it is committed. The order's hold that starts it is written
// with the order (app/server/checkout/place-order.server.ts).
import type { Queryable } from "../db/client.server";
import { enqueueOutboxMessage, type OutboxMessage } from "../db/stores/outbox.server";
import {
  moveSubscription,
  nextLinkVersion,
  offerLinkVersion,
  type SubscriptionRow,
  type Transition as StateChange,
} from "../db/stores/subscriptions.server";
import { withOutbox } from "../outbox/with-outbox.server";

export interface Transition extends StateChange {
  /** What the transition tells the provider and her, sent through the outbox. */
  messages?: OutboxMessage[];
  /** Written in the same transaction, only when the transition is (the console's audit row). */
  alsoRecord?: (tx: Queryable) => Promise<void>;
}

/**
 * Moves the subscription by `transition.event` from the state it has in `from`, with all that
 * goes with it, in one transaction. Undefined when the event cannot happen in that state or
 * another call moved it first (then nothing is written).
 */
export async function applyTransition(from: SubscriptionRow, transition: Transition): Promise<SubscriptionRow | undefined> {
  const { messages = [], alsoRecord, ...change } = transition;
  return withOutbox(async (tx) => {
    const moved = await moveSubscription(tx, from, change);
    if (!moved) return undefined;
    for (const message of messages) await enqueueOutboxMessage(tx, message);
    if (alsoRecord) await alsoRecord(tx);
    return moved;
  });
}

/**
 * A new generation of her link that opens at once (every older link stops opening) and its
 * email, in one transaction; `alsoRecord` writes in it too (the console's audit row of who
 * sent it).
 */
export async function replaceLink(
  subscriptionId: string,
  message: OutboxMessage,
  alsoRecord?: (tx: Queryable) => Promise<void>,
): Promise<void> {
  await withOutbox(async (tx) => {
    await nextLinkVersion(tx, subscriptionId);
    await enqueueOutboxMessage(tx, message);
    if (alsoRecord) await alsoRecord(tx);
  });
}

/**
 * A new generation of her link that waits to be first opened (her links keep opening until
 * then), and its email naming that generation, in one transaction.
 */
export async function offerLink(subscriptionId: string, message: (version: number) => OutboxMessage): Promise<void> {
  await withOutbox(async (tx) => {
    const version = await offerLinkVersion(tx, subscriptionId);
    if (version !== undefined) await enqueueOutboxMessage(tx, message(version));
  });
}
