// Money given back (spec section 9: "Payments are not refunded once charged, unless you are
// medically disqualified from the treatment"; the owner may refund for other reasons too).
// Pure: what a payment may still give back, and how much a refund may be. The service
// (app/server/subscriptions/refunds.server.ts) sets the amount aside in one conditional
// statement, so these rules hold however many people press at once.
import { formatCents } from "./cart";

/** Every movement of her money, as subscription_payments keeps it. */
export const paymentKinds = ["hold", "capture", "release", "charge", "refund"] as const;
export type PaymentKind = (typeof paymentKinds)[number];

/** The reasons the owner chooses from (a refund made in Stripe's Dashboard is not chosen here). */
export const chosenRefundReasons = ["medically_disqualified", "service_problem", "goodwill", "duplicate", "other"] as const;
export type ChosenRefundReason = (typeof chosenRefundReasons)[number];

export const refundReasons = [...chosenRefundReasons, "made_at_gateway"] as const;
export type RefundReason = (typeof refundReasons)[number];

export const refundReasonLabels: Record<RefundReason, string> = {
  medically_disqualified: "Medically disqualified",
  service_problem: "Service problem",
  goodwill: "Goodwill",
  duplicate: "Duplicate",
  other: "Other",
  made_at_gateway: "Made in Stripe's Dashboard",
};

/** A note with "Other": required, and at most this long. */
export const refundNoteMaxLength = 500;

/** A payment money can be given back from: a paid capture or charge. */
export function isRefundable(payment: { kind: PaymentKind; status: string }): boolean {
  return (payment.kind === "capture" || payment.kind === "charge") && payment.status === "succeeded";
}

/** What is left to refund of a payment of `paidCents` of which `refundedCents` are refunded or being refunded. */
export function refundableCents(paidCents: number, refundedCents: number): number {
  return Math.max(0, paidCents - refundedCents);
}

export type RefundCheck = { ok: true } | { ok: false; message: string };

/** Whether `amountCents` may be refunded when `leftCents` are left: whole cents, more than none, never more than is left. */
export function checkRefundAmount(amountCents: number, leftCents: number): RefundCheck {
  if (leftCents <= 0) return { ok: false, message: "Nothing is left to refund of this payment." };
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return { ok: false, message: "Enter an amount of at least $0.01." };
  if (amountCents > leftCents) return { ok: false, message: refundTooMuchMessage(leftCents) };
  return { ok: true };
}

export function refundTooMuchMessage(leftCents: number): string {
  return `At most ${formatCents(leftCents)} is left to refund of this payment.`;
}

/**
 * An amount as the owner types it ("12", "12.5", "$12.50", "1,200.00") in cents, or
 * undefined when it is not an amount of dollars and cents.
 */
export function readDollarAmount(typed: string): number | undefined {
  const text = typed
    .trim()
    .replace(/^\$/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return undefined;
  const [dollars, cents = ""] = text.split(".");
  return Number(dollars) * 100 + Number(cents.padEnd(2, "0"));
}
