// The medical review's outcome (decision 0014): the first decision is written once, before any
// money moves (capture, or a charge of the saved card once the hold lapsed; release on decline),
// so a gateway that does not answer leaves it for the worker to settle with the same key: one
// capture however many try.
import { reminderFor } from "../../funnel/renewal-notice-rules";
import { awaitingReviewStates, billingDate } from "../../funnel/subscription-life";
import {
  claimSubscription,
  findSubscription,
  postpone,
  recordDecision,
  releaseClaim,
  type SubscriptionRow,
} from "../db/stores/subscriptions.server";
import { applyTransition, type Transition } from "./transitions.server";
import type { Queryable } from "../db/client.server";
import { log } from "../log.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { lifecycleNow } from "./clock.server";
import { transitionMessages } from "./order-events.server";
import { chargeSavedCard } from "./saved-card-charge.server";

export type Decision = "approved" | "declined";
export type DecidedBy = NonNullable<SubscriptionRow["decidedBy"]>;

export type ReviewOutcome =
  /** Its money moved unless the gateway must be tried again. */
  | { status: "recorded"; subscription: SubscriptionRow }
  | { status: "unchanged"; subscription: SubscriptionRow }
  /** Another decision came first. */
  | { status: "conflict"; subscription: SubscriptionRow }
  /** She cancelled before the review. */
  | { status: "closed"; subscription: SubscriptionRow };

/** How long a request or worker keeps a subscription while it moves money. */
export const claimMs = 2 * 60_000;
const gatewayRetryMs = 60_000;

export async function decideReview(
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  decision: Decision,
  message: string | null,
  by: DecidedBy,
  alsoRecord?: (tx: Queryable) => Promise<void>,
): Promise<ReviewOutcome> {
  if (subscription.decision === null && !awaitingReviewStates.includes(subscription.state)) {
    return { status: "closed", subscription };
  }
  const recorded = await recordDecision(subscription.id, decision, message, by, await lifecycleNow(), alsoRecord);
  if (recorded === undefined) {
    const current = (await findSubscription(subscription.id)) ?? subscription;
    if (current.decision === decision) return { status: "unchanged", subscription: current };
    if (current.decision === null) return { status: "closed", subscription: current };
    return { status: "conflict", subscription: current };
  }
  // Settled now when no worker holds it; else the worker settles it in its round.
  const claimed = await claimSubscription(recorded.id, claimMs);
  if (claimed === undefined) return { status: "recorded", subscription: recorded };
  const settled = await settleDecision(gateway, claimed);
  return { status: "recorded", subscription: settled };
}

/** The capture, release or charge a recorded decision asks for. */
export async function settleDecision(gateway: PaymentGateway, subscription: SubscriptionRow): Promise<SubscriptionRow> {
  const now = await lifecycleNow();
  let current = subscription;
  // Past its time, a hold is gone whatever the gateway would say: the timeline shows it.
  if (current.state === "on_hold" && now >= current.holdExpiresAt) {
    current = (await expireHold(current, now)) ?? current;
  }
  const moved =
    current.decision === "approved"
      ? await approve(gateway, current, now)
      : current.decision === "declined"
        ? await decline(gateway, current, now)
        : undefined;
  if (moved !== undefined && moved !== later) return moved;
  // Not moved: another got there first (its claim is let go), or the gateway is tried later.
  if (moved === undefined) await releaseClaim(current.id);
  return (await findSubscription(current.id)) ?? current;
}

export function expireHold(subscription: SubscriptionRow, at: Date): Promise<SubscriptionRow | undefined> {
  return applyTransition(subscription, {
    event: "hold_expired",
    at,
    changes: { dueAt: null },
    detail: { hold_expired_at: subscription.holdExpiresAt.toISOString() },
    messages: transitionMessages(subscription, "hold_expired", at),
  });
}

/** The billing dates count from now. */
function firstPeriodPaid(subscription: SubscriptionRow, at: Date) {
  const nextBillingAt = billingDate(at, subscription.plan, 1);
  return {
    periodsPaid: 1,
    firstPeriodStart: at,
    nextBillingAt,
    dueAt: nextBillingAt,
    failedAttempts: 0,
    reminderDueAt: reminderFor(subscription.plan, subscription.shipState, nextBillingAt),
  };
}

function firstPeriodTaken(
  subscription: SubscriptionRow,
  event: "approved_captured" | "approved_charged",
  at: Date,
  payment: Transition["payment"],
): Promise<Moved> {
  const paid = firstPeriodPaid(subscription, at);
  const detail = { amount_cents: subscription.firstPeriodCents, period: 0 };
  return applyTransition(subscription, {
    event,
    at,
    changes: paid,
    detail,
    payment,
    messages: transitionMessages(subscription, event, at, detail, { nextBillingAt: paid.nextBillingAt }),
  });
}

async function approve(gateway: PaymentGateway, subscription: SubscriptionRow, at: Date): Promise<Moved> {
  const amount = subscription.firstPeriodCents;
  if (subscription.state === "on_hold") {
    const captureKey = `capture:${subscription.id}`;
    const captured = await gateway.capture(subscription.holdReference, amount, captureKey);
    if (captured.status === "done") {
      return firstPeriodTaken(subscription, "approved_captured", at, {
        kind: "capture",
        period: 0,
        status: "succeeded",
        amountCents: amount,
        gatewayReference: captured.reference,
        idempotencyKey: captureKey,
      });
    }
    if (captured.status === "failed") return tryLater(subscription, "capture", captured.message);
    // The gateway says the hold is gone (it lapsed early): charge the saved card instead.
    const expired = await expireHold(subscription, at);
    if (expired === undefined) return undefined;
    return approve(gateway, expired, at);
  }
  if (subscription.state !== "hold_expired") return undefined;
  const charged = await chargeSavedCard(gateway, subscription, { for: "approval" }, amount);
  if (charged.status === "unanswered") return tryLater(subscription, "approval charge", charged.message);
  if (charged.status === "paid") {
    return firstPeriodTaken(subscription, "approved_charged", at, charged.payment);
  }
  return applyTransition(subscription, {
    event: "approved_payment_failed",
    at,
    changes: { dueAt: null },
    detail: { amount_cents: amount, period: 0, message: charged.message },
    payment: charged.payment,
    messages: transitionMessages(subscription, "approved_payment_failed", at, {
      amount_cents: amount,
      period: 0,
      message: charged.message,
    }),
  });
}

async function decline(gateway: PaymentGateway, subscription: SubscriptionRow, at: Date): Promise<Moved> {
  if (subscription.state !== "on_hold" && subscription.state !== "hold_expired") return undefined;
  const released = await releaseHold(gateway, subscription, "declined_released", at);
  return released !== undefined && "unanswered" in released ? tryLater(subscription, "release", released.unanswered) : released;
}

/**
 * Let go before the subscription began: released while held, recorded as expired when it lapsed
 * first. `unanswered`: nothing recorded. `alsoRecord` writes in the transition's transaction;
 * `reason` (her cancel's) goes to the provider.
 */
export async function releaseHold(
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  event: "declined_released" | "cancelled_released" | "medically_disqualified",
  at: Date,
  changes: Transition["changes"] = {},
  alsoRecord?: Transition["alsoRecord"],
  reason?: string,
): Promise<SubscriptionRow | undefined | { unanswered: string }> {
  const releaseKey = `release:${subscription.id}`;
  const released = subscription.state === "on_hold" ? await gateway.release(subscription.holdReference, releaseKey) : undefined;
  if (released?.status === "failed") return { unanswered: released.message };
  const amount = subscription.firstPeriodCents;
  // The gateway may say the hold lapsed before our clock did: then nothing was released.
  const wasReleased = released?.status === "done";
  return applyTransition(subscription, {
    event,
    at,
    changes: { dueAt: null, ...changes },
    detail: wasReleased ? { amount_cents: amount } : { hold: "already expired" },
    payment:
      released?.status === "done"
        ? {
            kind: "release",
            period: 0,
            status: "succeeded",
            amountCents: amount,
            gatewayReference: released.reference,
            idempotencyKey: releaseKey,
          }
        : undefined,
    messages: transitionMessages(
      subscription,
      event,
      at,
      { ...(wasReleased ? { amount_cents: amount } : {}), ...(reason ? { reason } : {}) },
      {
        holdReleased: wasReleased,
        beforeReview: event === "cancelled_released",
      },
    ),
    alsoRecord,
  });
}

/** The claim is kept until the worker's next try. */
export const later = Symbol("tried again later");
type Moved = SubscriptionRow | undefined | typeof later;

async function tryLater(subscription: SubscriptionRow, operation: string, reason: string): Promise<typeof later> {
  log.warn({ operation, reason }, "payment call to be tried again");
  await postpone(subscription.id, subscription.dueAt, new Date(Date.now() + gatewayRetryMs));
  return later;
}
