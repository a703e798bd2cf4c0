// "Medically disqualified" pressed in the console, by the owner on the order's page or by a
// clinician on the clinical view: the plan ended by `disqualify`, with its audit row in the
// transition's own transaction (so only the press that ended it is logged), and what the page
// then says. The log names the order and the state it ended from; the note, her clinical
// record, stays on the subscription. The notice names no amount: a clinician sees no money
// (the owner reads the amounts in the order's payments).
import { auditDetail, labelOf } from "../../funnel/audit";
import { subscriptionStateLabels } from "../../funnel/subscription-life";
import type { StaffMemberRow } from "../db/stores/staff-members.server";
import type { SubscriptionRow } from "../db/stores/subscriptions.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { actorOf, audit } from "../staff/audit.server";
import type { ConsoleNotice } from "../staff/staff-session.server";
import { disqualify, type DisqualifyOutcome } from "../subscriptions/disqualify.server";
import type { RefundOutcome } from "../subscriptions/refunds.server";

export async function disqualifyFromConsole(
  request: Request,
  staff: StaffMemberRow,
  gateway: PaymentGateway,
  subscription: SubscriptionRow,
  note: string,
): Promise<DisqualifyOutcome> {
  const detail = auditDetail`From: ${labelOf(subscriptionStateLabels, subscription.state)}`;
  return disqualify(gateway, subscription, {
    note,
    alsoRecord: (tx) => audit(request, actorOf(staff), "medically-disqualified", { orderReference: subscription.reference, detail }, tx),
  });
}

/** What became of her money, in a sentence after "Ended: medically disqualified." */
function moneyText(refund: RefundOutcome | undefined, released: boolean | undefined): string {
  if (released) return "Her hold was released: nothing was charged.";
  if (!refund) return "Nothing had been charged, so nothing is refunded.";
  switch (refund.status) {
    case "refunded":
      return "Her most recent payment is refunded in full.";
    case "pending":
      return "The refund of her most recent payment is on its way: the payment service has not answered yet; it is tried again in a minute.";
    case "refused":
      return `The payment service refused the refund of her most recent payment (“${refund.message}”). An owner can refund it from the order's page.`;
    case "too_much":
    case "not_refundable":
      return "Her most recent payment had already been refunded, so nothing more is refunded.";
  }
}

export function disqualifyNotice(reference: string, outcome: Exclude<DisqualifyOutcome, { status: "busy" }>): ConsoleNotice {
  if (outcome.status === "closed") {
    return {
      tone: "info",
      text: `${reference} had already ended. Nothing changed: the order is ${subscriptionStateLabels[outcome.subscription.state]}.`,
    };
  }
  return {
    tone: "success",
    text: `Ended ${reference}: medically disqualified. ${moneyText(outcome.refund, outcome.released)} She was emailed.`,
  };
}
