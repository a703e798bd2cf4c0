// What the console's order pages show: facts, timeline and payments for everyone who may open
// orders; her details and emails only for the roles that need them (the caller checks, and
// audits each view). Never a health answer. Times on the lifecycle clock, as ISO text.
import { herCancelReasonLabels, knownCancelReason, noReasonLabel } from "../../funnel/cancel-reasons";
import { amountAndCadence } from "../../funnel/emails";
import { deletedAtHerRequest } from "../../funnel/her-erasure";
import { planChangeAhead } from "../../funnel/plan-change";
import { plans } from "../../funnel/plans";
import { refundReasonLabels } from "../../funnel/refunds";
import { variantLabels } from "../../funnel/variant";
import { awaitingReviewStates, holdExpiresSoon, subscriptionEventLabels, subscriptionStateLabels } from "../../funnel/subscription-life";
import type { CustomerOrder } from "../db/stores/orders.server";
import type { StoredEmail } from "../db/stores/stored-emails.server";
import type { SubscriptionEventRow, SubscriptionPaymentRow, SubscriptionRow } from "../db/stores/subscriptions.server";
import type { KeptEmailReader } from "./kept-emails.server";

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
  /** Within 24 hours, undecided. */
  holdExpiresSoon: boolean;
}

/** A decision recorded but not yet settled is not awaiting. */
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
  decision: { text: string; at: string | null; note: string | null } | null;
}

/** "owner" stands for any console decision (the audit log names the person). */
const deciders: Record<NonNullable<SubscriptionRow["decidedBy"]>, string> = {
  provider: "by the provider",
  owner: "in the console",
  "embedded provider": "by the embedded provider",
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
          text: `${decision === "approved" ? "Approved" : "Declined"}${subscription.decidedBy ? ` ${deciders[subscription.decidedBy]}` : ""}`,
          at: subscription.decidedAt?.toISOString() ?? null,
          note: subscription.decisionMessage,
        }
      : null,
  };
}

export interface OrderChanges {
  /** Waiting behind a fixed renewal, or from her next billing date. */
  planChange: { text: string; at: string; price: string } | null;
  /** Once cancelled: the reason's label, or that none was given. */
  cancelReason: string | null;
  /** For the roles that may read her details (null for the others). */
  cancelNote: string | null;
  /** For the same roles. */
  cancelForHerNote: string | null;
}

export function orderChanges(subscription: SubscriptionRow, events: readonly SubscriptionEventRow[], seesHerWords: boolean): OrderChanges {
  const ahead = planChangeAhead(subscription, events);
  const reason = knownCancelReason(subscription.cancelReason);
  return {
    planChange: ahead
      ? { text: `Changes to ${plans[ahead.plan].label} on`, at: ahead.at.toISOString(), price: amountAndCadence(ahead.cents, ahead.plan) }
      : null,
    cancelReason: subscription.cancelledAt === null ? null : reason ? herCancelReasonLabels[reason] : noReasonLabel,
    cancelNote: seesHerWords ? subscription.cancelReasonNote : null,
    cancelForHerNote: seesHerWords ? subscription.cancelForHerNote : null,
  };
}

export interface TimelineEntry {
  id: number;
  at: string;
  label: string;
  detail: {
    amountCents?: number;
    period?: number;
    attempt?: number;
    message?: string;
    holdExpiredAt?: string;
    holdAlreadyExpired?: boolean;
  };
}

export function timelineEntry(event: SubscriptionEventRow): TimelineEntry {
  const detail = event.detail ?? {};
  const number = (key: string) => (typeof detail[key] === "number" ? detail[key] : undefined);
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
  /** A paid capture or charge: the cents of it refunded or being refunded. */
  refundedCents: number;
  /** With the owner's note after Other (shown here, never in the audit log). */
  reason: string | null;
}

const statuses: Record<SubscriptionPaymentRow["status"], string> = { succeeded: "Succeeded", failed: "Failed", pending: "Pending" };

const kinds: Record<SubscriptionPaymentRow["kind"], string> = {
  hold: "Hold",
  capture: "Capture",
  release: "Release",
  charge: "Charge",
  refund: "Refund",
};

export function paymentLine(payment: SubscriptionPaymentRow): PaymentLine {
  return {
    id: payment.id,
    kind: kinds[payment.kind],
    period: payment.period,
    // A refund is pending while the gateway has not answered: never shown as failed.
    status: statuses[payment.status],
    amountCents: payment.amountCents,
    gatewayReference: payment.gatewayReference,
    failureMessage: payment.failureMessage,
    at: payment.at.toISOString(),
    refundedCents: payment.refundedCents,
    reason: payment.reason
      ? payment.note
        ? `${refundReasonLabels[payment.reason]}: ${payment.note}`
        : refundReasonLabels[payment.reason]
      : null,
  };
}

/** "" for what the order does not hold. */
export interface HerDetails {
  name: string;
  email: string;
  phone: string;
  /** The shipping address, a line each; empty when the order holds none. */
  address: string[];
}

/** Defensively: the body is JSON kept as sent. */
function textOf(source: unknown, key: string): string {
  const value = source && typeof source === "object" ? (source as Record<string, unknown>)[key] : undefined;
  return typeof value === "string" ? value.trim() : "";
}

const joined = (...parts: string[]) => parts.filter((part) => part !== "").join(" ");

const erasedDetails: HerDetails = {
  name: deletedAtHerRequest,
  email: deletedAtHerRequest,
  phone: deletedAtHerRequest,
  address: [deletedAtHerRequest],
};

export function herDetails(body: Record<string, unknown>, erased = false): HerDetails {
  if (erased) return erasedDetails;
  const customer = body.customer;
  const address = body.shippingAddress;
  const town = [textOf(address, "city"), joined(textOf(address, "state"), textOf(address, "zipCode"))]
    .filter((part) => part !== "")
    .join(", ");
  return {
    name: joined(textOf(customer, "firstName"), textOf(customer, "lastName")),
    email: textOf(customer, "email"),
    phone: textOf(customer, "phone"),
    address: [textOf(address, "addressLine1"), textOf(address, "addressLine2"), town].filter((line) => line !== ""),
  };
}

export interface CustomerMatchLine {
  reference: string;
  name: string;
  plan: string;
  stateLabel: string;
  placedAt: string;
}

export function customerMatchLine(order: CustomerOrder, subscription: SubscriptionRow): CustomerMatchLine {
  return {
    reference: subscription.reference,
    name: subscription.erasedAt !== null ? deletedAtHerRequest : joined((order.firstName ?? "").trim(), (order.lastName ?? "").trim()),
    plan: plans[subscription.plan].label,
    stateLabel: subscriptionStateLabels[subscription.state],
    placedAt: subscription.holdPlacedAt.toISOString(),
  };
}

export interface HerEmailLine {
  id: number;
  subject: string;
  sentAt: string;
  text: string;
}

/** Her links whole, or as markers, as `reader` may read them. */
export function herEmailLine(email: StoredEmail, reader: KeptEmailReader): HerEmailLine {
  return { id: email.id, subject: email.subject, sentAt: email.createdAt.toISOString(), text: reader.text(email.text) };
}
