// Her last day to cancel before a renewal, as a calendar date shown before she gives a card
// (New York's automatic renewal law, General Business Law 527-a as amended in force from
// November 2025; Massachusetts 940 CMR 38): the renewal's billing date less the 72 hours'
// notice of spec section 9, told as a day that ends before it in every US time zone.
import type { PlanCode } from "./plans";
import { billingDate, billingDateAfter, cancelNoticeMs, type SubscriptionState } from "./subscription-life";

/** The last moment cancelling still stops the renewal billed at `billingAt`. */
export function lastDayToCancel(billingAt: Date): Date {
  return new Date(billingAt.getTime() - cancelNoticeMs);
}

/** Hawaii's offset from UTC: the last of the US states' days to end. */
const westernmostOffsetMs = -10 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/**
 * The calendar day we tell her as her last day to cancel (midnight UTC of it, as billing dates
 * are shown): the last day that ends, wherever in the US she is, before the cut-off. A date read
 * as "by the end of that day" must never be past the 72 hours, so it is up to a day and a half
 * early rather than ever late.
 */
export function lastDayToCancelShown(billingAt: Date): Date {
  const cutOff = lastDayToCancel(billingAt).getTime();
  // The first day not over in Hawaii at the cut-off begins then; the day before it is wholly before.
  const dayAtCutOffInHawaii = Math.floor((cutOff + westernmostOffsetMs) / dayMs) * dayMs;
  return new Date(dayAtCutOffInHawaii - dayMs);
}

/**
 * At checkout: the first period starts when the medical team approves, never before
 * `earliestStart` (now), so its first renewal and her last day to cancel come no earlier than
 * these. The date shown is the earliest: cancelling by it always stops the first renewal.
 */
export function lastDayToCancelFirstRenewal(plan: PlanCode, earliestStart: Date): Date {
  return lastDayToCancelShown(billingDate(earliestStart, plan, 1));
}

/** What her card pages know of her plan's dates and prices. */
export interface RenewalFacts {
  state: SubscriptionState;
  plan: PlanCode;
  renewalCents: number;
  firstPeriodStart: Date | null;
  nextBillingAt: Date | null;
  pendingPlan: PlanCode | null;
  pendingRenewalCents: number | null;
  pendingPlanFrom: Date | null;
}

/** The renewal that follows the card she gives on her card pages: its plan, price and date. */
export interface NextRenewal {
  plan: PlanCode;
  renewalCents: number;
  billingAt: Date;
}

/**
 * The next renewal once she gives a card at `now`, or null when none comes (her plan ends):
 * under review or with a lapsed hold, the first period starts at the approval, now at the
 * earliest; a payment due is paid now and the next date counts on as the payment's service
 * counts it (pay-with-another-card.server); a running plan renews on its next billing date.
 * A plan change she made counts from the renewal it starts on.
 */
export function nextRenewalAfterCard(facts: RenewalFacts, now: Date): NextRenewal | null {
  const billingAt = nextBillingAfterCard(facts, now);
  if (billingAt === null) return null;
  const changed = facts.pendingPlan && facts.pendingPlanFrom && facts.pendingRenewalCents !== null && facts.pendingPlanFrom <= billingAt;
  return changed
    ? { plan: facts.pendingPlan!, renewalCents: facts.pendingRenewalCents!, billingAt }
    : { plan: facts.plan, renewalCents: facts.renewalCents, billingAt };
}

function nextBillingAfterCard(facts: RenewalFacts, now: Date): Date | null {
  switch (facts.state) {
    case "on_hold":
    case "hold_expired":
      return billingDate(now, facts.plan, 1);
    case "payment_needed":
    case "past_due": {
      const start = facts.firstPeriodStart ?? now;
      return billingDateAfter(start, facts.plan, facts.nextBillingAt ?? start);
    }
    case "active":
      return facts.nextBillingAt;
    default:
      return null;
  }
}
