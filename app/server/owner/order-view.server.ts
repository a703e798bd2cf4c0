// What the owner's console shows of an order, read from its subscription: never a name, an
// email, a phone number or a health answer (the console does not need them to run the
// orders), and every time on the lifecycle clock, as ISO text for the page.
import { plans } from "../../funnel/plans";
import { variantLabels } from "../../funnel/variant";
import { awaitingReviewStates, holdExpiresSoon, subscriptionEventLabels, subscriptionStateLabels } from "../../funnel/subscription-life";
import type { SubscriptionEventRow, SubscriptionPaymentRow, SubscriptionRow } from "../db/stores/subscriptions.server";

export interface OrderLine {
  reference: string;
  placedAt: string;
  plan: string;
  firstPeriodCents: number;
  renewalCents: number;
  state: SubscriptionRow["state"];
  stateLabel: string;
  variant: string;
  holdExpiresAt: string;
  /** The hold lapses within 24 hours and nobody has decided. */
  holdExpiresSoon: boolean;
}


/** Awaiting the medical team's decision (a decision recorded but not yet settled is not). */
export function awaitsDecision(subscription: SubscriptionRow): boolean {
  return subscription.decision === null && awaitingReviewStates.includes(subscription.state);
}

export function orderLine(subscription: SubscriptionRow, now: Date): OrderLine {
  return {
    reference: subscription.reference,
    placedAt: subscription.holdPlacedAt.toISOString(),
    plan: plans[subscription.plan].label,
    firstPeriodCents: subscription.firstPeriodCents,
    renewalCents: subscription.renewalCents,
    state: subscription.state,
    stateLabel: subscriptionStateLabels[subscription.state],
    variant: variantLabels[subscription.variant],
    holdExpiresAt: subscription.holdExpiresAt.toISOString(),
    holdExpiresSoon: subscription.state === "on_hold" && awaitsDecision(subscription) && holdExpiresSoon(subscription.holdExpiresAt, now),
  };
}

export interface OrderDetails extends OrderLine {
  planCadence: string;
  gateway: string;
  nextBillingAt: string | null;
  periodsPaid: number;
  decision: { text: string; at: string | null; message: string | null } | null;
}

const deciders: Record<NonNullable<SubscriptionRow["decidedBy"]>, string> = {
  provider: "the provider",
  owner: "the owner",
  "embedded provider": "the embedded provider",
};

export function orderDetails(subscription: SubscriptionRow, now: Date): OrderDetails {
  const decision = subscription.decision;
  return {
    ...orderLine(subscription, now),
    planCadence: plans[subscription.plan].cadence,
    gateway: subscription.gateway === "stripe" ? "Stripe" : "Sandbox",
    nextBillingAt: subscription.nextBillingAt?.toISOString() ?? null,
    periodsPaid: subscription.periodsPaid,
    decision: decision
      ? {
          text: `${decision === "approved" ? "Approved" : "Declined"}${subscription.decidedBy ? ` by ${deciders[subscription.decidedBy]}` : ""}`,
          at: subscription.decidedAt?.toISOString() ?? null,
          message: subscription.decisionMessage,
        }
      : null,
  };
}

export interface TimelineEntry {
  id: number;
  at: string;
  label: string;
  /** Amounts, period, try and the gateway's words, each as the page shows them. */
  detail: { amountCents?: number; period?: number; attempt?: number; message?: string; holdExpiredAt?: string; holdAlreadyExpired?: boolean };
}

export function timelineEntry(event: SubscriptionEventRow): TimelineEntry {
  const detail = event.detail ?? {};
  const number = (key: string) => (typeof detail[key] === "number" ? (detail[key] as number) : undefined);
  const expiredAt = typeof detail.hold_expired_at === "string" ? detail.hold_expired_at : undefined;
  return {
    id: event.id,
    at: event.at.toISOString(),
    label: subscriptionEventLabels[event.event] ?? event.event,
    detail: {
      amountCents: number("amount_cents"),
      period: number("period"),
      attempt: number("attempt"),
      message: typeof detail.message === "string" ? detail.message : undefined,
      holdExpiredAt: expiredAt,
      holdAlreadyExpired: detail.hold === "already expired" || undefined,
    },
  };
}

export interface PaymentLine {
  id: number;
  kind: string;
  period: number;
  status: string;
  amountCents: number;
  gatewayReference: string | null;
  failureMessage: string | null;
  at: string;
}

const kinds: Record<SubscriptionPaymentRow["kind"], string> = { hold: "Hold", capture: "Capture", release: "Release", charge: "Charge" };

export function paymentLine(payment: SubscriptionPaymentRow): PaymentLine {
  return {
    id: payment.id,
    kind: kinds[payment.kind],
    period: payment.period,
    status: payment.status === "succeeded" ? "Succeeded" : "Failed",
    amountCents: payment.amountCents,
    gatewayReference: payment.gatewayReference,
    failureMessage: payment.failureMessage,
    at: payment.at.toISOString(),
  };
}
