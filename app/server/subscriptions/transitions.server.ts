// How a subscription moves, each change in one transaction (or one statement) with what it
// tells others through the outbox (the provider's copy, her email): the order's hold that starts it, a transition
// from the state it was read in, the renewal reminder, a new generation of her link. A crash
// leaves either all of a change or none; the worker is woken once it is committed.
import type { SQL } from "drizzle-orm";
import { emailPayload } from "../../funnel/email-messages";
import type { Queryable } from "../db/client.server";
import { enqueueOutboxMessage, outboxMessageWrite, type OutboxMessage } from "../db/stores/outbox.server";
import {
  moveSubscription,
  nextLinkVersion,
  offerLinkVersion,
  subscriptionStartWrites,
  takeReminderDue,
  type NewSubscription,
  type SubscriptionRow,
  type Transition as StateChange,
} from "../db/stores/subscriptions.server";
import type { WritesAsOne } from "../db/writes-as-one.server";
import { withOutbox } from "../outbox/with-outbox.server";

/**
 * The subscription on hold, with the acknowledgment she can keep, sent once with the
 * subscription it acknowledges: written with the order's writes as one statement, when `when` holds.
 */
export function startSubscriptionWrites(writes: WritesAsOne, values: NewSubscription, when: SQL): void {
  const started = subscriptionStartWrites(writes, values, when);
  writes.add(outboxMessageWrite({ kind: "email", payload: emailPayload(values.reference, "order_received", values.at) }, started.wrote));
}

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
 * The renewal reminder, once: taken off the subscription and its email written in one
 * transaction, only while it is still the reminder that was read (another worker's is not
 * sent again). `message` undefined: dropped unsent (too late to be of use).
 */
export async function takeReminder(subscription: SubscriptionRow, message: OutboxMessage | undefined): Promise<boolean> {
  if (subscription.reminderDueAt === null) return false;
  return withOutbox(async (tx) => {
    if (!(await takeReminderDue(tx, subscription))) return false;
    if (message) await enqueueOutboxMessage(tx, message);
    return message !== undefined;
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
