// Her next billing date in her hands: later by 1 to 8 whole weeks, one period skipped, the
// change moved back, or "ship sooner" (the next period billed today, and the dates counted on
// from today). Each is allowed once a period, only while the subscription is active, never
// for a renewal less than 72 hours away (the terms fix it), and moves and skips together never
// past 12 weeks in any 365 days, so a plan cannot be put off indefinitely while it stays
// "active". Pure: the service reads her timeline's lines and asks these rules, and the page
// shows the same answers before she confirms. Her page passes its translator (`t`) for her
// language; without one (the console) the words are the English.
import type { Translator } from "../i18n/languages";
import { formatEmailDate } from "./amounts-and-dates";
import { planWords, plans, type PlanCode } from "./plans";
import { billingDate, billingDateAfter, renewalStillBilled, type HerChangeEvent, type SubscriptionState } from "./subscription-life";

const dayMs = 24 * 60 * 60 * 1000;
const weekMs = 7 * dayMs;

/** How far one move may push her date: 1 to 8 whole weeks. */
export const moveWeekChoices = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** The cap: weeks moved (a skip counts its period's length in weeks, rounded up) in any window of… */
export const maxWeeksMoved = 12;
/** …this many days. */
export const capWindowDays = 365;

/** The timeline lines that change her billing date. */
export const billingDateEvents = ["billing_date_moved", "period_skipped", "shipped_sooner"] as const satisfies readonly HerChangeEvent[];
export type BillingDateEvent = (typeof billingDateEvents)[number];

export type BillingDateChoice = { kind: "move"; weeks: number } | { kind: "skip" } | { kind: "move_back" } | { kind: "sooner" };

/** A change of her billing date, as its timeline line keeps it. */
export interface BillingDateLine {
  event: BillingDateEvent;
  at: Date;
  /** The period whose billing date it changed (ship sooner: the period it billed). */
  period: number;
  /** The next billing date before and after it. */
  from: Date;
  to: Date;
  /** Counted against the cap: a move's weeks, a skip's period in weeks; 0 for ship sooner. */
  weeks: number;
  /** The anchor the billing dates counted from before it (a move back restores it). */
  anchorBefore: Date | null;
  /** It moved back the period's earlier change. */
  movedBack: boolean;
}

/** What the rules need of her subscription. */
export interface BillingDateFacts {
  state: SubscriptionState;
  plan: PlanCode;
  periodsPaid: number;
  nextBillingAt: Date | null;
  /** The anchor her billing dates count from (the first period's start until she moves them). */
  firstPeriodStart: Date | null;
  /** Tries of the next period's charge that failed. */
  failedAttempts: number;
  lines: readonly BillingDateLine[];
}

/** A change the rules allow, and what it sets. */
export interface BillingDateChange {
  event: BillingDateEvent;
  period: number;
  from: Date;
  to: Date;
  /** Where the billing dates count from afterwards. */
  anchor: Date;
  weeks: number;
  movedBack: boolean;
}

export type BillingDateRefusal =
  "not_active" | "weeks" | "fixed" | "once_a_period" | "cap" | "nothing_to_move_back" | "sooner_once" | "card_tried";

export type BillingDateDecision = { ok: true; change: BillingDateChange } | { ok: false; refusal: BillingDateRefusal; message: string };

const weeksText = (weeks: number) => `${weeks} ${weeks === 1 ? "week" : "weeks"}`;

/** The rule as her page states it (in her language with `t`). */
export function capTextIn(t: Translator): string {
  return t("herBillingDate.rule", { max: maxWeeksMoved });
}

/** The rule in English. */
export const capText = `You can change your billing date once each period: move it later by 1 to 8 weeks, or skip one period. Moves and skips together can add up to ${maxWeeksMoved} weeks in any 12 months (a skipped period counts as its length in weeks). A billing date less than 72 hours away is fixed, as the terms say.`;

/** The lines of her timeline that changed her billing date, read from their details. */
export function billingDateLines(events: readonly { event: string; at: Date; detail: Record<string, unknown> }[]): BillingDateLine[] {
  const lines: BillingDateLine[] = [];
  for (const { event, at, detail } of events) {
    if (!(billingDateEvents as readonly string[]).includes(event)) continue;
    const from = dateOf(detail.from);
    const to = dateOf(detail.to);
    if (typeof detail.period !== "number" || from === null || to === null) continue;
    lines.push({
      event: event as BillingDateEvent,
      at,
      period: detail.period,
      from,
      to,
      weeks: typeof detail.weeks === "number" ? detail.weeks : 0,
      anchorBefore: dateOf(detail.anchor_before),
      movedBack: detail.moved_back === true,
    });
  }
  return lines;
}

function dateOf(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** What a change's timeline line keeps of it (its detail): no personal data. */
export function billingDateDetail(change: BillingDateChange, anchorBefore: Date | null): Record<string, unknown> {
  return {
    period: change.period,
    from: change.from.toISOString(),
    to: change.to.toISOString(),
    weeks: change.weeks,
    anchor_before: anchorBefore?.toISOString() ?? null,
    ...(change.movedBack ? { moved_back: true } : {}),
  };
}

/**
 * Weeks counted against the cap at `now`: moves and skips of the last 365 days. A change
 * moved back counts nothing (its period allows no other change, so the pair is dropped whole).
 */
export function weeksMovedWithinYear(lines: readonly BillingDateLine[], now: Date): number {
  const undone = new Set(lines.filter((line) => line.movedBack).map((line) => line.period));
  return lines
    .filter((line) => line.event !== "shipped_sooner" && !undone.has(line.period))
    .filter((line) => line.at.getTime() <= now.getTime() && now.getTime() - line.at.getTime() < capWindowDays * dayMs)
    .reduce((sum, line) => sum + line.weeks, 0);
}

/** The weeks she may still move her date by at `now`. */
export function weeksLeft(lines: readonly BillingDateLine[], now: Date): number {
  return Math.max(0, maxWeeksMoved - weeksMovedWithinYear(lines, now));
}

/** A period's length in whole weeks, rounded up: what a skip counts against the cap. */
export function skipWeeks(from: Date, to: Date): number {
  return Math.ceil((to.getTime() - from.getTime()) / weekMs);
}

/** The period's move or skip that is still in force (not moved back), if any. */
function changeOfPeriod(lines: readonly BillingDateLine[], period: number): BillingDateLine | undefined {
  const ofPeriod = lines.filter((line) => line.period === period && line.event !== "shipped_sooner");
  const last = ofPeriod.at(-1);
  return last && !last.movedBack ? last : undefined;
}

function refuse(refusal: BillingDateRefusal, message: string): BillingDateDecision {
  return { ok: false, refusal, message };
}

/** What `choice` does to her billing date at `now`, or why it cannot (in her language with `t`). */
export function decideBillingDateChange(
  facts: BillingDateFacts,
  choice: BillingDateChoice,
  now: Date,
  t?: Translator,
): BillingDateDecision {
  const messages: BillingDateWords = t ? billingDateWords(t) : billingDateMessages;
  const from = facts.nextBillingAt;
  const anchor = facts.firstPeriodStart;
  if (facts.state !== "active" || from === null || anchor === null) return refuse("not_active", messages.notActive(facts.state));
  const period = facts.periodsPaid;
  const plain = { period, from, movedBack: false };
  if (choice.kind === "sooner") {
    if (facts.failedAttempts > 0) return refuse("card_tried", messages.cardTried(from));
    // Two in a row would bill two periods within days: the one running must have renewed first.
    if (facts.lines.some((line) => line.event === "shipped_sooner" && line.period === period - 1)) {
      return refuse("sooner_once", messages.soonerOnce(from));
    }
    return { ok: true, change: { ...plain, event: "shipped_sooner", to: billingDate(now, facts.plan, 1), anchor: now, weeks: 0 } };
  }
  if (renewalStillBilled(now, from)) return refuse("fixed", messages.fixed(from));
  const inForce = changeOfPeriod(facts.lines, period);
  if (choice.kind === "move_back") {
    if (!inForce || inForce.to.getTime() !== from.getTime()) return refuse("nothing_to_move_back", messages.nothingToMoveBack);
    if (renewalStillBilled(now, inForce.from)) return refuse("fixed", messages.backTooLate(inForce.from));
    return {
      ok: true,
      change: {
        event: "billing_date_moved",
        period,
        from,
        to: inForce.from,
        anchor: inForce.anchorBefore ?? anchor,
        weeks: -inForce.weeks,
        movedBack: true,
      },
    };
  }
  if (facts.lines.some((line) => line.period === period && line.event !== "shipped_sooner")) {
    return refuse("once_a_period", messages.oncePerPeriod);
  }
  const left = weeksLeft(facts.lines, now);
  if (choice.kind === "move") {
    if (!(moveWeekChoices as readonly number[]).includes(choice.weeks)) return refuse("weeks", messages.weeks);
    if (choice.weeks > left) return refuse("cap", messages.cap(choice.weeks, left));
    const to = new Date(from.getTime() + choice.weeks * weekMs);
    return { ok: true, change: { ...plain, event: "billing_date_moved", to, anchor: to, weeks: choice.weeks } };
  }
  // Skipped: the period's date moves one period on, on the schedule the dates already keep.
  const to = billingDateAfter(anchor, facts.plan, from);
  const weeks = skipWeeks(from, to);
  if (weeks > left) return refuse("cap", messages.skipCap(facts.plan, weeks, left));
  return { ok: true, change: { ...plain, event: "period_skipped", to, anchor, weeks } };
}

/** A choice as a form names it (the weeks only for a move; the form's schema asks for them). */
export function billingDateChoiceOf(kind: BillingDateChoice["kind"], weeks: number | undefined): BillingDateChoice {
  return kind === "move" ? { kind, weeks: weeks ?? 0 } : { kind };
}

/** Moving her date later as a page offers it: each number of weeks the rules let through now, or why none. */
export type MoveOffer =
  { open: true; message: null; choices: (readonly [string, string])[] } | { open: false; message: string; choices: never[] };

/**
 * The move choices her page and the console show: each number of weeks with the date it leads
 * to (`day` writes a date in the page's own words), only those the cap still allows.
 */
export function moveOffer(facts: BillingDateFacts, now: Date, day: (date: Date) => string, t?: Translator): MoveOffer {
  const first = decideBillingDateChange(facts, { kind: "move", weeks: 1 }, now, t);
  if (!first.ok) return { open: false, message: first.message, choices: [] };
  return {
    open: true,
    message: null,
    choices: moveWeekChoices.flatMap((weeks) => {
      const moved = decideBillingDateChange(facts, { kind: "move", weeks }, now);
      if (!moved.ok) return [];
      const label = t
        ? t("herBillingDate.moveChoice", { weeks, date: day(moved.change.to) })
        : `${weeksText(weeks)} later: ${day(moved.change.to)}`;
      return [[String(weeks), label] as const];
    }),
  };
}

/** Her words for each refusal, in English (the console's, and her page's without a translator). */
export const billingDateMessages = {
  notActive: (state: SubscriptionState) =>
    state === "past_due"
      ? "Your last renewal could not be charged, so your billing date cannot be changed now. Pay it first with another card; then you can change it."
      : "Your billing date can be changed only while your subscription is active.",
  weeks: "Choose how many weeks to move your billing date: 1 to 8.",
  fixed: (at: Date) =>
    `Your next billing date, ${formatEmailDate(at)}, is less than 72 hours away. As the terms say, that renewal is fixed, so it cannot be moved or skipped.`,
  backTooLate: (at: Date) =>
    `Your earlier billing date, ${formatEmailDate(at)}, is less than 72 hours away or already past, so your date cannot be moved back to it.`,
  oncePerPeriod: "You have already moved or skipped this billing date. You can change it once each period.",
  nothingToMoveBack: "There is no move or skip of this billing date to move back.",
  cap: (weeks: number, left: number) =>
    `You can move your billing date by up to ${maxWeeksMoved} weeks in any 12 months, and you have ${weeksText(left)} left, so it cannot move ${weeksText(weeks)}.`,
  skipCap: (plan: PlanCode, weeks: number, left: number) =>
    `Skipping a period of your ${plans[plan].name} plan would move your billing date by ${weeksText(weeks)}. You can move it by up to ${maxWeeksMoved} weeks in any 12 months, and you have ${weeksText(left)} left.`,
  soonerOnce: (at: Date) =>
    `Your current period already shipped sooner. You can ship sooner again once it has renewed, on ${formatEmailDate(at)}.`,
  cardTried: (at: Date) =>
    `We already tried your card for your next period and it was declined. Nothing was charged; we will try it again on your billing date, ${formatEmailDate(at)}.`,
  stale: (at: Date | null) =>
    `Your billing date changed since this page was shown${at ? `: it is now ${formatEmailDate(at)}` : ""}. Nothing more was changed; please choose again.`,
  busy: "A payment on your order is moving right now. Nothing was changed: please try again in a minute.",
  unanswered:
    "We could not hear back from the payment service. If your card was charged, your renewal is recorded within a few minutes and we email you a receipt; it is never charged twice.",
  declined: (message: string) => `Your card was declined: ${message} Nothing was charged and your billing date has not changed.`,
} as const;

/** The refusals' words: text, or text made from the facts it names. */
export type BillingDateWords = {
  [Name in keyof typeof billingDateMessages]: (typeof billingDateMessages)[Name] extends (...args: infer Args) => string
    ? (...args: Args) => string
    : string;
};

/** Her words for each refusal in her language: the same messages as billingDateMessages. */
export function billingDateWords(t: Translator): BillingDateWords {
  const day = (at: Date) => formatEmailDate(at, t);
  return {
    notActive: (state: SubscriptionState) => t(state === "past_due" ? "herBillingDate.notActivePastDue" : "herBillingDate.notActive"),
    weeks: t("herBillingDate.weeks"),
    fixed: (at: Date) => t("herBillingDate.fixed", { date: day(at) }),
    backTooLate: (at: Date) => t("herBillingDate.backTooLate", { date: day(at) }),
    oncePerPeriod: t("herBillingDate.oncePerPeriod"),
    nothingToMoveBack: t("herBillingDate.nothingToMoveBack"),
    cap: (weeks: number, left: number) => t("herBillingDate.cap", { max: maxWeeksMoved, weeks, left }),
    skipCap: (plan: PlanCode, weeks: number, left: number) =>
      t("herBillingDate.skipCap", { plan: planWords(plan, t).name, weeks, left, max: maxWeeksMoved }),
    soonerOnce: (at: Date) => t("herBillingDate.soonerOnce", { date: day(at) }),
    cardTried: (at: Date) => t("herBillingDate.cardTried", { date: day(at) }),
    stale: (at: Date | null) => (at ? t("herBillingDate.stale", { date: day(at) }) : t("herBillingDate.staleNoDate")),
    busy: t("herBillingDate.busy"),
    unanswered: t("herBillingDate.unanswered"),
    declined: (message: string) => t("herBillingDate.declined", { message }),
  };
}

/** What was done, said once she has confirmed (and on her page after the redirect), in her language with `t`. */
export function billingDateDoneText(line: Pick<BillingDateLine, "event" | "from" | "to" | "movedBack">, t?: Translator): string {
  if (t) {
    const to = formatEmailDate(line.to, t);
    const from = formatEmailDate(line.from, t);
    if (line.event === "shipped_sooner") return t("herBillingDate.doneSooner", { to });
    if (line.event === "period_skipped") return t("herBillingDate.doneSkipped", { from, to });
    return line.movedBack ? t("herBillingDate.doneMovedBack", { to }) : t("herBillingDate.doneMoved", { from, to });
  }
  const to = formatEmailDate(line.to);
  if (line.event === "shipped_sooner") {
    return `Your next period was charged today and ships within 3-5 business days. Your billing dates now count from today: the next one is ${to}.`;
  }
  if (line.event === "period_skipped")
    return `Your next period is skipped: nothing is charged on ${formatEmailDate(line.from)}. Your next billing date is now ${to}.`;
  if (line.movedBack) return `Your next billing date is back to ${to}.`;
  return `Your next billing date is now ${to}, moved from ${formatEmailDate(line.from)}.`;
}
