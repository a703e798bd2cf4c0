// The medical team's queue: every order whose hold waits for a decision, the one that has
// waited longest first, with no more of her than the clinical view shows (first name and last
// initial, her state) and no money.
import { plans } from "../../funnel/plans";
import { clinicalFactsOf } from "../db/stores/orders.server";
import { listAwaitingDecision } from "../db/stores/subscriptions.server";
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
      return { reference: row.reference, name: herName(fact), state: stateName(fact?.state), plan: plans[row.plan].label, hold: reviewHold(row, now) };
    }),
    total,
    pageCount: Math.max(1, Math.ceil(total / reviewsPageSize)),
  };
}
