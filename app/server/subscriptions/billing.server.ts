// The lifecycle worker's round (decision 0014): holds that lapse with no decision, decisions
// whose money has not moved yet, the embedded provider's own approvals, and renewals. Each
// subscription is claimed by one worker at a time, and each charge carries a key made of the
// subscription, the period and the try, so a period is billed once whatever the number of
// workers or instances; a unique index on paid periods stands behind it.
import { billingDate, periodAmountCents, reminderStillUseful, renewalReminderAt, renewalRetryAt } from "../../funnel/subscription-life";
import { config } from "../config.server";
import {
  claimDueSubscriptions,
  postpone,
  releaseClaim,
  undecidedSince,
  type SubscriptionRow,
} from "../db/stores/subscriptions.server";
import { applyTransition, takeReminder } from "./transitions.server";
import { log } from "../log.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { lifecycleNow } from "./clock.server";
import { transitionMessages } from "./order-events.server";
import { claimMs, decideReview, expireHold, savedCardOf, settleDecision } from "./review.server";
import { emailMessage } from "./order-events.server";

export interface LifecycleRound {
  reminded: number;
  settled: number;
  expired: number;
  renewed: number;
  failed: number;
  lapsed: number;
}

const batchSize = 25;
/** A renewal whose charge got no answer is tried again after this (the same key). */
const gatewayRetryMs = 5 * 60_000;

/** One period's charge of a subscription that is due, and what follows from its answer. */
export async function billRenewal(gateway: PaymentGateway, subscription: SubscriptionRow, now: Date): Promise<keyof LifecycleRound | undefined> {
  const period = subscription.periodsPaid;
  const billedAt = subscription.nextBillingAt;
  if (subscription.firstPeriodStart === null || billedAt === null) return undefined;
  const attempt = subscription.failedAttempts;
  const amount = periodAmountCents(period, subscription);
  const key = `renewal:${subscription.id}:${period}:${attempt}`;
  const charged = await gateway.chargeSavedCard({
    savedCard: savedCardOf(subscription),
    amountCents: amount,
    currency: "usd",
    idempotencyKey: key,
    description: `Order ${subscription.reference}, period ${period + 1}`,
    metadata: { subscription_id: subscription.id, period: String(period), order_reference: subscription.reference },
  });
  if (charged.status === "failed") {
    log.warn({ operation: "renewal", reason: charged.message }, "payment call to be tried again");
    await postpone(subscription.id, subscription.dueAt, new Date(Date.now() + gatewayRetryMs));
    return undefined;
  }
  const detail = { amount_cents: amount, period, attempt: attempt + 1 };
  if (charged.status === "paid") {
    const nextBillingAt = billingDate(subscription.firstPeriodStart, subscription.plan, period + 1);
    const ends = subscription.state === "ending";
    const moved = await applyTransition(subscription, {
      event: "renewal_charged",
      at: now,
      whilePeriodsPaid: period,
      changes: {
        periodsPaid: period + 1,
        nextBillingAt: ends ? null : nextBillingAt,
        dueAt: ends ? null : nextBillingAt,
        failedAttempts: 0,
        reminderDueAt: ends ? null : renewalReminderAt(subscription.plan, nextBillingAt),
      },
      detail,
      payment: { kind: "charge", period, status: "succeeded", amountCents: amount, gatewayReference: charged.reference, idempotencyKey: key },
      messages: transitionMessages(subscription, "renewal_charged", now, { amount_cents: amount, period }, { nextBillingAt: ends ? undefined : nextBillingAt }),
    });
    return moved ? "renewed" : undefined;
  }
  const failures = attempt + 1;
  const retryAt = subscription.state === "ending" ? undefined : renewalRetryAt(billedAt, failures);
  const payment = {
    kind: "charge" as const,
    period,
    status: "failed" as const,
    amountCents: amount,
    gatewayReference: charged.reference,
    idempotencyKey: key,
    failureMessage: charged.message,
  };
  const failedDetail = { ...detail, message: charged.message };
  if (retryAt !== undefined || subscription.state === "ending") {
    const moved = await applyTransition(subscription, {
      event: "renewal_failed",
      at: now,
      whilePeriodsPaid: period,
      changes: { failedAttempts: failures, dueAt: retryAt ?? null, nextBillingAt: retryAt === undefined ? null : billedAt },
      detail: retryAt ? { ...failedDetail, retry_at: retryAt.toISOString() } : failedDetail,
      payment,
      messages: transitionMessages(
        subscription,
        "renewal_failed",
        now,
        { amount_cents: amount, period, message: charged.message },
        { retryAt, ends: subscription.state === "ending" },
      ),
    });
    return moved ? "failed" : undefined;
  }
  const moved = await applyTransition(subscription, {
    event: "lapsed",
    at: now,
    whilePeriodsPaid: period,
    changes: { failedAttempts: failures, dueAt: null, nextBillingAt: null, reminderDueAt: null },
    detail: failedDetail,
    payment,
    messages: transitionMessages(subscription, "lapsed", now, { amount_cents: amount, period, message: charged.message }),
  });
  return moved ? "lapsed" : undefined;
}

/** What a claimed subscription needs now. */
async function advance(gateway: PaymentGateway, subscription: SubscriptionRow, now: Date): Promise<keyof LifecycleRound | undefined> {
  if (subscription.decision !== null && (subscription.state === "on_hold" || subscription.state === "hold_expired")) {
    const settled = await settleDecision(gateway, subscription);
    return settled.state !== subscription.state ? "settled" : undefined;
  }
  if (subscription.state === "on_hold") {
    return (await expireHold(subscription, now)) ? "expired" : undefined;
  }
  const reminded = await remindOfRenewal(subscription, now);
  if (subscription.dueAt === null || subscription.dueAt > now) {
    // Only the reminder was due: the claim is let go so the renewal's own day finds it free.
    await releaseClaim(subscription.id);
    return reminded ? "reminded" : undefined;
  }
  return billRenewal(gateway, subscription, now);
}

/** A 6-month or yearly plan's reminder, when its day has come (subscription-life.ts). */
async function remindOfRenewal(subscription: SubscriptionRow, now: Date): Promise<boolean> {
  const billingAt = subscription.nextBillingAt;
  if (subscription.state !== "active" || subscription.reminderDueAt === null || subscription.reminderDueAt > now || billingAt === null) {
    return false;
  }
  const useful = reminderStillUseful(now, billingAt);
  return takeReminder(
    subscription,
    useful ? emailMessage(subscription, "renewal_reminder", now, { amountCents: subscription.renewalCents, nextBillingAt: billingAt }) : undefined,
  );
}

/** The embedded provider's approvals, when EMBEDDED_AUTO_APPROVE_SECONDS is set. */
async function autoApprove(gateway: PaymentGateway, now: Date): Promise<number> {
  const settings = config();
  const seconds = settings.EMBEDDED_AUTO_APPROVE_SECONDS;
  if (seconds === undefined || settings.PROVIDER_BASE_URL !== undefined) return 0;
  let approved = 0;
  for (const subscription of await undecidedSince(new Date(now.getTime() - seconds * 1000), batchSize)) {
    const outcome = await decideReview(gateway, subscription, "approved", null, "embedded provider");
    if (outcome.status === "recorded") approved++;
  }
  return approved;
}

/** Everything due as of the lifecycle clock, until nothing is. Several instances may run it. */
export async function runLifecycleRound(gateway: PaymentGateway): Promise<LifecycleRound> {
  const round: LifecycleRound = { reminded: 0, settled: 0, expired: 0, renewed: 0, failed: 0, lapsed: 0 };
  const now = await lifecycleNow();
  round.settled += await autoApprove(gateway, now);
  // A subscription moved forward a year by the sandbox clock has a period due for each month:
  // the loop bills them one after another (each claim takes the next due period).
  for (let batches = 0; batches < 1000; batches++) {
    const claimed = await claimDueSubscriptions(now, claimMs, batchSize);
    if (claimed.length === 0) break;
    for (const subscription of claimed) {
      try {
        const done = await advance(gateway, subscription, now);
        if (done) round[done]++;
      } catch (error) {
        log.error({ error: error instanceof Error ? error.name : "unknown" }, "lifecycle step failed");
      }
    }
  }
  return round;
}
