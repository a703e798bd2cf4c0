// The notices the law asks us to send before her subscription renews, and once a year, by her
// state (her shipping address's) and her plan: each rule with its source and what it asks, as
// a window of days before her last day to cancel (the billing date less 72 hours) or before the
// renewal itself. One reminder a renewal falls inside every window that applies to her; where
// no law applies, our own rule still sends one before every renewal of a plan longer than a
// month, and a notice of her terms at least once a year (docs/product.md, section 12). Pure:
// the lifecycle round (app/server/subscriptions) asks these rules when each is due.
// The sources are summarised in our words, not quoted; a lawyer should read them before relying
// on this table, and a new law is a new row.
import { amountAndCadence, formatEmailDate } from "./amounts-and-dates";
import { formatCents } from "./cart";
import type { PlanCode } from "./plans";
import { lastDayToCancel, lastDayToCancelShown } from "./last-day-to-cancel";
import { addMonths } from "./subscription-life";

/** What a reminder's window counts back from. */
export type NoticeAnchor = "last_day_to_cancel" | "renewal";

export interface RenewalReminderRule {
  id: "massachusetts" | "illinois" | "colorado" | "california" | "ours";
  source: string;
  asks: string;
  plans: readonly PlanCode[];
  /** Two-letter codes of the states it applies to, or every state (and DC). */
  states: readonly string[] | "every";
  /** Sent no earlier than `mostDays` and no later than `leastDays` before `before`. */
  window: { before: NoticeAnchor; mostDays: number; leastDays: number };
}

const longerThanAMonth: readonly PlanCode[] = ["quarterly", "6_month", "yearly"];
const twelveMonths: readonly PlanCode[] = ["yearly"];

export const renewalReminderRules: readonly RenewalReminderRule[] = [
  {
    id: "massachusetts",
    source: "Massachusetts, 940 CMR 38.00 (Attorney General's regulation, in force September 2, 2025)",
    asks: "Before an automatic renewal of a plan longer than a month: a notice of the charge and how to cancel, 5 to 30 days before the last day to cancel.",
    plans: longerThanAMonth,
    states: ["MA"],
    window: { before: "last_day_to_cancel", mostDays: 30, leastDays: 5 },
  },
  {
    id: "illinois",
    source: "Illinois Automatic Contract Renewal Act, 815 ILCS 601/10",
    asks: "A contract of 12 months or more renewing for more than a month: a notice of the renewal and how to cancel, 30 to 60 days before the last day to cancel.",
    plans: twelveMonths,
    states: ["IL"],
    window: { before: "last_day_to_cancel", mostDays: 60, leastDays: 30 },
  },
  {
    id: "colorado",
    source: "Colorado, C.R.S. 6-1-732",
    asks: "An automatic renewal of a contract of 12 months or more: a notice of the renewal, its price and how to cancel, 25 to 40 days before it renews.",
    plans: twelveMonths,
    states: ["CO"],
    window: { before: "renewal", mostDays: 40, leastDays: 25 },
  },
  {
    id: "california",
    source: "California, Bus. & Prof. Code 17602 (the notice added by AB 390, in force July 1, 2022)",
    asks: "An initial term of a year or longer renewing for more than a month: a notice of the renewal, its price and how to cancel, 15 to 45 days before it renews.",
    plans: twelveMonths,
    states: ["CA"],
    window: { before: "renewal", mostDays: 45, leastDays: 15 },
  },
  {
    id: "ours",
    source: "Ours (docs/product.md, section 12): what a careful business does where no law asks",
    asks: "Before every renewal of a plan longer than a month, in every state: a reminder 9 to 45 days before her last day to cancel, whose middle is 30 days before the billing date, and which every law's window overlaps.",
    plans: longerThanAMonth,
    states: "every",
    window: { before: "last_day_to_cancel", mostDays: 45, leastDays: 9 },
  },
];

export interface AnnualNoticeRule {
  id: "california_annual" | "minnesota_annual" | "ours_annual";
  source: string;
  asks: string;
  plans: readonly PlanCode[];
  states: readonly string[] | "every";
}

const everyPlan: readonly PlanCode[] = ["monthly", "quarterly", "6_month", "yearly"];

/** A notice of her subscription's terms and how to cancel, at least once a year; a renewal reminder serves as one. */
export const annualNoticeRules: readonly AnnualNoticeRule[] = [
  {
    id: "california_annual",
    source: "California, Bus. & Prof. Code 17602 as amended by AB 2863 (in force July 1, 2025)",
    asks: "At least once a year: a notice of the subscription's terms, its charges and how to cancel.",
    plans: everyPlan,
    states: ["CA"],
  },
  {
    id: "minnesota_annual",
    source: "Minnesota, Minn. Stat. 325G.57 (in force January 1, 2025)",
    asks: "A continuous service: a written notice of its terms and how to cancel at least once a year.",
    plans: everyPlan,
    states: ["MN"],
  },
  {
    id: "ours_annual",
    source: "Ours (docs/product.md, section 12)",
    asks: "Every subscription in every state, monthly included: its terms and how to cancel at least once a year.",
    plans: everyPlan,
    states: "every",
  },
];

const dayMs = 24 * 60 * 60 * 1000;

function appliesTo(
  rule: { plans: readonly PlanCode[]; states: readonly string[] | "every" },
  plan: PlanCode,
  state: string | null,
): boolean {
  if (!rule.plans.includes(plan)) return false;
  return rule.states === "every" || (state !== null && rule.states.includes(state.trim().toUpperCase()));
}

/** The reminder rules that apply to her plan in her state (null: a state we do not know). */
export function reminderRulesFor(plan: PlanCode, state: string | null): RenewalReminderRule[] {
  return renewalReminderRules.filter((rule) => appliesTo(rule, plan, state));
}

export function annualNoticeRulesFor(plan: PlanCode, state: string | null): AnnualNoticeRule[] {
  return annualNoticeRules.filter((rule) => appliesTo(rule, plan, state));
}

/** The instants between which a rule's reminder of the renewal on `billingAt` may be sent. */
export function reminderWindow(rule: RenewalReminderRule, billingAt: Date): { from: Date; to: Date } {
  const anchor = rule.window.before === "renewal" ? billingAt : lastDayToCancel(billingAt);
  return {
    from: new Date(anchor.getTime() - rule.window.mostDays * dayMs),
    to: new Date(anchor.getTime() - rule.window.leastDays * dayMs),
  };
}

/**
 * When the reminder of her renewal on `billingAt` is due, or null when no rule asks for one
 * (a monthly plan): the middle of the days every rule that applies allows, so a worker a little
 * late still sends it inside each window.
 */
export function reminderFor(plan: PlanCode, state: string | null, billingAt: Date): Date | null {
  const windows = reminderRulesFor(plan, state).map((rule) => reminderWindow(rule, billingAt));
  if (windows.length === 0) return null;
  const from = Math.max(...windows.map((window) => window.from.getTime()));
  const to = Math.min(...windows.map((window) => window.to.getTime()));
  return new Date(from + Math.floor((to - from) / 2));
}

/** Her terms are told again eleven months after she was last told them, so a year never passes without. */
export const annualNoticeMonths = 11;

/**
 * A yearly plan's reminders fall a year apart, a day either way around a leap day: within this
 * much past the year, a reminder still serves as the year's notice rather than adding one.
 */
export const yearGraceMs = 7 * dayMs;

/**
 * When her annual notice is next due, counted from when she was last told her terms (her order,
 * a reminder or the last notice): eleven months on; but when a renewal reminder falls after that
 * and still within the year, at that reminder, which serves as the year's notice (the round sends
 * the reminder first, and the notice then waits a year from it).
 */
export function annualNoticeAt(termsToldAt: Date, reminderDueAt: Date | null): Date {
  const due = addMonths(termsToldAt, annualNoticeMonths);
  const yearEnds = addMonths(termsToldAt, 12).getTime() + yearGraceMs;
  return reminderDueAt !== null && reminderDueAt > due && reminderDueAt.getTime() <= yearEnds ? reminderDueAt : due;
}

/** How a notice reached her, in its record's "how" line. */
export const noticeSentWith = "Sent by email, in her language, to the address she ordered with (through the outbox)";

/**
 * What a notice told her, in English, for its record: the renewal (or her next billing date),
 * the amount and cadence, her last day to cancel, that she cancels online, and the rules it
 * was sent under.
 */
export function noticeLines(
  kind: "renewal_reminder" | "annual_notice",
  plan: PlanCode,
  renewalCents: number,
  billingAt: Date | null,
  rules: readonly string[],
): string[] {
  const price = amountAndCadence(renewalCents, plan);
  const lines =
    billingAt === null
      ? [`Her plan: ${price}.`]
      : [
          `${kind === "renewal_reminder" ? "Renews on" : "Next billing date"}: ${formatEmailDate(billingAt)}, ${formatCents(renewalCents)} (${price}).`,
          `Last day to cancel it: ${formatEmailDate(lastDayToCancelShown(billingAt))} (72 hours before the billing date).`,
        ];
  return [...lines, "She cancels online from her subscription page (her private link, in the email).", `Sent under: ${rules.join("; ")}.`];
}
