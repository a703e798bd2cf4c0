// The life of an order after the card hold (spec sections 1 and 9; decision 0014 draws it):
// the medical review's outcome moves the hold, then each subscription period is billed until
// she cancels or a failing card lets it lapse. Pure: the service (app/server/subscriptions)
// asks these rules what happens and stores each transition with its time.
import { plans, type PlanCode } from "./plans";

export const subscriptionStates = [
  /** The card is held; the medical team has not decided. */
  "on_hold",
  /** Nothing was decided before the hold lapsed; an approval now charges the saved card. */
  "hold_expired",
  /** Approved, but the saved card could not be charged: waiting for her to pay again. */
  "payment_needed",
  /** Approved and paid: the subscription runs and renews. */
  "active",
  /** A renewal failed; it is tried again on the retry days. */
  "past_due",
  /** Cancelled within 72 hours of a billing date: that renewal is still billed, then it ends. */
  "ending",
  /** Declined by the medical team; the hold released. */
  "declined",
  /** Cancelled by her; nothing more is billed. */
  "cancelled",
  /** Every retry of a renewal failed; nothing more is billed. */
  "lapsed",
  /** The medical team ended it (medically disqualified): nothing more is billed, the last charge refunded. */
  "disqualified",
] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];

/** Timeline lines of what she changed herself (or support for her): no state moves. */
export const herChangeEvents = [
  "billing_date_moved",
  "period_skipped",
  "shipped_sooner",
  "plan_changed",
  "card_updated",
  "address_changed",
] as const;
export type HerChangeEvent = (typeof herChangeEvents)[number];

/** Timeline lines that record money moving back, not a change of state. */
export const moneyBackEvents = ["refunded", "refund_failed", "dispute_opened", "dispute_won", "dispute_lost"] as const;
export type MoneyBackEvent = (typeof moneyBackEvents)[number];

/** Timeline lines of the notices the law asks for (renewal-notice-rules.ts): sent, no state moves. */
export const noticeEvents = ["renewal_reminder_sent", "annual_notice_sent"] as const;
export type NoticeEvent = (typeof noticeEvents)[number];

/** What can happen to an order after its hold: each is one transition of the timeline. */
export const subscriptionEvents = [
  "hold_placed",
  "approved_captured",
  "approved_charged",
  "approved_payment_failed",
  "declined_released",
  "hold_expired",
  "cancelled_released",
  "renewal_charged",
  "renewal_failed",
  "lapsed",
  "cancelled",
  "cancelled_after_renewal",
  "medically_disqualified",
  ...moneyBackEvents,
  ...herChangeEvents,
  ...noticeEvents,
  // She asked us to delete her data: her details erased, and a running plan ended at once.
  "personal_data_erased",
] as const;
export type SubscriptionEvent = (typeof subscriptionEvents)[number];

/** The whole machine: from each state, the events allowed and where each leads. */
const transitions: Record<SubscriptionState, Partial<Record<SubscriptionEvent, SubscriptionState>>> = {
  on_hold: {
    approved_captured: "active",
    approved_charged: "active",
    approved_payment_failed: "payment_needed",
    declined_released: "declined",
    hold_expired: "hold_expired",
    cancelled_released: "cancelled",
    medically_disqualified: "disqualified",
  },
  hold_expired: {
    approved_charged: "active",
    approved_payment_failed: "payment_needed",
    declined_released: "declined",
    cancelled_released: "cancelled",
    medically_disqualified: "disqualified",
  },
  payment_needed: {
    approved_charged: "active",
    cancelled: "cancelled",
    medically_disqualified: "disqualified",
    personal_data_erased: "cancelled",
  },
  active: {
    renewal_charged: "active",
    renewal_failed: "past_due",
    cancelled: "cancelled",
    cancelled_after_renewal: "ending",
    medically_disqualified: "disqualified",
    personal_data_erased: "cancelled",
  },
  past_due: {
    renewal_charged: "active",
    renewal_failed: "past_due",
    lapsed: "lapsed",
    cancelled: "cancelled",
    medically_disqualified: "disqualified",
    personal_data_erased: "cancelled",
  },
  // The renewal she cancelled too late for is billed, and then nothing more; if it fails,
  // there is nothing to retry: she had cancelled. Disqualified, not even that one is billed;
  // nor when she asks us to delete her data (erasure is not a cancel with notice).
  ending: {
    renewal_charged: "cancelled",
    renewal_failed: "cancelled",
    medically_disqualified: "disqualified",
    personal_data_erased: "cancelled",
  },
  declined: {},
  cancelled: {},
  lapsed: {},
  disqualified: {},
};

/** Where `event` leads from `state`, or undefined when it cannot happen there. */
export function nextState(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState | undefined {
  return transitions[state][event];
}

export function isFinalState(state: SubscriptionState): boolean {
  return Object.keys(transitions[state]).length === 0;
}

/** States in which a renewal falls due. */
export const billedStates: readonly SubscriptionState[] = ["active", "past_due", "ending"];

/** States that still wait for the medical team's decision. */
export const awaitingReviewStates: readonly SubscriptionState[] = ["on_hold", "hold_expired"];

/** How long a card hold lasts where the gateway says nothing else (Stripe: 7 days for cards). */
export const holdLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** A hold this close to its end with no decision is shown to the owner. */
export const holdWarningMs = 24 * 60 * 60 * 1000;

export function holdExpiresSoon(holdExpiresAt: Date, now: Date): boolean {
  const left = holdExpiresAt.getTime() - now.getTime();
  return left > 0 && left <= holdWarningMs;
}

/**
 * `date` plus whole calendar months, keeping the day of the month, or the month's last day
 * when it has fewer (31 January + 1 month = 28 or 29 February), at the same time of day (UTC).
 */
export function addMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/**
 * When period `period` (0 is the first, paid at approval) begins and is billed: the first
 * period's start plus the plan's months, counted from that start every time, so that a short
 * month never shifts the dates after it.
 */
export function billingDate(firstPeriodStart: Date, plan: PlanCode, period: number): Date {
  return addMonths(firstPeriodStart, plans[plan].months * period);
}

/**
 * The first billing date counted from `anchor` that comes after `after`: where a period billed
 * on `after` ends. Dates never moved count from the first period's start, so a period billed
 * on billingDate(start, plan, n) runs to billingDate(start, plan, n + 1); once she moves her
 * date (app/funnel/billing-date-changes.ts) the anchor is the new date and they count on from
 * it, keeping its day of the month through short months as the first schedule did.
 */
export function billingDateAfter(anchor: Date, plan: PlanCode, after: Date): Date {
  const months = plans[plan].months;
  const monthsBetween = (after.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + after.getUTCMonth() - anchor.getUTCMonth();
  // One period short of the month `after` is in: still before it, so the loop only steps on.
  let period = Math.max(0, Math.floor(monthsBetween / months) - 1);
  while (billingDate(anchor, plan, period).getTime() <= after.getTime()) period++;
  return billingDate(anchor, plan, period);
}

/** After a renewal's first failure, the days (from its billing date) it is tried again. */
export const renewalRetryDays = [1, 3, 5] as const;

/**
 * When a renewal that has failed `failures` times is tried next, or undefined when every
 * retry is spent and the subscription lapses.
 */
export function renewalRetryAt(billedAt: Date, failures: number): Date | undefined {
  const days = renewalRetryDays[failures - 1];
  return days === undefined ? undefined : new Date(billedAt.getTime() + days * 24 * 60 * 60 * 1000);
}

/** Spec section 9: "Cancel at least 72 hours before the next billing date." */
export const cancelNoticeMs = 72 * 60 * 60 * 1000;

/**
 * Whether the renewal on `nextBillingAt` is still billed when she cancels at `cancelledAt`:
 * yes when she cancels less than 72 hours before it.
 */
export function renewalStillBilled(cancelledAt: Date, nextBillingAt: Date): boolean {
  return nextBillingAt.getTime() - cancelledAt.getTime() < cancelNoticeMs;
}

/**
 * Whether a reminder due earlier is still worth sending at `now`: only while she can still
 * cancel that renewal (more than 72 hours before it). A worker that was stopped past its day
 * sends it late rather than never; one past the 72 hours sends nothing.
 */
export function reminderStillUseful(now: Date, billingAt: Date): boolean {
  return !renewalStillBilled(now, billingAt);
}

/**
 * What a period costs. The first is what she authorised (her promo discount included); every
 * later one is the plan's price she agreed to, without the discount: a promo code is for the
 * first period only (decision 0014).
 */
export function periodAmountCents(period: number, amounts: { firstPeriodCents: number; renewalCents: number }): number {
  return period === 0 ? amounts.firstPeriodCents : amounts.renewalCents;
}

// Order references she can read aloud: no 0/O, 1/I/L or U, in two groups of four.
const referenceAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const referencePattern = /^MC-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/;

/** An order reference such as MC-7KQ2-94XD from eight random bytes. */
export function orderReference(randomBytes: Uint8Array): string {
  if (randomBytes.length < 8) throw new RangeError("an order reference needs 8 random bytes");
  // 256 is not a multiple of 30: the first 240 values of a byte map evenly, and the small
  // bias of the rest does not matter for a reference (it is not a secret).
  const characters = Array.from(randomBytes.slice(0, 8), (byte) => referenceAlphabet[byte % referenceAlphabet.length]);
  return `MC-${characters.slice(0, 4).join("")}-${characters.slice(4).join("")}`;
}

/** A reference as she may type or read it out: any case, with or without MC, spaces or dashes. */
export function readOrderReference(raw: string): string | undefined {
  const typed = raw.toUpperCase().replace(/[\s-]/g, "");
  // With its prefix or without: a first group that itself begins with MC stays whole.
  const compact = typed.length === 10 && typed.startsWith("MC") ? typed.slice(2) : typed;
  if (compact.length !== 8) return undefined;
  const reference = `MC-${compact.slice(0, 4)}-${compact.slice(4)}`;
  return referencePattern.test(reference) ? reference : undefined;
}

/** How the owner's console and her emails name each state. */
export const subscriptionStateLabels: Record<SubscriptionState, string> = {
  on_hold: "On hold, waiting for review",
  hold_expired: "Hold expired, waiting for review",
  payment_needed: "Approved, payment needed",
  active: "Active",
  past_due: "Renewal failed, retrying",
  ending: "Canceled, last renewal still billed",
  declined: "Declined, hold released",
  cancelled: "Canceled",
  lapsed: "Lapsed after failed renewals",
  disqualified: "Ended: medically disqualified",
};

/** How the timeline names each transition. */
export const subscriptionEventLabels: Record<SubscriptionEvent, string> = {
  hold_placed: "Card hold placed",
  approved_captured: "Approved by the medical team; hold captured",
  approved_charged: "Approved by the medical team; saved card charged",
  approved_payment_failed: "Approved by the medical team; the saved card could not be charged",
  declined_released: "Declined by the medical team; hold released",
  hold_expired: "Hold expired before a decision",
  cancelled_released: "Canceled before review; hold released",
  renewal_charged: "Renewal charged",
  renewal_failed: "Renewal failed",
  lapsed: "Lapsed after the last retry failed",
  cancelled: "Canceled; nothing more will be billed",
  cancelled_after_renewal: "Canceled within 72 hours of renewal; that renewal is still billed",
  medically_disqualified: "Medically disqualified; the plan ended and nothing more will be billed",
  refunded: "Refunded",
  refund_failed: "Refund failed",
  dispute_opened: "Dispute opened at her bank",
  dispute_won: "Dispute closed: won",
  dispute_lost: "Dispute closed: lost",
  billing_date_moved: "Next billing date moved",
  period_skipped: "A period skipped",
  shipped_sooner: "Shipped sooner: the next period billed now",
  plan_changed: "Plan changed from the next billing date",
  card_updated: "Card updated for the next charges",
  address_changed: "Shipping address changed",
  renewal_reminder_sent: "Renewal reminder sent",
  annual_notice_sent: "Yearly notice of her terms sent",
  personal_data_erased: "Her data deleted at her request; nothing more will be billed",
};
