// Chargebacks: what Stripe's charge.dispute.* webhooks, or the sandbox's dispute card on the
// lifecycle round, tell of a dispute, recorded once however often it is told. The dispute's
// row, its timeline line and the provider's event are written in one transaction, and the
// line and the event only when the row changed: a new dispute is "dispute_opened", one that
// closes is "dispute_won" or "dispute_lost" (app/funnel/disputes.ts says which closures count
// as won). She gets no email: the dispute is between her and her bank, which has told her.
// Also what the console shows of disputes: an order's, and those waiting for our response.
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
  /** New: opened (and, when it came already closed, closed too). */
  | "opened"
  /** Closed now: won or lost. */
  | "closed"
  /** Its status moved without closing (under review): the row only. */
  | "changed"
  /** Told before, or closed already: nothing written. */
  | "unchanged"
  /** Not a payment of ours (another product on the same Stripe account). */
  | "unknown payment";

export async function recordDispute(facts: DisputeFacts): Promise<DisputeRecorded> {
  const payment = await paidPaymentByReference(await database(), facts.paymentReference);
  // Read before the transaction: the embedded engine runs one statement at a time, and a
  // read outside an open transaction would wait for it.
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

/**
 * The lifecycle round's part with the sandbox: each dispute it opened or changed since it last
 * told us (as Stripe's webhook would), recorded, then marked told. One that fails to record
 * stays untold and is told again next round. Stripe tells its own through the webhook.
 */
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

/** A dispute as the console shows it: words for Stripe's reason and status, times as ISO text. */
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

/** An order's disputes for its page, the newest first. */
export async function disputeLinesOf(subscriptionId: string): Promise<DisputeLine[]> {
  return (await disputesOf(subscriptionId)).map(disputeLine);
}

/** How many disputes the console's home page lists. */
export const disputesListed = 20;

export interface DisputeToAnswerLine extends DisputeLine {
  orderReference: string;
}

/** Disputes whose bank waits for our evidence, the nearest deadline first, with how many in all. */
export async function disputesToAnswer(limit = disputesListed): Promise<{ total: number; list: DisputeToAnswerLine[] }> {
  const { rows, total } = await disputesNeedingResponse(limit);
  const references = await referencesOf([...new Set(rows.map((dispute) => dispute.subscriptionId))]);
  return {
    total,
    list: rows.map((dispute) => ({ ...disputeLine(dispute), orderReference: references.get(dispute.subscriptionId) ?? "" })),
  };
}
