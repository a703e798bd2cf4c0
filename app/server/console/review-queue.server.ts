// The medical team's queue: every order whose hold waits for a decision, the one that has
// waited longest first, with no more of her than the clinical view shows (first name and last
// initial, her state) and no money. Beside it "Find an order": any order, waiting or not, by
// its reference, so a running one can be opened to end it as medically disqualified.
import { findAnOrderMessages, readTypedReference, referenceSearchDetail } from "../../funnel/find-an-order";
import { plans } from "../../funnel/plans";
import { clinicalFactsOf } from "../db/stores/orders.server";
import type { StaffMemberRow } from "../db/stores/staff-members.server";
import { findSubscriptionByReference, listAwaitingDecision } from "../db/stores/subscriptions.server";
import { actorOf, audit } from "../staff/audit.server";
import { herName, reviewHold, stateName, type ReviewHold } from "./clinical-view.server";

export const reviewsPageSize = 50;

export interface ReviewLine {
  reference: string;
  name: string;
  state: string;
  plan: string;
  hold: ReviewHold;
}

export interface ReviewQueuePage {
  lines: ReviewLine[];
  total: number;
  pageCount: number;
}

export async function reviewQueuePage(page: number, now: Date): Promise<ReviewQueuePage> {
  const { rows, total } = await listAwaitingDecision(page, reviewsPageSize);
  const facts = new Map((await clinicalFactsOf(rows.map((row) => row.orderId))).map((fact) => [fact.orderId, fact]));
  return {
    lines: rows.map((row) => {
      const fact = facts.get(row.orderId);
      return {
        reference: row.reference,
        name: herName(fact),
        state: stateName(fact?.state),
        plan: plans[row.plan].label,
        hold: reviewHold(row, now),
      };
    }),
    total,
    pageCount: Math.max(1, Math.ceil(total / reviewsPageSize)),
  };
}

export type FoundOrder = { kind: "order"; reference: string } | { kind: "refused"; message: string; status: 400 | 404 };

/**
 * The order `typed` is the reference of, or why not. Each search of a readable reference is
 * audited as the customer finder's are, by how it searched; the reference is kept only when an
 * order has it (a reference nobody has is no order's, and the log keeps nothing else typed).
 */
export async function findOrderForReview(request: Request, staff: StaffMemberRow, typed: string): Promise<FoundOrder> {
  const reading = readTypedReference(typed);
  if (reading.kind === "refused") return { kind: "refused", message: reading.message, status: 400 };
  const found = await findSubscriptionByReference(reading.reference);
  await audit(request, actorOf(staff), "customer-searched", { orderReference: found?.reference, detail: referenceSearchDetail });
  return found ? { kind: "order", reference: found.reference } : { kind: "refused", message: findAnOrderMessages.notFound, status: 404 };
}
