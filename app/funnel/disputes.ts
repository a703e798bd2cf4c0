// Chargebacks in words (Stripe's Dispute object: its reason and status), and what each status
// means for us: still open, needing a response by its deadline, or closed won or lost. Pure:
// the console's flags and the service that records what Stripe or the sandbox tells share it.

/** Stripe's statuses that end a dispute. */
export const closedDisputeStatuses = ["won", "lost", "warning_closed", "charge_refunded"] as const;

/** Statuses in which the bank waits for our evidence, by the dispute's deadline. */
export const respondableDisputeStatuses = ["needs_response", "warning_needs_response"] as const;

export function isClosedDispute(status: string): boolean {
  return (closedDisputeStatuses as readonly string[]).includes(status);
}

export function needsResponse(status: string): boolean {
  return (respondableDisputeStatuses as readonly string[]).includes(status);
}

/**
 * How a closed dispute ended for the money: lost when the bank kept it for her; won otherwise.
 * An inquiry closed without becoming a chargeback (warning_closed) took no money, and one
 * closed because the payment was refunded (charge_refunded) is counted once, as the refund:
 * counting it lost as well would take the same money off twice.
 */
export function disputeOutcome(status: string): "won" | "lost" | undefined {
  if (!isClosedDispute(status)) return undefined;
  return status === "lost" ? "lost" : "won";
}

const reasonLabels: Record<string, string> = {
  bank_cannot_process: "Her bank cannot process it",
  check_returned: "Check returned",
  credit_not_processed: "Refund not processed",
  customer_initiated: "She asked her bank",
  debit_not_authorized: "Debit not authorised",
  duplicate: "Duplicate",
  fraudulent: "Fraudulent",
  general: "General",
  incorrect_account_details: "Incorrect account details",
  insufficient_funds: "Insufficient funds",
  noncompliant: "Not compliant",
  product_not_received: "Product not received",
  product_unacceptable: "Product unacceptable",
  subscription_canceled: "Subscription cancelled",
  unrecognized: "Unrecognised",
};

const statusLabels: Record<string, string> = {
  warning_needs_response: "Inquiry: needs a response",
  warning_under_review: "Inquiry: under review",
  warning_closed: "Inquiry closed",
  needs_response: "Needs a response",
  under_review: "Under review",
  won: "Won",
  lost: "Lost",
  charge_refunded: "Closed: the payment was refunded",
};

/** A word Stripe added after this list was written, read out as words. */
function asWords(word: string): string {
  const text = word.replace(/_/g, " ").trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : "Not given";
}

/** "fraudulent" → "Fraudulent". */
export function disputeReasonLabel(reason: string): string {
  return Object.hasOwn(reasonLabels, reason) ? reasonLabels[reason]! : asWords(reason);
}

/** "needs_response" → "Needs a response". */
export function disputeStatusLabel(status: string): string {
  return Object.hasOwn(statusLabels, status) ? statusLabels[status]! : asWords(status);
}

/** Stripe's words for reasons and statuses: lower case and underscores, short. */
export const disputeWordPattern = /^[a-z][a-z_]{0,59}$/;
