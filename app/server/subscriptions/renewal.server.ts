// A renewal (decision 0014): one period's charge and what follows (the next dates, a retry 1, 3
// and 5 days later, or the lapse). The key is subscription, period and try, so a period is billed
// once however many workers run; a unique index on paid periods stands behind it.
import { waitingPlanStarts } from "../../funnel/plan-change";
import { reminderFor } from "../../funnel/renewal-notice-rules";
import { billingDateAfter, periodAmountCents, renewalRetryAt } from "../../funnel/subscription-life";
import { postpone, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { log } from "../log.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { transitionMessages } from "./order-events.server";
import { chargeSavedCard } from "./saved-card-charge.server";
import { applyTransition } from "./transitions.server";

/** Same key. */
const gatewayRetryMs = 5 * 60_000;

export async function billRenewal(
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  now: Date,
): Promise<"renewed" | "failed" | "lapsed" | undefined> {
  const period = subscription.periodsPaid;
  const billedAt = subscription.nextBillingAt;
  if (subscription.firstPeriodStart === null || billedAt === null) return undefined;
  const attempt = subscription.failedAttempts;
  const amount = periodAmountCents(period, subscription);
  const charged = await chargeSavedCard(gateway, subscription, { for: "renewal", attempt }, amount);
  if (charged.status === "unanswered") {
    log.warn({ operation: "renewal", reason: charged.message }, "payment call to be tried again");
    await postpone(subscription.id, subscription.dueAt, new Date(Date.now() + gatewayRetryMs));
    return undefined;
  }
  const detail = { amount_cents: amount, period, attempt: attempt + 1 };
  if (charged.status === "paid") {
    // Counted from the anchor, which moves with her billing date (billing-date-changes.ts).
    const nextBillingAt = billingDateAfter(subscription.firstPeriodStart, subscription.plan, billedAt);
    const ends = subscription.state === "ending";
    // A plan chosen when this renewal was fixed starts after it, in the same update (plan-change.ts).
    const waiting = ends ? undefined : waitingPlanStarts(subscription, nextBillingAt);
    const planFacts = waiting
      ? {
          plan: waiting.line.toPlan,
          previous_plan: waiting.line.fromPlan,
          renewal_cents: waiting.line.cents,
          plan_from: nextBillingAt.toISOString(),
        }
      : {};
    const moved = await applyTransition(subscription, {
      event: "renewal_charged",
      at: now,
      whilePeriodsPaid: period,
      changes: renewalPaidChanges(subscription, ends ? null : nextBillingAt, waiting),
      detail: waiting ? { ...detail, new_plan: waiting.line.toPlan } : detail,
      payment: charged.payment,
      messages: transitionMessages(
        subscription,
        "renewal_charged",
        now,
        { amount_cents: amount, period, ...planFacts },
        { nextBillingAt: ends ? undefined : nextBillingAt, planChange: waiting?.line },
      ),
    });
    return moved ? "renewed" : undefined;
  }
  const failures = attempt + 1;
  const retryAt = subscription.state === "ending" ? undefined : renewalRetryAt(billedAt, failures);
  const failedDetail = { ...detail, message: charged.message };
  if (retryAt !== undefined || subscription.state === "ending") {
    const moved = await applyTransition(subscription, {
      event: "renewal_failed",
      at: now,
      whilePeriodsPaid: period,
      changes: { failedAttempts: failures, dueAt: retryAt ?? null, nextBillingAt: retryAt === undefined ? null : billedAt },
      detail: retryAt ? { ...failedDetail, retry_at: retryAt.toISOString() } : failedDetail,
      payment: charged.payment,
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
    payment: charged.payment,
    messages: transitionMessages(subscription, "lapsed", now, { amount_cents: amount, period, message: charged.message }),
  });
  return moved ? "lapsed" : undefined;
}

/**
 * What a paid renewal writes: one more period paid, the next due on `next` (none when her plan
 * ends with it), and a plan that waited for this renewal started.
 */
export function renewalPaidChanges(subscription: SubscriptionRow, next: Date | null, waiting: ReturnType<typeof waitingPlanStarts>) {
  return {
    periodsPaid: subscription.periodsPaid + 1,
    nextBillingAt: next,
    dueAt: next,
    failedAttempts: 0,
    reminderDueAt: next === null ? null : reminderFor(subscription.plan, subscription.shipState, next),
    ...waiting?.writes,
  };
}
