// What a clinician sees of an order: enough to decide, nothing to reach her or to bill her.
// Her first name and last initial, the state she ships to (where she may be prescribed), her
// questionnaire answers in words, the medications and the plan she chose; never her email,
// phone, address, ZIP, full last name or any amount. Her last name leaves the database as its
// first letter only (`clinicalFactsOf` in the orders store).
import { deletedAtHerRequest } from "../../funnel/her-erasure";
import { plans } from "../../funnel/plans";
import { concernOptions, motivationOptions } from "../../funnel/questionnaire";
import { holdExpiresSoon, subscriptionStateLabels } from "../../funnel/subscription-life";
import { usStates } from "../../funnel/us-states";
import { findFunnelRecord } from "../db/stores/funnel-records.server";
import { clinicalFactsOf, type ClinicalOrderFacts } from "../db/stores/orders.server";
import type { SubscriptionRow } from "../db/stores/subscriptions.server";
import { awaitsDecision } from "./order-view.server";

/** "Jane D.": how the medical team names her. */
export function herName(facts: ClinicalOrderFacts | undefined): string {
  if (!facts?.firstName) return "Name not recorded";
  return facts.lastInitial ? `${facts.firstName} ${facts.lastInitial}.` : facts.firstName;
}

const stateNames = new Map<string, string>(usStates);

/** "Oregon" for OR; a state we do not know is shown as it was given. */
export function stateName(code: string | null | undefined): string {
  if (!code) return "Not recorded";
  return stateNames.get(code.toUpperCase()) ?? code;
}

/** Said in words beside the hold's expiry, never by colour alone. */
export const holdWarnings = { soon: "Hold lapses soon", lapsed: "Hold lapsed" } as const;

export interface ReviewHold {
  placedAt: string;
  expiresAt: string;
  /** Waiting for a decision while the hold lapses within 24 hours: the row is marked too. */
  lapsesSoon: boolean;
  /** What is said beside the expiry, or null when nothing needs saying. */
  warning: (typeof holdWarnings)[keyof typeof holdWarnings] | null;
}

export function reviewHold(subscription: SubscriptionRow, now: Date): ReviewHold {
  const waiting = awaitsDecision(subscription);
  // An on-hold order past its time has lapsed, though the worker may not have marked it yet.
  const lapsed = waiting && (subscription.state === "hold_expired" || now >= subscription.holdExpiresAt);
  const soon = waiting && !lapsed && holdExpiresSoon(subscription.holdExpiresAt, now);
  return {
    placedAt: subscription.holdPlacedAt.toISOString(),
    expiresAt: subscription.holdExpiresAt.toISOString(),
    lapsesSoon: soon,
    warning: lapsed ? holdWarnings.lapsed : soon ? holdWarnings.soon : null,
  };
}

const motivationLabels = new Map<string, string>(motivationOptions.map((option) => [option.code, option.label]));
const concernLabels = new Map<string, string>(concernOptions.map((option) => [option.code, option.label]));

/** Her answers as she read them; a code we no longer offer is left out rather than shown raw. */
function inWords(codes: readonly string[] | undefined, labels: Map<string, string>): string[] {
  return (codes ?? []).flatMap((code) => {
    const label = labels.get(code);
    return label ? [label] : [];
  });
}

export interface ClinicalView {
  reference: string;
  name: string;
  state: string;
  orderState: string;
  plan: string;
  cadence: string;
  hold: ReviewHold;
  /** "Reason you are here today": the welcome question. */
  motivations: string[];
  /** Her concerns about HRT: the second question. */
  concerns: string[];
  medications: ClinicalOrderFacts["medications"];
  decision: { text: string; at: string | null; note: string | null } | null;
  awaitsDecision: boolean;
}

export async function clinicalView(subscription: SubscriptionRow, now: Date): Promise<ClinicalView> {
  const [[facts], record] = await Promise.all([clinicalFactsOf([subscription.orderId]), findFunnelRecord(subscription.responderUuid)]);
  const plan = plans[subscription.plan];
  return {
    reference: subscription.reference,
    name: subscription.erasedAt !== null ? deletedAtHerRequest : herName(facts),
    state: stateName(facts?.state),
    orderState: subscriptionStateLabels[subscription.state],
    plan: plan.label,
    cadence: plan.cadence,
    hold: reviewHold(subscription, now),
    motivations: inWords(record?.reasonYouAreHereToday, motivationLabels),
    concerns: inWords(record?.concernsAboutHrt, concernLabels),
    medications: facts?.medications ?? [],
    decision: subscription.decision
      ? {
          text: subscription.decision === "approved" ? "Approved" : "Declined",
          at: subscription.decidedAt?.toISOString() ?? null,
          note: subscription.decisionMessage,
        }
      : null,
    awaitsDecision: awaitsDecision(subscription),
  };
}
