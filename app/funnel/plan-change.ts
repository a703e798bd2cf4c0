// Her plan changed from her private page (or by support for her): to another of the plans
// offered, from her next billing date, at the price of her own medications on that plan. The
// 72-hour rule decides which renewal is the first on the new plan: a billing date less than 72
// hours away is fixed (the terms say so), so that renewal stays on her plan and the new one
// starts on the date after it, waiting on the subscription until the renewal worker bills the
// fixed one. Choosing her own plan while a change waits cancels it. Pure: the service reads the
// subscription and the catalogue and asks these rules; the page shows the same answers first.
// Her page passes its translator (`t`) for her words; without one they are the console's English.
import type { Translator } from "../i18n/languages";
import { cartFor } from "./cart";
import type { Catalogue, MedicationOption } from "./catalogue";
import { amountAndCadence, formatEmailDate, type PlanChangeLine } from "./emails";
import { planWords, plans, type PlanCode } from "./plans";
import { plansOffering, unavailableMessage } from "./selection";
import { reminderFor } from "./renewal-notice-rules";
import { billingDateAfter, renewalStillBilled, type SubscriptionState } from "./subscription-life";

/** One of her medications, as her order names it. */
export interface HerMedication {
  productId: string;
  name: string;
}

/** A plan as she could have it: its price for her medications, or why it cannot be chosen. */
export interface PlanOffer {
  plan: PlanCode;
  /** Each period's price in cents; null when a medication is not offered or none is known. */
  cents: number | null;
  /** Each medication the plan does not offer, with the spec's plan-unavailable message. */
  unavailable: { name: string; message: string }[];
}

/**
 * The plans that do offer each medication a plan leaves out (none: no plan does), from which
 * her page says the refusal in her language. Kept beside the entry rather than in it, so an
 * offer stays the spec's message and the console's English.
 */
const offeringOf = new WeakMap<PlanOffer["unavailable"][number], PlanCode[]>();

/** The catalogue's words for a medication no plan offers any more (spec section 5). */
const offeredByNoPlan = "This medication isn't currently available on any plan.";

function optionOf(catalogue: Catalogue, productId: string): MedicationOption | undefined {
  for (const category of catalogue) {
    const option = category.options.find((candidate) => candidate.product_id === productId);
    if (option) return option;
  }
  return undefined;
}

/**
 * Her medications on `plan`, priced from the catalogue as the checkout prices them (progesterone
 * free beside an estrogen), or each one the plan does not offer with the selection page's message.
 */
export function planOffer(
  catalogue: Catalogue,
  medications: readonly HerMedication[],
  plan: PlanCode,
  visiblePlans: readonly PlanCode[],
): PlanOffer {
  const unavailable: PlanOffer["unavailable"] = [];
  for (const medication of medications) {
    const option = optionOf(catalogue, medication.productId);
    const message = option ? unavailableMessage(option, plan, visiblePlans) : offeredByNoPlan;
    if (!message) continue;
    const entry = { name: medication.name.replace(/\s+/g, " ").trim(), message };
    offeringOf.set(entry, option ? plansOffering(option, visiblePlans) : []);
    unavailable.push(entry);
  }
  if (unavailable.length > 0 || medications.length === 0) return { plan, cents: null, unavailable };
  const cart = cartFor(
    catalogue,
    medications.map((m) => m.productId),
    plan,
    visiblePlans,
  );
  return { plan, cents: Math.round(cart.subtotal * 100), unavailable };
}

/**
 * Each of her medications' price for one period of `plan`, in dollars by product id, priced as
 * planOffer prices them (progesterone free beside an estrogen); a medication the plan does not
 * offer has none. Her receipts read it for a period paid on a plan other than the checkout's.
 */
export function itemPricesOn(catalogue: Catalogue, medications: readonly HerMedication[], plan: PlanCode): Map<string, number> {
  const cart = cartFor(
    catalogue,
    medications.map((m) => m.productId),
    plan,
    [plan],
  );
  return new Map(cart.medications.map((m) => [m.product_id, m.selected_price]));
}

/** What the rules need of her subscription (its row has all of it). */
export interface PlanChangeFacts {
  state: SubscriptionState;
  plan: PlanCode;
  renewalCents: number;
  nextBillingAt: Date | null;
  /** The anchor her billing dates count from. */
  firstPeriodStart: Date | null;
  pendingPlan: PlanCode | null;
  pendingRenewalCents: number | null;
  pendingPlanFrom: Date | null;
  /** Her shipping address's state: which laws' renewal reminders she gets. */
  shipState: string | null;
}

/** What a change writes on the subscription, all in one conditional update. */
export interface PlanChangeWrites {
  plan: PlanCode;
  renewalCents: number;
  firstPeriodStart: Date;
  reminderDueAt?: Date | null;
  pendingPlan: PlanCode | null;
  pendingRenewalCents: number | null;
  pendingPlanFrom: Date | null;
}

export type PlanChangeRefusal = "not_active" | "not_offered" | "same" | "waiting_already" | "unavailable" | "unpriced";

export type PlanChangeDecision =
  { ok: true; line: PlanChangeLine; writes: PlanChangeWrites } | { ok: false; refusal: PlanChangeRefusal; message: string };

/** Refusals that are her form's mistake (400); the others are the state of her order (409). */
export const badChoiceRefusals: readonly PlanChangeRefusal[] = ["not_offered", "unavailable"];

const label = (plan: PlanCode) => plans[plan].label;

/** What her plan page and the console say when a change is refused (some say the plan or date). */
export interface PlanChangeMessages {
  notActive: (state: SubscriptionState) => string;
  notOffered: string;
  same: (plan: PlanCode) => string;
  waitingAlready: (plan: PlanCode, at: Date) => string;
  unpriced: string;
  stale: string;
  busy: string;
  choose: string;
}

/** The English (the console's, and her page's in English). */
export const planChangeMessages = {
  notActive: (state: SubscriptionState) =>
    state === "past_due"
      ? "Your last renewal could not be charged, so your plan cannot be changed now. Pay it first with another card; then you can change it."
      : "Your plan can be changed only while your subscription is active.",
  notOffered: "That plan is not one we offer. Please choose one of the plans on this page.",
  same: (plan: PlanCode) => `You are already on the ${label(plan)} plan, so nothing was changed.`,
  waitingAlready: (plan: PlanCode, at: Date) =>
    `Your plan already changes to ${label(plan)} on ${formatEmailDate(at)}, so nothing more was changed.`,
  unpriced:
    "We cannot price your medications on another plan from this page. Please call or email us and we will change your plan for you.",
  stale:
    "Your plan changed since this page was shown, perhaps in another window. Nothing more was changed: please look at your plan below and choose again.",
  busy: "A payment on your order is moving right now. Nothing was changed: please try again in a minute.",
  choose: "Choose the plan you want.",
} as const;

/** The refusals in her language (`t`); the English without it. */
export function planChangeMessagesIn(t?: Translator): PlanChangeMessages {
  if (!t) return planChangeMessages;
  const labelIn = (plan: PlanCode) => planWords(plan, t).label;
  return {
    notActive: (state) => t(state === "past_due" ? "herPlan.notActivePastDue" : "herPlan.notActive"),
    notOffered: t("herPlan.notOffered"),
    same: (plan) => t("herPlan.same", { plan: labelIn(plan) }),
    waitingAlready: (plan, at) => t("herPlan.waitingAlready", { plan: labelIn(plan), date: formatEmailDate(at, t) }),
    unpriced: t("herPlan.unpriced"),
    stale: t("herPlan.stale"),
    busy: t("herPlan.busy"),
    choose: t("herPlan.choose"),
  };
}

/**
 * Why the plan cannot be chosen, one sentence per medication it does not offer; in her
 * language with `t` (the plans that offer it listed as her language lists alternatives).
 */
export function unavailableText(offer: PlanOffer, t?: Translator): string {
  if (!t) return offer.unavailable.map((u) => `${u.name}: ${u.message}`).join(" ");
  const either = new Intl.ListFormat(t.locale, { type: "disjunction" });
  return offer.unavailable
    .map((u) => {
      const offering = offeringOf.get(u);
      // An entry made elsewhere (not by planOffer) keeps its own words.
      if (offering === undefined) return `${u.name}: ${u.message}`;
      if (offering.length === 0) return t("herPlan.onNoPlan", { medication: u.name });
      return t("herPlan.notOnPlan", {
        medication: u.name,
        plan: planWords(offer.plan, t).name,
        plans: either.format(offering.map((plan) => planWords(plan, t).name)),
      });
    })
    .join(" ");
}

function refuse(refusal: PlanChangeRefusal, message: string): PlanChangeDecision {
  return { ok: false, refusal, message };
}

/**
 * What choosing `offer.plan` does at `now`: the new plan from her next billing date (switched),
 * from the one after it when that date is less than 72 hours away (waiting), or her own plan
 * kept while a change waits (kept); or why it cannot be done.
 */
export function decidePlanChange(
  facts: PlanChangeFacts,
  offer: PlanOffer,
  visiblePlans: readonly PlanCode[],
  now: Date,
  t?: Translator,
): PlanChangeDecision {
  const said = planChangeMessagesIn(t);
  const next = facts.nextBillingAt;
  const anchor = facts.firstPeriodStart;
  if (facts.state !== "active" || next === null || anchor === null) return refuse("not_active", said.notActive(facts.state));
  const choice = offer.plan;
  const clearPending = { pendingPlan: null, pendingRenewalCents: null, pendingPlanFrom: null };
  if (choice === facts.plan) {
    if (facts.pendingPlan === null) return refuse("same", said.same(choice));
    return {
      ok: true,
      line: { kind: "kept", fromPlan: facts.pendingPlan, toPlan: choice, cents: facts.renewalCents, startsAt: next },
      writes: { plan: facts.plan, renewalCents: facts.renewalCents, firstPeriodStart: anchor, ...clearPending },
    };
  }
  if (!visiblePlans.includes(choice)) return refuse("not_offered", said.notOffered);
  if (choice === facts.pendingPlan && facts.pendingPlanFrom !== null) {
    return refuse("waiting_already", said.waitingAlready(choice, facts.pendingPlanFrom));
  }
  if (offer.unavailable.length > 0) return refuse("unavailable", unavailableText(offer, t));
  if (offer.cents === null || offer.cents <= 0) return refuse("unpriced", said.unpriced);
  const cents = offer.cents;
  if (renewalStillBilled(now, next)) {
    // That renewal is fixed on her plan; the new one starts where its period ends.
    const startsAt = billingDateAfter(anchor, facts.plan, next);
    return {
      ok: true,
      line: { kind: "waiting", fromPlan: facts.plan, toPlan: choice, cents, startsAt, fixedAt: next, fixedCents: facts.renewalCents },
      writes: {
        plan: facts.plan,
        renewalCents: facts.renewalCents,
        firstPeriodStart: anchor,
        pendingPlan: choice,
        pendingRenewalCents: cents,
        pendingPlanFrom: startsAt,
      },
    };
  }
  // Billed at the new price from her next billing date, its dates counted in the new plan's months from it.
  const reminderAt = reminderFor(choice, facts.shipState, next);
  return {
    ok: true,
    line: { kind: "switched", fromPlan: facts.plan, toPlan: choice, cents, startsAt: next },
    writes: {
      plan: choice,
      renewalCents: cents,
      firstPeriodStart: next,
      reminderDueAt: reminderAt !== null && reminderAt > now ? reminderAt : null,
      ...clearPending,
    },
  };
}

/**
 * The waiting change applied by the renewal that was fixed: the plan and price from the next
 * billing date, the dates counted from it. Undefined when nothing waits.
 */
export function waitingPlanStarts(
  facts: Pick<PlanChangeFacts, "plan" | "pendingPlan" | "pendingRenewalCents" | "shipState">,
  nextBillingAt: Date,
): { writes: PlanChangeWrites & { reminderDueAt: Date | null }; line: PlanChangeLine } | undefined {
  if (facts.pendingPlan === null || facts.pendingRenewalCents === null) return undefined;
  const plan = facts.pendingPlan;
  const cents = facts.pendingRenewalCents;
  return {
    writes: {
      plan,
      renewalCents: cents,
      firstPeriodStart: nextBillingAt,
      reminderDueAt: reminderFor(plan, facts.shipState, nextBillingAt),
      pendingPlan: null,
      pendingRenewalCents: null,
      pendingPlanFrom: null,
    },
    line: { kind: "waiting", fromPlan: facts.plan, toPlan: plan, cents, startsAt: nextBillingAt },
  };
}

/** What a change's timeline line keeps of it: plans, price, dates; no personal data. */
export function planChangeDetail(line: PlanChangeLine): Record<string, unknown> {
  return {
    change: line.kind,
    from_plan: line.fromPlan,
    to_plan: line.toPlan,
    renewal_cents: line.cents,
    from: line.startsAt.toISOString(),
    ...(line.fixedAt ? { fixed_at: line.fixedAt.toISOString(), fixed_cents: line.fixedCents } : {}),
  };
}

const kinds: readonly PlanChangeLine["kind"][] = ["switched", "waiting", "kept"];
const isPlan = (value: unknown): value is PlanCode => typeof value === "string" && value in plans;

/** A plan_changed line of her timeline read back from its detail; undefined when it is not one. */
export function planChangeLineOf(event: { event: string; detail: Record<string, unknown> }): PlanChangeLine | undefined {
  if (event.event !== "plan_changed") return undefined;
  const { change, from_plan, to_plan, renewal_cents, from, fixed_at, fixed_cents } = event.detail;
  if (
    !kinds.includes(change as PlanChangeLine["kind"]) ||
    !isPlan(from_plan) ||
    !isPlan(to_plan) ||
    typeof renewal_cents !== "number" ||
    typeof from !== "string"
  ) {
    return undefined;
  }
  return {
    kind: change as PlanChangeLine["kind"],
    fromPlan: from_plan,
    toPlan: to_plan,
    cents: renewal_cents,
    startsAt: new Date(from),
    ...(typeof fixed_at === "string" ? { fixedAt: new Date(fixed_at) } : {}),
    ...(typeof fixed_cents === "number" ? { fixedCents: fixed_cents } : {}),
  };
}

/** Timeline lines that begin a period: a plan in force changes only at one of them. */
const periodStarts = ["approved_captured", "approved_charged", "renewal_charged"];

/**
 * The plan change still ahead of her, as her page says it: the one that waits behind a fixed
 * renewal, or a switch made during the period now running (her plan already names the new
 * plan, which starts on her next billing date). Null when none, or when she switched back.
 */
export function planChangeAhead(
  facts: Omit<PlanChangeFacts, "shipState">,
  events: readonly { event: string; detail: Record<string, unknown> }[],
  t?: Translator,
): { plan: PlanCode; cents: number; at: Date; text: string } | null {
  if (facts.state !== "active") return null;
  const text = (plan: PlanCode, cents: number, at: Date) =>
    t
      ? t("herPlan.ahead", {
          plan: planWords(plan, t).label,
          date: formatEmailDate(at, t),
          amountAndCadence: amountAndCadence(cents, plan, t),
        })
      : `Your plan changes to ${label(plan)} on ${formatEmailDate(at)}: ${amountAndCadence(cents, plan)}.`;
  const ahead = (plan: PlanCode, cents: number, at: Date) => ({ plan, cents, at, text: text(plan, cents, at) });
  if (facts.pendingPlan !== null && facts.pendingPlanFrom !== null && facts.pendingRenewalCents !== null) {
    return ahead(facts.pendingPlan, facts.pendingRenewalCents, facts.pendingPlanFrom);
  }
  if (facts.nextBillingAt === null) return null;
  const lastStart = events.findLastIndex((e) => periodStarts.includes(e.event));
  const switches = events.slice(lastStart + 1).flatMap((e) => {
    const line = planChangeLineOf(e);
    return line?.kind === "switched" ? [line] : [];
  });
  const inForce = switches[0]?.fromPlan ?? facts.plan;
  return inForce === facts.plan ? null : ahead(facts.plan, facts.renewalCents, facts.nextBillingAt);
}
