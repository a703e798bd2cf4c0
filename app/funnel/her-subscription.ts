// Her subscription as her private page says it (/subscription/{token}): where her order is,
// what happened to it and to her money, and what cancelling would do right now, in plain
// words. Pure: the page's server code reads the rows and asks these rules. Her page passes its
// translator (`t`) and reads them in her language; without one (the console, her data file)
// they are the English, which the catalogue's English says word for word.
import type { Translator } from "../i18n/languages";
import { formatCents } from "./cart";
import { formatEmailDate } from "./amounts-and-dates";
import { planWords, plans, type PlanCode } from "./plans";
import type { PaymentKind } from "./refunds";
import { renewalStillBilled, type SubscriptionEvent, type SubscriptionState } from "./subscription-life";

/** Where her order is, in her words. */
export const herStateText: Record<SubscriptionState, { title: string; text: string }> = {
  on_hold: {
    title: "Under review",
    text: "A licensed provider is reviewing your plan. Your card is held, not charged: it is charged only if a provider prescribes your treatment.",
  },
  hold_expired: {
    title: "Under review",
    text: "A licensed provider is still reviewing your plan. The hold on your card has ended; nothing is charged unless a provider prescribes your treatment.",
  },
  payment_needed: {
    title: "Prescribed: payment needed",
    text: "A licensed provider prescribed your treatment, but your card could not be charged. Pay with another card to receive your medication.",
  },
  active: { title: "Active", text: "Your treatment was prescribed and your subscription renews automatically until you cancel." },
  past_due: {
    title: "Renewal payment failed",
    text: "We could not charge your renewal. We will try your card again, or you can pay now with another card.",
  },
  ending: {
    title: "Canceled",
    text: "You canceled within 72 hours of your billing date, so that last renewal is still billed. After it, nothing more is charged.",
  },
  declined: {
    title: "Not prescribed",
    text: "The medical team did not prescribe this treatment. The hold on your card was released; nothing was charged.",
  },
  cancelled: { title: "Canceled", text: "Your subscription is canceled. Nothing more will be charged." },
  lapsed: { title: "Ended", text: "Your subscription ended because your renewal could not be charged. Nothing more will be charged." },
  // What happened to her money is said beside it (disqualifiedMoneyText): a hold released,
  // a payment refunded, or nothing paid.
  disqualified: {
    title: "Ended by the medical team",
    text: "A licensed provider found that this treatment is not right for you at this time, so your subscription has ended. Nothing more will be charged and no more medication will be sent.",
  },
};

/** Each step of her timeline. */
export const herEventText: Record<SubscriptionEvent, string> = {
  hold_placed: "Order received; hold placed on your card",
  approved_captured: "Prescribed; first payment charged",
  approved_charged: "Prescribed; first payment charged",
  approved_payment_failed: "Prescribed; your card could not be charged",
  declined_released: "Not prescribed; hold released",
  hold_expired: "Hold on your card ended while under review",
  cancelled_released: "Canceled before review; hold released",
  renewal_charged: "Renewal charged",
  renewal_failed: "Renewal could not be charged",
  lapsed: "Ended after the last try failed",
  cancelled: "Canceled; nothing more will be charged",
  cancelled_after_renewal: "Canceled; the renewal within 72 hours is still billed",
  medically_disqualified: "Ended by the medical team; nothing more will be charged",
  refunded: "Refunded to your card",
  refund_failed: "A refund to your card did not go through; our team is looking into it",
  dispute_opened: "Payment disputed at your bank",
  dispute_won: "Dispute closed",
  dispute_lost: "Dispute closed",
  billing_date_moved: "Next billing date moved",
  period_skipped: "A period skipped",
  shipped_sooner: "Shipped sooner: your next period billed",
  plan_changed: "Plan changed from your next billing date",
  card_updated: "Card updated",
  address_changed: "Shipping address changed",
  renewal_reminder_sent: "Reminder of your renewal sent by email",
  annual_notice_sent: "Yearly reminder of your subscription's terms sent by email",
  personal_data_erased: "Your data deleted at your request; nothing more will be charged",
};

/** Where her order is, in her language (her page), or the English above. */
export function herStateWords(state: SubscriptionState, t?: Translator): { title: string; text: string } {
  if (!t) return herStateText[state];
  return { title: t(`herState.${state}.title`), text: t(`herState.${state}.text`) };
}

/** A step of her timeline, in her language (her page), or the English above. */
export function herEventWords(event: SubscriptionEvent, t?: Translator): string {
  return t ? t(`timeline.${event}`) : herEventText[event];
}

export type PaymentStatus = "succeeded" | "pending" | "failed";

/** Each movement of her money. */
export function herPaymentText(kind: PaymentKind, status: PaymentStatus, t?: Translator): string {
  if (t) return t(paymentWordIds[kind][status]);
  switch (kind) {
    case "refund":
      return status === "succeeded" ? "Refunded to your card" : status === "pending" ? "Refund on its way to your card" : "Refund not made";
    case "hold":
      return "Hold placed";
    case "capture":
      return "Charged (from the hold)";
    case "release":
      return "Hold released";
    case "charge":
      return status === "succeeded" ? "Charged" : status === "pending" ? "Charge in progress" : "Charge failed";
  }
}

const paymentWordIds = {
  refund: { succeeded: "timeline.refundSucceeded", pending: "timeline.refundPending", failed: "timeline.refundFailed" },
  hold: { succeeded: "timeline.hold", pending: "timeline.hold", failed: "timeline.hold" },
  capture: { succeeded: "timeline.capture", pending: "timeline.capture", failed: "timeline.capture" },
  release: { succeeded: "timeline.release", pending: "timeline.release", failed: "timeline.release" },
  charge: { succeeded: "timeline.chargeSucceeded", pending: "timeline.chargePending", failed: "timeline.chargeFailed" },
} as const;

/**
 * What became of her money when the medical team ended her plan, from her payments: the
 * refund the terms promise, or the hold let go. Undefined when nothing was paid or held.
 */
export function disqualifiedMoneyText(
  payments: readonly { kind: PaymentKind; status: PaymentStatus; amountCents: number; reason: string | null }[],
  t?: Translator,
): string | undefined {
  const refund = payments.findLast((p) => p.kind === "refund" && p.reason === "medically_disqualified");
  if (refund) {
    const amount = formatCents(refund.amountCents);
    if (t) {
      const id =
        refund.status === "succeeded"
          ? "herState.moneyRefunded"
          : refund.status === "pending"
            ? "herState.moneyRefunding"
            : "herState.moneyRefundFailed";
      return t(id, { amount });
    }
    if (refund.status === "succeeded") {
      return `As our terms promise, your most recent payment was refunded in full: ${amount} to your card. Depending on your bank, it reaches your account within 5 to 10 business days.`;
    }
    if (refund.status === "pending")
      return `As our terms promise, we are refunding your most recent payment in full: ${amount} to your card.`;
    return `The refund of ${amount} to your card did not go through yet. Our team is looking into it; you do not need to do anything.`;
  }
  if (payments.some((p) => p.kind === "release" && p.status === "succeeded")) {
    return t ? t("herState.moneyReleased") : "Nothing was charged: the hold on your card was released.";
  }
  if (!payments.some((p) => (p.kind === "capture" || p.kind === "charge") && p.status === "succeeded")) {
    return t ? t("herState.moneyNothing") : "Nothing was charged.";
  }
  return undefined;
}

/** States she can still cancel from. */
export const cancellableStates: readonly SubscriptionState[] = ["on_hold", "hold_expired", "payment_needed", "active", "past_due"];

export interface CancelFacts {
  state: SubscriptionState;
  plan: PlanCode;
  firstPeriodCents: number;
  renewalCents: number;
  nextBillingAt: Date | null;
  /** The team decided and the money is about to move: nothing to cancel this minute. */
  decided: boolean;
}

export type CancelPreview = { can: true; text: string; stillBilled?: { at: Date; amountCents: number } } | { can: false; text: string };

/** What pressing Cancel subscription would do at `now`, said before she confirms (in her language with `t`). */
export function cancelPreview(facts: CancelFacts, now: Date, t?: Translator): CancelPreview {
  const day = (date: Date) => formatEmailDate(date, t);
  if (!cancellableStates.includes(facts.state)) {
    return { can: false, text: t ? t("herCancel.closed") : "This subscription is already closed: nothing more will be charged." };
  }
  if ((facts.state === "on_hold" || facts.state === "hold_expired") && facts.decided) {
    return {
      can: false,
      text: t ? t("herCancel.decided") : "The medical team has just decided on your order. Please try again in a minute.",
    };
  }
  if (facts.state === "on_hold") {
    const hold = formatCents(facts.firstPeriodCents);
    return {
      can: true,
      text: t
        ? t("herCancel.previewOnHold", { hold })
        : `Your order is still under review, so the ${hold} hold on your card is released at once. Nothing is charged.`,
    };
  }
  if (facts.state === "hold_expired") {
    return {
      can: true,
      text: t
        ? t("herCancel.previewHoldExpired")
        : "Your order is still under review. The hold on your card has already ended; nothing is charged.",
    };
  }
  if (facts.state === "active" && facts.nextBillingAt && renewalStillBilled(now, facts.nextBillingAt)) {
    const date = day(facts.nextBillingAt);
    const amount = formatCents(facts.renewalCents);
    return {
      can: true,
      text: t
        ? t("herCancel.previewStillBilled", { date, amount })
        : `Your next billing date, ${date}, is less than 72 hours away. As the terms say, that renewal of ${amount} is still billed; after it, nothing more is charged.`,
      stillBilled: { at: facts.nextBillingAt, amountCents: facts.renewalCents },
    };
  }
  if (facts.state === "active") {
    if (t) {
      const plan = planWords(facts.plan, t).name;
      return {
        can: true,
        text: facts.nextBillingAt
          ? t("herCancel.previewActive", { plan, date: day(facts.nextBillingAt) })
          : t("herCancel.previewActiveNoDate", { plan }),
      };
    }
    return {
      can: true,
      text: `No further renewal is billed: nothing more is charged after what you have paid. Your ${plans[facts.plan].name} plan ${facts.nextBillingAt ? `would have renewed on ${formatEmailDate(facts.nextBillingAt)}` : "does not renew"}.`,
    };
  }
  return { can: true, text: t ? t("herCancel.previewPastDue") : "The payment that is due is not taken, and nothing more is charged." };
}

/** "j•••@example.com": enough for her to know which address, not enough for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

/** What cancelling did, said once she has confirmed (in her language with `t`). */
export function cancelResultText(
  result: "cancelled" | "ending" | "closed",
  before: SubscriptionState,
  facts: { firstPeriodCents: number; renewalCents: number; lastBillingAt: Date | null },
  t?: Translator,
): string {
  if (result === "closed")
    return t ? t("herCancel.resultClosed") : "This subscription was already canceled or closed. Nothing more will be charged.";
  if (result === "ending" && facts.lastBillingAt) {
    const date = formatEmailDate(facts.lastBillingAt, t);
    const amount = formatCents(facts.renewalCents);
    return t
      ? t("herCancel.resultEnding", { date, amount })
      : `Your subscription is canceled. Your next billing date, ${date}, was less than 72 hours away, so, as the terms say, that renewal of ${amount} is still billed. After it, nothing more will be charged.`;
  }
  if (before === "on_hold") {
    const hold = formatCents(facts.firstPeriodCents);
    return t
      ? t("herCancel.resultOnHold", { hold })
      : `Your order is canceled. We released the ${hold} hold on your card; nothing was charged. Depending on your bank, the hold leaves your statement within 5 to 10 business days.`;
  }
  if (before === "hold_expired") {
    return t ? t("herCancel.resultHoldExpired") : "Your order is canceled. The hold on your card had already ended; nothing was charged.";
  }
  if (before === "active") {
    return t
      ? t("herCancel.resultActive")
      : "Your subscription is canceled. No further renewal will be billed: nothing more will be charged.";
  }
  return t
    ? t("herCancel.resultPastDue")
    : "Your subscription is canceled. The payment that was due will not be taken, and nothing more will be charged.";
}
