// Her plan changed from her page or by support (`alsoRecord`: the audit row), by
// app/funnel/plan-change.ts, under the subscription's claim so no renewal bills meanwhile, and only
// while plan, waiting plan and billing date are as her page showed (a second press changes
// nothing). Plan, line, her renewal consent, email and provider event in one transaction.
import type { Language, Translator } from "../../i18n/languages";
import { translator } from "../../i18n/messages";
import { checkoutTerms, planChangeAgreedWith, planChangeDisclosure } from "../../funnel/consent";
import type { PlanChangeLine } from "../../funnel/emails";
import { orderedPlans, planWords, plans, type PlanCode } from "../../funnel/plans";
import {
  badChoiceRefusals,
  decidePlanChange,
  planChangeDetail,
  planChangeLineOf,
  planChangeMessagesIn,
  planOffer,
  type HerMedication,
  type PlanChangeRefusal,
  type PlanOffer,
  unavailableText,
} from "../../funnel/plan-change";
import type { PreAuthOrderBody } from "../../funnel/pre-auth-order";
import { config } from "../config.server";
import type { Queryable } from "../db/client.server";
import { keepPlanChangeConsent } from "../db/stores/consent-records.server";
import { findOrder } from "../db/stores/orders.server";
import { enqueueOutboxMessage } from "../db/stores/outbox.server";
import { changePlan, noteOnTimeline, releaseClaim, subscriptionTimeline, type SubscriptionRow } from "../db/stores/subscriptions.server";
import type { RateLimit } from "../http/rate-limits.server";
import { withOutbox } from "../outbox/with-outbox.server";
import { medicationsFor } from "../provider/catalogue-cache.server";
import { claimForChange } from "./claim-for-change.server";
import { lifecycleNow } from "./clock.server";
import { emailMessage, orderEventMessage } from "./order-events.server";

/** A few changes at most; each sends an email. */
export const planChangeLimit: RateLimit = { bucket: "plan-change", limit: 10, addressLimit: 100, windowMs: 60 * 60_000 };

export interface PlanShown {
  plan: PlanCode;
  pendingPlan: PlanCode | null;
  nextBillingAt: Date;
}

export type PlanChangeOutcome =
  /** Or done already by the same press a moment before. */
  | { status: "changed"; line: PlanChangeLine }
  /** Nothing written. */
  | { status: "refused"; refusal: PlanChangeRefusal | "stale"; message: string }
  | { status: "busy"; message: string };

export interface PlanChangeOptions {
  alsoRecord?: (tx: Queryable) => Promise<void>;
  /** Support on the phone says so; her plan page's button by default. */
  agreedWith?: string;
  /** The console's English when read to her; hers by default. */
  language?: Language;
  t?: Translator;
}

/** The catalogue's product ids. */
export async function herMedications(subscription: SubscriptionRow): Promise<HerMedication[]> {
  const order = await findOrder(subscription.responderUuid);
  const body = (order?.body ?? {}) as Partial<PreAuthOrderBody>;
  return (body.medications ?? []).flatMap((m) =>
    typeof m.product_id === "string" && m.product_id !== "" ? [{ productId: m.product_id, name: m.name ?? m.product_id }] : [],
  );
}

/** In the spec's order. */
const visiblePlans = () => orderedPlans(config().VISIBLE_PLANS);

/** Priced for her medications from the selection page's catalogue. */
export async function planOffers(subscription: SubscriptionRow, plans: readonly PlanCode[] = visiblePlans()): Promise<PlanOffer[]> {
  const [catalogue, medications] = await Promise.all([
    medicationsFor(subscription.responderUuid, subscription.variant),
    herMedications(subscription),
  ]);
  return plans.map((plan) => planOffer(catalogue, medications, plan, visiblePlans()));
}

/**
 * Why no plan can change (`closed`), the plans she may choose, priced, those leaving out a
 * medication (shown with why, never offered), and the rules' answer for the plan asked for.
 */
export async function planChoices(subscription: SubscriptionRow, t?: Translator) {
  const now = await lifecycleNow();
  const visible = visiblePlans();
  const offers = await planOffers(subscription, visible);
  const decide = (offer: PlanOffer) => decidePlanChange(subscription, offer, visible, now, t);
  const keep: PlanOffer = { plan: subscription.plan, cents: subscription.renewalCents, unavailable: [] };
  const closed = decide(keep);
  return {
    closed: !closed.ok && closed.refusal === "not_active" ? closed.message : null,
    offered: offers.filter(
      (offer) =>
        offer.plan !== subscription.plan &&
        offer.plan !== subscription.pendingPlan &&
        offer.cents !== null &&
        offer.unavailable.length === 0,
    ),
    unavailable: offers
      .filter((offer) => offer.plan !== subscription.plan && offer.unavailable.length > 0)
      .map((offer) => ({ plan: t ? planWords(offer.plan, t).label : plans[offer.plan].label, text: unavailableText(offer, t) })),
    decide: (asked: PlanCode) =>
      decide(
        asked === subscription.plan
          ? keep
          : (offers.find((offer) => offer.plan === asked) ?? { plan: asked, cents: null, unavailable: [] }),
      ),
  };
}

/** Her page and the console alike: refused by the rules 400, else 409. */
export function planRefusalStatus(outcome: Exclude<PlanChangeOutcome, { status: "changed" }>): 400 | 409 {
  return outcome.status === "refused" && outcome.refusal !== "stale" && badChoiceRefusals.includes(outcome.refusal) ? 400 : 409;
}

const stillShown = (row: SubscriptionRow, shown: PlanShown) =>
  row.plan === shown.plan && row.pendingPlan === shown.pendingPlan && row.nextBillingAt?.getTime() === shown.nextBillingAt.getTime();

/** Only while her subscription is still as `shown`. */
export async function changeHerPlan(
  subscription: SubscriptionRow,
  choice: PlanCode,
  shown: PlanShown,
  options: PlanChangeOptions = {},
): Promise<PlanChangeOutcome> {
  // Priced before the claim: the catalogue may come from the provider, and a claim is short.
  const [offer] = await planOffers(subscription, [choice]);
  const said = planChangeMessagesIn(options.t);
  const claimed = await claimForChange(subscription.id);
  if (claimed === undefined) return { status: "busy", message: said.busy };
  try {
    const now = await lifecycleNow();
    const { events } = await subscriptionTimeline(claimed.id);
    if (!stillShown(claimed, shown)) return alreadyDone(claimed, events, choice, shown, said.stale);
    const decision = decidePlanChange(claimed, offer!, visiblePlans(), now, options.t);
    if (!decision.ok) return { status: "refused", refusal: decision.refusal, message: decision.message };
    const { line, writes } = decision;
    const changesSoFar = events.filter((event) => event.event === "plan_changed").length;
    const made = await withOutbox(async (tx) => {
      const row = await changePlan(tx, claimed, writes);
      if (!row) return undefined;
      await noteOnTimeline(tx, claimed.id, "plan_changed", now, planChangeDetail(line));
      // Keeping her own plan agrees to nothing new; a new plan's renewals are a new agreement.
      if (line.kind !== "kept") {
        await keepPlanChangeConsent(tx, {
          responderUuid: claimed.responderUuid,
          subscriptionId: claimed.id,
          plan: line.toPlan,
          firstPeriodCents: line.cents,
          renewalCents: line.cents,
          // In her page's language (the console shows her English when staff act for her).
          disclosure: planChangeDisclosure(translator(options.language ?? claimed.language), line.toPlan, line.cents, line.startsAt),
          terms: checkoutTerms(translator(options.language ?? claimed.language)),
          agreedWith: options.agreedWith ?? planChangeAgreedWith,
          // One per change: the changes before it and what the page showed.
          agreementKey: `plan-change:${claimed.id}:${changesSoFar + 1}:${shown.plan}:${choice}`,
        });
      }
      await enqueueOutboxMessage(
        tx,
        orderEventMessage(claimed, "plan_changed", now, {
          plan: line.toPlan,
          previous_plan: line.fromPlan,
          renewal_cents: line.cents,
          plan_from: line.startsAt.toISOString(),
          next_billing_at: claimed.nextBillingAt!.toISOString(),
        }),
      );
      await enqueueOutboxMessage(tx, emailMessage(claimed, "plan_changed", now, { planChange: line }));
      if (options.alsoRecord) await options.alsoRecord(tx);
      return row;
    });
    if (!made) return { status: "refused", refusal: "stale", message: said.stale };
    return { status: "changed", line };
  } finally {
    await releaseClaim(subscription.id);
  }
}

/** Her own press a moment ago (the same answer again), or a stale page. */
function alreadyDone(
  row: SubscriptionRow,
  events: readonly { event: string; detail: Record<string, unknown> }[],
  choice: PlanCode,
  shown: PlanShown,
  stale: string,
): PlanChangeOutcome {
  const last = events.findLast((event) => event.event === "plan_changed");
  const line = last && planChangeLineOf(last);
  const made =
    line !== undefined &&
    line.toPlan === choice &&
    (line.kind === "kept"
      ? line.fromPlan === shown.pendingPlan && row.plan === choice && row.pendingPlan === null
      : line.fromPlan === shown.plan && (line.kind === "switched" ? row.plan === choice : row.pendingPlan === choice));
  return made ? { status: "changed", line } : { status: "refused", refusal: "stale", message: stale };
}
