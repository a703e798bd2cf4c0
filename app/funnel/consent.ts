// Her consent to automatic renewal, worded once: the disclosure the final checkout shows above
// her card and the record kept of it at COMPLETE PURCHASE are drawn from the same function, so
// the record holds exactly the lines she saw, her last day to cancel among them.
import { formatCents } from "./cart";
import { amountAndCadence, formatEmailDate } from "./amounts-and-dates";
import { lastDayToCancelFirstRenewal, lastDayToCancelShown, type NextRenewal } from "./last-day-to-cancel";
import { plans, type PlanCode } from "./plans";
import { renewalDisclosure, subscriptionTerms } from "./subscription-terms";
import type { Translator } from "../i18n/languages";

/** Her agreements, and the notices of her renewals and terms kept beside them (the law asks us to prove we sent them). */
export type ConsentKind = "purchase" | "plan_change" | NoticeKind;
export type NoticeKind = "renewal_reminder" | "annual_notice";

/** How she agrees at checkout: the box she ticks and the button she presses. */
export const purchaseAgreedWith = "Ticked the subscription agreement and pressed COMPLETE PURCHASE";

/**
 * The disclosure above the card on the final checkout: the plan's price and cadence, the hold
 * on her card (her first period, less any promo code), cancelling online, and her last day to
 * cancel before the first renewal (`lastDay`, from `checkoutLastDay`).
 */
export function checkoutDisclosure(t: Translator, plan: PlanCode, renewalCents: number, holdCents: number, lastDay: string): string[] {
  return renewalDisclosure(t, amountAndCadence(renewalCents, plan, t), formatCents(holdCents), holdCents !== renewalCents, lastDay);
}

/** Her last day to cancel before the first renewal of `plan` bought at `at`, in her words. */
export function checkoutLastDay(t: Translator, plan: PlanCode, at: Date): string {
  return formatEmailDate(lastDayToCancelFirstRenewal(plan, at), t);
}

/**
 * The terms above the card fields of her card pages (her card for the payments to come, or
 * another card for a payment due): the price and cadence of the renewal that follows, renewing
 * until she cancels, cancelling online, and her last day to cancel before it.
 */
export function cardPageDisclosure(t: Translator, renewal: NextRenewal): string[] {
  return [
    t("disclosure.amount", { amountAndCadence: amountAndCadence(renewal.renewalCents, renewal.plan, t) }),
    t("disclosure.cancelOnline"),
    t("disclosure.lastDayNext", { date: formatEmailDate(lastDayToCancelShown(renewal.billingAt), t) }),
  ];
}

/** How she agrees to a new plan from her plan page: the one button beside its disclosure. */
export const planChangeAgreedWith = 'Pressed "Change my plan" beside the disclosure on her plan page';

/**
 * The disclosure beside "Change my plan": the new plan's price and cadence from the day it
 * starts, renewing until she cancels, and cancelling online. No hold: her card is on file.
 */
export function planChangeDisclosure(t: Translator, plan: PlanCode, renewalCents: number, startsAt: Date): string[] {
  return [
    t("disclosure.planChange", { amountAndCadence: amountAndCadence(renewalCents, plan, t), date: formatEmailDate(startsAt, t) }),
    t("disclosure.cancelOnline"),
  ];
}

/** The terms she agrees to with the box, as shown under it, in the language she read them in. */
export function checkoutTerms(t: Translator): string[] {
  return [...subscriptionTerms(t)];
}

/** Her agreement at COMPLETE PURCHASE, as the page shows it: what her consent record keeps. */
export interface PurchaseAgreement {
  plan: PlanCode;
  /** The hold: her first period, less any promo code. */
  firstPeriodCents: number;
  /** Each later period: the plan's price, before any promo code. */
  renewalCents: number;
  disclosure: string[];
  terms: string[];
  agreedWith: string;
}

/** `at`: when she pressed COMPLETE PURCHASE, which dates her last day to cancel. */
export function purchaseAgreement(
  t: Translator,
  plan: PlanCode,
  renewalCents: number,
  firstPeriodCents: number,
  at: Date,
): PurchaseAgreement {
  return {
    plan,
    firstPeriodCents,
    renewalCents,
    disclosure: checkoutDisclosure(t, plan, renewalCents, firstPeriodCents, checkoutLastDay(t, plan, at)),
    terms: checkoutTerms(t),
    agreedWith: purchaseAgreedWith,
  };
}

const occasions: Record<ConsentKind, string> = {
  purchase: "At checkout (COMPLETE PURCHASE)",
  plan_change: "Changing her plan",
  renewal_reminder: "Reminder of a renewal, sent",
  annual_notice: "Yearly notice of her terms, sent",
};

/** When she agreed (or we told her), in words for the console and her data. */
export function consentOccasion(kind: ConsentKind): string {
  return occasions[kind];
}

export function isNotice(kind: ConsentKind): kind is NoticeKind {
  return kind === "renewal_reminder" || kind === "annual_notice";
}

/** A kept consent as it is stored: an agreement, its occasion and when. */
export interface ConsentRecord extends PurchaseAgreement {
  kind: ConsentKind;
  at: Date;
}

/** A kept consent as the console shows it and her data holds it: when, how, what, as she saw it. */
export interface ConsentLine {
  kind: ConsentKind;
  occasion: string;
  at: string;
  agreedWith: string;
  plan: string;
  cadence: string;
  firstPeriodCents: number;
  renewalCents: number;
  disclosure: string[];
  terms: string[];
}

export function consentLine(record: ConsentRecord): ConsentLine {
  return {
    kind: record.kind,
    occasion: consentOccasion(record.kind),
    at: record.at.toISOString(),
    agreedWith: record.agreedWith,
    plan: plans[record.plan]?.label ?? record.plan,
    cadence: plans[record.plan]?.cadence ?? "",
    firstPeriodCents: record.firstPeriodCents,
    renewalCents: record.renewalCents,
    disclosure: [...record.disclosure],
    terms: [...record.terms],
  };
}
