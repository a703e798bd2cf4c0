// Chargebacks, from Stripe's charge.dispute.* webhooks or the sandbox's dispute card, recorded
// once however often told: row, line and provider event in one transaction, the line and event
// only when the row changed (app/funnel/disputes.ts says which closures are won). No email: her
// bank has told her. Also the console's dispute lists.
import { disputeOutcome, disputeReasonLabel, disputeStatusLabel, isClosedDispute, needsResponse } from "../../funnel/disputes";
import type { MoneyBackEvent } from "../../funnel/subscription-life";
import { database } from "../db/client.server";
import { disputesNeedingResponse, disputesOf, writeDispute, type DisputeRow } from "../db/stores/disputes.server";
import { enqueueOutboxMessage } from "../db/stores/outbox.server";
import { findSubscription, noteOnTimeline, paidPaymentByReference, referencesOf } from "../db/stores/subscriptions.server";
import { log } from "../log.server";
import type { DisputeFacts, PaymentGateway } from "../payments/gateway.server";
import { withOutbox } from "../outbox/with-outbox.server";
import { lifecycleNow } from "./clock.server";
import { orderEventMessage } from "./order-events.server";

export type DisputeRecorded =
  /** When it came already closed, closed too. */
  | "opened"
  | "closed"
  /** Under review: the row only. */
  | "changed"
  /** Nothing written. */
  | "unchanged"
  /** Another product on the same Stripe account. */
  | "unknown payment";

export async function recordDispute(facts: DisputeFacts): Promise<DisputeRecorded> {
  const payment = await paidPaymentByReference(await database(), facts.paymentReference);
  // The embedded engine runs one statement at a time: read before the transaction.
  const subscription = payment ? await findSubscription(payment.subscriptionId) : undefined;
  if (!payment || !subscription) return "unknown payment";
  const at = await lifecycleNow();
  return withOutbox(async (tx) => {
    const { before, after } = await writeDispute(tx, {
      id: facts.id,
      subscriptionId: subscription.id,
      paymentId: payment.id,
      amountCents: facts.amountCents,
      reason: facts.reason,
      status: facts.status,
      evidenceDueBy: facts.evidenceDueBy,
      at,
    });
    if (!after) return "unchanged";
    const lines: MoneyBackEvent[] = before === undefined ? ["dispute_opened"] : [];
    const outcome = disputeOutcome(after.status);
    if (outcome) lines.push(outcome === "won" ? "dispute_won" : "dispute_lost");
    for (const event of lines) {
      const told = { amount_cents: after.amountCents, period: payment.period, reason: after.reason };
      await noteOnTimeline(tx, subscription.id, event, at, { ...told, status: after.status, message: disputeReasonLabel(after.reason) });
      await enqueueOutboxMessage(tx, orderEventMessage(subscription, event, at, told));
    }
    if (before === undefined) return "opened";
    return outcome ? "closed" : "changed";
  });
}

/** Sandbox disputes told as Stripe's webhook would; one that fails stays untold for the next round. */
export async function recordDisputeNews(gateway: PaymentGateway): Promise<number> {
  if (!gateway.disputeNews || !gateway.disputeTold) return 0;
  let recorded = 0;
  for (const facts of await gateway.disputeNews()) {
    try {
      const outcome = await recordDispute(facts);
      await gateway.disputeTold(facts.id, facts.status);
      if (outcome !== "unchanged" && outcome !== "unknown payment") recorded++;
    } catch (error) {
      log.error({ dispute: facts.id, error: error instanceof Error ? error.name : "unknown" }, "dispute not recorded");
    }
  }
  return recorded;
}

/** Words for Stripe's reason and status, times as ISO text. */
export interface DisputeLine {
  id: string;
  reason: string;
  amountCents: number;
  status: string;
  needsResponse: boolean;
  outcome: "won" | "lost" | null;
  respondBy: string | null;
  openedAt: string;
  closedAt: string | null;
}

export function disputeLine(row: DisputeRow): DisputeLine {
  const outcome = isClosedDispute(row.status) ? (disputeOutcome(row.status) ?? null) : null;
  return {
    id: row.id,
    reason: disputeReasonLabel(row.reason),
    amountCents: row.amountCents,
    status: disputeStatusLabel(row.status),
    needsResponse: needsResponse(row.status),
    outcome,
    respondBy: row.evidenceDueBy?.toISOString() ?? null,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** Newest first. */
export async function disputeLinesOf(subscriptionId: string): Promise<DisputeLine[]> {
  return (await disputesOf(subscriptionId)).map(disputeLine);
}

export const disputesListed = 20;

export interface DisputeToAnswerLine extends DisputeLine {
  orderReference: string;
}

/** Nearest deadline first, with how many in all. */
export async function disputesToAnswer(limit = disputesListed): Promise<{ total: number; list: DisputeToAnswerLine[] }> {
  const { rows, total } = await disputesNeedingResponse(limit);
  const references = await referencesOf([...new Set(rows.map((dispute) => dispute.subscriptionId))]);
  return {
    total,
    list: rows.map((dispute) => ({ ...disputeLine(dispute), orderReference: references.get(dispute.subscriptionId) ?? "" })),
  };
}
