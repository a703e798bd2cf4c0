// Her billing date changed from her page (app/funnel/billing-date-changes.ts), made under the
// subscription's claim so a renewal worker cannot bill the old date meanwhile, and only while it
// is the date her page showed (a second press changes nothing). One transaction for the date,
// its line, her email and the provider's event. Ship sooner bills with the renewal's own key, so
// that period is charged once whoever charges it.
import {
  billingDateDetail,
  billingDateLines,
  billingDateMessages,
  billingDateWords,
  decideBillingDateChange,
  type BillingDateChange,
  type BillingDateChoice,
  type BillingDateFacts,
  type BillingDateLine,
  type BillingDateRefusal,
  type BillingDateWords,
} from "../../funnel/billing-date-changes";
import type { Translator } from "../../i18n/languages";
import { waitingPlanStarts } from "../../funnel/plan-change";
import { reminderFor } from "../../funnel/renewal-notice-rules";
import { periodAmountCents } from "../../funnel/subscription-life";
import { database, type Queryable } from "../db/client.server";
import { enqueueOutboxMessage } from "../db/stores/outbox.server";
import {
  changeBillingDate,
  noteOnTimeline,
  postpone,
  recordPayment,
  releaseClaim,
  subscriptionTimeline,
  type SubscriptionRow,
} from "../db/stores/subscriptions.server";
import type { RateLimit } from "../http/rate-limits.server";
import { log } from "../log.server";
import { withOutbox } from "../outbox/with-outbox.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { claimForChange } from "./claim-for-change.server";
import { lifecycleNow } from "./clock.server";
import { emailMessage, orderEventMessage } from "./order-events.server";
import { renewalPaidChanges } from "./renewal.server";
import { chargeSavedCard } from "./saved-card-charge.server";
import { applyTransition } from "./transitions.server";

/** A person changes her date a few times at most; each sends an email. */
export const billingDateLimit: RateLimit = { bucket: "billing-date", limit: 10, addressLimit: 100, windowMs: 60 * 60_000 };

export type BillingDateOutcome =
  /** Or done already by the same press a moment before. */
  | { status: "changed"; line: Pick<BillingDateLine, "event" | "from" | "to" | "movedBack"> }
  /** Nothing written. */
  | { status: "refused"; refusal: BillingDateRefusal | "stale"; message: string }
  /** Ship sooner: nothing charged, the date kept. */
  | { status: "declined"; message: string }
  /** Nothing changed yet. */
  | { status: "busy"; message: string };

/** For her page and the console alike: 409 is changed meanwhile, or busy. */
export function billingDateRefusalStatus(outcome: Exclude<BillingDateOutcome, { status: "changed" }>): 400 | 402 | 409 {
  if (outcome.status === "declined") return 402;
  return outcome.status === "refused" && outcome.refusal === "weeks" ? 400 : 409;
}

/** The console's audit row, in the change's own transaction, only when the change is made. */
export type AlsoRecordDateChange = (tx: Queryable, change: BillingDateChange) => Promise<void>;

interface MadeChange {
  subscription: SubscriptionRow;
  change: BillingDateChange;
  now: Date;
  alsoRecord: AlsoRecordDateChange | undefined;
  words: BillingDateWords;
}

export async function billingDateFacts(subscription: SubscriptionRow): Promise<BillingDateFacts> {
  const { events } = await subscriptionTimeline(subscription.id);
  return { ...subscription, lines: billingDateLines(events) };
}

/**
 * What her billing-date page and support's section for her offer: each choice decided now, on
 * the lifecycle clock, with the period's amount (its words in her language with `t`).
 */
export async function billingDateOffers(subscription: SubscriptionRow, t?: Translator) {
  const now = await lifecycleNow();
  const facts = await billingDateFacts(subscription);
  const decide = (choice: BillingDateChoice) => decideBillingDateChange(facts, choice, now, t);
  return {
    now,
    facts,
    amountCents: periodAmountCents(subscription.periodsPaid, subscription),
    sooner: decide({ kind: "sooner" }),
    skip: decide({ kind: "skip" }),
    back: decide({ kind: "move_back" }),
  };
}

/** Only while the date is still `shown`. Messages in her language with `t`, else English (the console). */
export async function changeHerBillingDate(
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  choice: BillingDateChoice,
  shown: Date,
  alsoRecord?: AlsoRecordDateChange,
  t?: Translator,
): Promise<BillingDateOutcome> {
  const words: BillingDateWords = t ? billingDateWords(t) : billingDateMessages;
  const claimed = await claimForChange(subscription.id);
  if (claimed === undefined) return { status: "busy", message: words.busy };
  try {
    const now = await lifecycleNow();
    const facts = await billingDateFacts(claimed);
    if (claimed.nextBillingAt?.getTime() !== shown.getTime()) return alreadyDone(facts, shown, words);
    const decision = decideBillingDateChange(facts, choice, now, t);
    if (!decision.ok) return { status: "refused", refusal: decision.refusal, message: decision.message };
    const made: MadeChange = { subscription: claimed, change: decision.change, now, alsoRecord, words };
    return await (decision.change.event === "shipped_sooner" ? shipSooner(gateway, made) : moveDate(made));
  } finally {
    await releaseClaim(subscription.id);
  }
}

/** Her own press a moment ago, or a stale page. */
function alreadyDone(facts: BillingDateFacts, shown: Date, words: BillingDateWords): BillingDateOutcome {
  const last = facts.lines.at(-1);
  if (last && last.from.getTime() === shown.getTime() && last.to.getTime() === facts.nextBillingAt?.getTime()) {
    return { status: "changed", line: last };
  }
  return { status: "refused", refusal: "stale", message: words.stale(facts.nextBillingAt) };
}

function changeMessages(subscription: SubscriptionRow, change: BillingDateChange, at: Date, amountCents?: number) {
  return [
    orderEventMessage(subscription, change.event, at, {
      amount_cents: amountCents,
      period: change.period,
      next_billing_at: change.to.toISOString(),
    }),
    emailMessage(subscription, change.event, at, {
      amountCents,
      period: change.period,
      nextBillingAt: change.to,
      previousBillingAt: change.from,
      movedBack: change.movedBack || undefined,
    }),
  ];
}

/** The new date's reminder is none when its day has passed: this change's email gives the date and the way to cancel. */
async function moveDate({ subscription, change, now, alsoRecord, words }: MadeChange): Promise<BillingDateOutcome> {
  const reminderAt = reminderFor(subscription.plan, subscription.shipState, change.to);
  const moved = await withOutbox(async (tx) => {
    const row = await changeBillingDate(tx, subscription, {
      nextBillingAt: change.to,
      dueAt: change.to,
      firstPeriodStart: change.anchor,
      reminderDueAt: reminderAt !== null && reminderAt > now ? reminderAt : null,
    });
    if (!row) return undefined;
    await noteOnTimeline(tx, subscription.id, change.event, now, billingDateDetail(change, subscription.firstPeriodStart));
    for (const message of changeMessages(subscription, change, now)) await enqueueOutboxMessage(tx, message);
    if (alsoRecord) await alsoRecord(tx, change);
    return row;
  });
  if (!moved) return { status: "refused", refusal: "stale", message: words.stale(null) };
  return { status: "changed", line: change };
}

/**
 * Billed with the renewal's key, so charged once whoever bills it. A decline keeps her date and
 * counts as the period's first try, so her billing date tries the card afresh (the next key).
 */
async function shipSooner(
  gateway: PaymentGateway,
  { subscription, change, now, alsoRecord, words }: MadeChange,
): Promise<BillingDateOutcome> {
  const period = subscription.periodsPaid;
  const attempt = subscription.failedAttempts;
  const amount = periodAmountCents(period, subscription);
  const charged = await chargeSavedCard(gateway, subscription, { for: "renewal", attempt }, amount);
  if (charged.status === "unanswered") {
    // A gateway forgets keys, so this one must be settled soon: the worker bills the renewal with it now.
    log.warn({ operation: "ship sooner", reason: charged.message }, "payment call left to the renewal worker");
    await postpone(subscription.id, now, null);
    return { status: "busy", message: words.unanswered };
  }
  if (charged.status === "declined") {
    await (await database()).transaction((tx) => changeBillingDate(tx, subscription, { failedAttempts: attempt + 1 }));
    await recordPayment(subscription.id, charged.payment, now);
    return { status: "declined", message: words.declined(charged.message) };
  }
  // A plan chosen when this renewal was fixed starts where the period billed now ends (plan-change.ts).
  const waiting = waitingPlanStarts(subscription, change.to);
  const moved = await applyTransition(subscription, {
    event: "renewal_charged",
    at: now,
    whilePeriodsPaid: period,
    changes: { firstPeriodStart: change.anchor, ...renewalPaidChanges(subscription, change.to, waiting) },
    detail: {
      amount_cents: amount,
      period,
      attempt: attempt + 1,
      shipped_sooner: true,
      ...(waiting ? { new_plan: waiting.line.toPlan } : {}),
    },
    payment: charged.payment,
    messages: changeMessages(subscription, change, now, amount),
    alsoRecord: async (tx) => {
      await noteOnTimeline(tx, subscription.id, "shipped_sooner", now, billingDateDetail(change, subscription.firstPeriodStart));
      if (alsoRecord) await alsoRecord(tx, change);
    },
  });
  if (!moved) return { status: "refused", refusal: "stale", message: words.stale(null) };
  return { status: "changed", line: change };
}
