// The sandbox's disputes, as Stripe's test mode opens them for its dispute test card
// (4000 0000 0000 0259): each payment taken from the card (a captured hold, a charge without
// her) is disputed at once as fraudulent, with 7 days on the sandbox clock to answer. Stripe
// would tell the app by its webhook; the sandbox tells it on the lifecycle round instead
// (disputeNews), until the app says it heard (disputeTold). A dispute nobody answers by its
// date is lost, as at Stripe.
import { createHash } from "node:crypto";
import { and, eq, isNull, lte, ne, or } from "drizzle-orm";
import { database } from "../db/client.server";
import { sandboxDisputes } from "../db/schema.server";
import { sandboxNow } from "../db/stores/sandbox-clock.server";
import type { DisputeFacts } from "./gateway.server";

/** How long the sandbox gives to answer a dispute (Stripe gives about a week in test mode). */
export const sandboxEvidenceDays = 7;

/** How many disputes one round is told of; the rest are told on the next. */
const newsBatch = 100;

const dayMs = 24 * 60 * 60 * 1000;

/** A dispute's reference: from the payment's, so a payment is disputed at most once. */
export function sandboxDisputeReference(paymentReference: string): string {
  const digest = createHash("sha256").update(`sandbox-dispute:${paymentReference}`).digest("hex");
  return `sandbox_dp_${digest.slice(0, 24)}`;
}

/** Opens the dispute of a payment taken from the dispute card, once (a repeat writes nothing). */
export async function openSandboxDispute(paymentReference: string, amountCents: number): Promise<void> {
  const at = await sandboxNow();
  await (
    await database()
  )
    .insert(sandboxDisputes)
    .values({
      reference: sandboxDisputeReference(paymentReference),
      paymentReference,
      amountCents,
      reason: "fraudulent",
      status: "needs_response",
      evidenceDueBy: new Date(at.getTime() + sandboxEvidenceDays * dayMs),
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing();
}

/**
 * The disputes the app has not heard in their present state, oldest first. Those still
 * waiting for a response whose date has passed on the sandbox clock are lost first.
 */
export async function sandboxDisputeNews(): Promise<DisputeFacts[]> {
  const db = await database();
  const now = await sandboxNow();
  await db
    .update(sandboxDisputes)
    .set({ status: "lost", updatedAt: now })
    .where(and(eq(sandboxDisputes.status, "needs_response"), lte(sandboxDisputes.evidenceDueBy, now)));
  const rows = await db
    .select()
    .from(sandboxDisputes)
    .where(or(isNull(sandboxDisputes.toldStatus), ne(sandboxDisputes.toldStatus, sandboxDisputes.status)))
    .orderBy(sandboxDisputes.createdAt, sandboxDisputes.reference)
    .limit(newsBatch);
  return rows.map((row) => ({
    id: row.reference,
    paymentReference: row.paymentReference,
    amountCents: row.amountCents,
    reason: row.reason,
    status: row.status,
    evidenceDueBy: row.evidenceDueBy,
  }));
}

/** The app heard the dispute in `status`: not told again until it changes. */
export async function sandboxDisputeTold(reference: string, status: string): Promise<void> {
  await (await database()).update(sandboxDisputes).set({ toldStatus: status }).where(eq(sandboxDisputes.reference, reference));
}
