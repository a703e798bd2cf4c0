// Her emails: what each one says, worded once and drawn twice, as plain text and as simple,
// accessible HTML (one column, real headings, a link with words, no images, no tracking).
// Only what she needs about her own order: never her answers, her address or card number.
// Pure: the mail service (app/server/mail) fills in her order, her private link and her
// language (the catalogue's `email.*`); her doctor's email stays English, for a US clinician.
import { amountAndCadence, formatEmailDate } from "./amounts-and-dates";
import { formatCents } from "./cart";
import { contact } from "./marketing";
import { planWords, plans, type PlanCode } from "./plans";
import { lastDayToCancelShown } from "./last-day-to-cancel";
import { doctorEmailSubject, patientName, type PlanSummary } from "./plan-summary";
import { preAuthorisationNote, subscriptionTerms } from "./subscription-terms";
import { translator, type MessageId } from "../i18n/messages";
import type { Language, Translator } from "../i18n/languages";
import { shipToText } from "./her-address";
import { firstUseText } from "./her-card";

// Her pages and the mail service read these two from here as well.
export { amountAndCadence, formatEmailDate };

export const emailKinds = [
  /** The acknowledgment she can keep: what she ordered, the hold, the terms, her link. */
  "order_received",
  /** Prescribed and charged: the receipt for the first period. */
  "approved",
  /** Not prescribed: the hold let go. */
  "declined",
  /** The hold lapsed before the review ended: nothing charged yet. */
  "hold_expired",
  /** Prescribed, but her card could not be charged: the way to pay again. */
  "payment_needed",
  /** Before each renewal of a plan longer than a month, inside every window the law of her state asks (renewal-notice-rules.ts). */
  "renewal_reminder",
  /** At least once a year, unless a renewal reminder told her: her terms, her next billing date and how to cancel. */
  "annual_notice",
  "renewal_charged",
  "renewal_failed",
  /** Every retry of a renewal failed: the subscription ended. */
  "lapsed",
  "cancelled",
  /** She asked for her link again (the old one no longer opens her page). */
  "your_link",
  /** Money given back to her card: how much, to which card, and when she sees it. */
  "refunded",
  /** The medical team ended her plan: nothing more is billed, the last payment given back. */
  "disqualified",
  /** She changed her shipping address: the town and state only, never the street. */
  "address_changed",
  /** She moved her next billing date later, or back: the new date and how to move it back. */
  "billing_date_moved",
  /** She skipped her next period: nothing billed on the old date, the new one. */
  "period_skipped",
  /** She asked to ship sooner: the next period charged today, the dates counted from today. */
  "shipped_sooner",
  /** She changed her plan (or kept hers, cancelling a change that waited): from when, at what price, how to undo it. */
  "plan_changed",
  /** She changed the card for the payments to come: its brand and last four, from when, how to undo it. */
  "card_updated",
] as const;
export type EmailKind = (typeof emailKinds)[number];

/** Her order as every email names it. */
export interface EmailOrder {
  reference: string;
  firstName: string;
  plan: PlanCode;
  medications: { name: string; dosage: string }[];
  /** The first period (her promo discount included) and every later one. */
  firstPeriodCents: number;
  renewalCents: number;
}

/** What happened, as the transition that sends the email saw it. */
export interface EmailFacts {
  kind: EmailKind;
  amountCents?: number;
  /** The period paid or tried (0 is the first). */
  period?: number;
  /** The next billing date after this email's event, when there is one. */
  nextBillingAt?: Date;
  /** A failed renewal's next try. */
  retryAt?: Date;
  /** The bank's or gateway's words on a failed charge (never card data). */
  failure?: string;
  /** Cancelled before the review: the hold released (false: it had already ended). */
  holdReleased?: boolean;
  /** Cancelled within 72 hours of a renewal: that renewal's date, still billed. */
  lastBillingAt?: Date;
  /** Cancelled before review (true) or during the subscription (false); a card updated before review. */
  beforeReview?: boolean;
  /** A failed renewal that ends the subscription she had cancelled: nothing is retried. */
  ends?: boolean;
  /** The card money went back to, as "Visa ending 4242" (never more of it). */
  card?: string;
  /** Her new shipping address's town and two-letter state (her emails never carry the street). */
  shipCity?: string;
  shipState?: string;
  /** Her billing date changed: the date it had before (nextBillingAt is the new one). */
  previousBillingAt?: Date;
  /** Her billing date moved back to the date it had before her change. */
  movedBack?: boolean;
  /** Her plan changed (plan_changed); on renewal_charged, the waiting plan that starts after it. */
  planChange?: PlanChangeLine;
}

/**
 * A change of her plan as her emails and her plan page tell it. Switched: the new plan from her
 * next billing date. Waiting: that date was less than 72 hours away, so its renewal stays on
 * the old plan and the new one starts on the billing date after it. Kept: a waiting change
 * cancelled, her plan unchanged.
 */
export interface PlanChangeLine {
  kind: "switched" | "waiting" | "kept";
  fromPlan: PlanCode;
  /** Kept: the plan she keeps. */
  toPlan: PlanCode;
  /** Each period of `toPlan`. */
  cents: number;
  /** The first billing date on `toPlan` (kept: her next billing date). */
  startsAt: Date;
  /** Waiting: the renewal less than 72 hours away, still billed on `fromPlan`, and its amount. */
  fixedAt?: Date;
  fixedCents?: number;
}

/**
 * What a plan change does, and how to undo it: the same words on the page before she confirms
 * and in her email, in her language (`t`; English without it, as the console reads them).
 */
export function planChangeWords(line: PlanChangeLine, t: Translator = english): { summary: string; undo: string } {
  const to = planWords(line.toPlan, t).label;
  const from = planWords(line.fromPlan, t).label;
  const price = amountAndCadence(line.cents, line.toPlan, t);
  const starts = formatEmailDate(line.startsAt, t);
  const undo = t("planChange.undo", { from, date: formatEmailDate(cancelBeforeDate(line.startsAt), t), starts });
  switch (line.kind) {
    case "switched":
      return { summary: t("planChange.switched", { from, to, starts, price }), undo };
    case "waiting":
      return {
        summary: t("planChange.waiting", {
          fixedAt: line.fixedAt ? formatEmailDate(line.fixedAt, t) : t("planChange.theOneComing"),
          fixedAmount: line.fixedCents !== undefined ? formatCents(line.fixedCents) : t("planChange.currentPrice"),
          months: plans[line.fromPlan].months,
          from,
          to,
          starts,
          price,
        }),
        undo,
      };
    case "kept":
      return { summary: t("planChange.kept", { to, from, price, starts }), undo: t("planChange.keptUndo") };
  }
}

export interface EmailLinks {
  /** Her private page. */
  subscription: string;
  /** The page where she gives another card. */
  payment: string;
  /** The printable receipt of the payment or refund this email is about, when it has one. */
  receipt?: string;
}

/**
 * A paragraph, heading, list, table of facts or link. `foreign` is words we pass on as they
 * came (the bank's reason for a failed charge): the paragraph's text holds `foreignMark`
 * where they go, and the HTML marks them as English when the email is not.
 */
type Block =
  | { type: "p"; text: string; foreign?: string }
  | { type: "h2"; text: string }
  | { type: "list"; items: string[] }
  | { type: "facts"; rows: [string, string][] }
  | { type: "link"; text: string; href: string };

const foreignMark = "\u0000";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The date in texts that say "cancel before {date}": the day after the last day we tell her
 * (lastDayToCancelShown), so "before" it means by the end of a day over before the 72 hours.
 */
export function cancelBeforeDate(billingAt: Date): Date {
  return new Date(lastDayToCancelShown(billingAt).getTime() + 24 * 60 * 60 * 1000);
}

/** The English every caller without a language gets (the console, and tests of the English). */
const english = translator("en");

/**
 * "Visa ending 4242" in her language. The outbox message keeps the card as English words
 * (written when the refund or the update happened), so they are read back into brand and digits.
 */
function cardInHerWords(card: string, t: Translator): string {
  const named = /^(.+) ending (\d{4})$/.exec(card);
  if (t.language === "en" || !named) return card;
  return t("herCard.cardName", { brand: named[1] === "Card" ? t("herCard.anyBrand") : named[1], last4: named[2] });
}

/** The words that say which payment a refund gave back: a select of the message. */
function whichPayment(period: number | undefined): string {
  return period === undefined ? "none" : period === 0 ? "first" : "renewal";
}

function orderFacts(order: EmailOrder, t: Translator): Block {
  const rows: [string, string][] = [
    [t("email.factReference"), order.reference],
    [t("email.factPlan"), planWords(order.plan, t).label],
    [
      t("email.factMedications"),
      order.medications.map((m) => (m.dosage ? `${m.name} (${m.dosage})` : m.name)).join("; ") || t("email.noMedications"),
    ],
    [t("email.factPrice"), amountAndCadence(order.renewalCents, order.plan, t)],
  ];
  if (order.firstPeriodCents !== order.renewalCents) {
    rows.push([t("email.factFirstPeriod"), t("email.firstPeriodPromo", { amount: formatCents(order.firstPeriodCents) })]);
  }
  return { type: "facts", rows };
}

function linkBlocks(links: EmailLinks, t: Translator): Block[] {
  return [
    { type: "h2", text: t("email.pageHeading") },
    { type: "p", text: t("email.pageLead") },
    { type: "link", text: t("email.pageLink"), href: links.subscription },
    { type: "p", text: t("email.pageKey") },
  ];
}

/** The itemised receipt she can print or give her HSA or FSA (a card statement is not accepted). */
function receiptLink(links: EmailLinks, t: Translator): Block[] {
  return links.receipt ? [{ type: "link", text: t("email.receiptLink"), href: links.receipt }] : [];
}

const reachUs = { phone: contact.phoneDisplay, email: contact.email };

/** A sentence that ends on the bank's words about a failed charge, or without them. */
function failedCharge(t: Translator, withFailure: MessageId, without: MessageId, amount: string, failure: string | undefined): Block {
  if (!failure) return { type: "p", text: t(without, { amount }) };
  // In English the bank's words are simply part of the sentence; in her language they stay
  // as they came, marked as English in the HTML.
  if (t.language === "en") return { type: "p", text: t(withFailure, { amount, failure }) };
  return { type: "p", text: t(withFailure, { amount, failure: foreignMark }), foreign: failure };
}

function content(order: EmailOrder, facts: EmailFacts, links: EmailLinks, t: Translator): { subject: string; blocks: Block[] } {
  const reference = order.reference;
  const amount = formatCents(facts.amountCents ?? order.renewalCents);
  const months = plans[order.plan].months;
  const noRefunds = subscriptionTerms(t)[2];
  const date = (at: Date) => formatEmailDate(at, t);
  const next = facts.nextBillingAt;
  const nextLine: Block[] = next
    ? [{ type: "p", text: t("email.nextBilling", { date: date(next), amount: formatCents(order.renewalCents), months }) }]
    : [];
  const cancelRule: Block = { type: "p", text: t("email.cancelRule", { noRefunds }) };
  const releaseTiming = t("email.releaseTiming");
  const refundTiming = t("email.refundTiming");
  const card = facts.card ? cardInHerWords(facts.card, t) : "";
  const toCard = { cardKnown: facts.card ? "yes" : "no", card };
  switch (facts.kind) {
    case "order_received":
      return {
        subject: t("email.orderReceivedSubject", { reference }),
        blocks: [
          { type: "p", text: t("email.orderReceived") },
          orderFacts(order, t),
          { type: "h2", text: t("email.holdHeading") },
          { type: "p", text: t("email.hold", { amount: formatCents(order.firstPeriodCents), preAuthorised: preAuthorisationNote(t) }) },
          { type: "h2", text: t("email.termsHeading") },
          {
            type: "list",
            items: [t("email.oncePrescribed", { price: amountAndCadence(order.renewalCents, order.plan, t) }), ...subscriptionTerms(t)],
          },
          { type: "p", text: t("email.cancelAnyTime") },
        ],
      };
    case "approved":
      return {
        subject: t("email.approvedSubject", { reference }),
        blocks: [
          { type: "p", text: t("email.approved", { amount, months }) },
          orderFacts(order, t),
          { type: "p", text: t("email.ships") },
          ...nextLine,
          cancelRule,
          ...receiptLink(links, t),
        ],
      };
    case "declined":
      return {
        subject: t("email.declinedSubject", { reference }),
        blocks: [
          { type: "p", text: t("email.declined") },
          {
            type: "p",
            text:
              facts.holdReleased === false
                ? t("email.holdAlreadyEnded")
                : t("email.holdReleased", { amount: formatCents(order.firstPeriodCents), releaseTiming }),
          },
          { type: "p", text: t("email.declinedClosed") },
        ],
      };
    case "hold_expired":
      return {
        subject: t("email.holdExpiredSubject", { reference }),
        blocks: [
          { type: "p", text: t("email.holdExpired") },
          { type: "p", text: t("email.holdExpiredCharge", { amount: formatCents(order.firstPeriodCents) }) },
          { type: "link", text: t("email.useAnotherCard"), href: links.payment },
        ],
      };
    case "payment_needed":
      return {
        subject: t("email.paymentNeededSubject", { reference }),
        blocks: [
          failedCharge(t, "email.paymentNeededBecause", "email.paymentNeeded", amount, facts.failure),
          { type: "p", text: t("email.paymentNeededPay") },
          { type: "link", text: t("email.payWithAnother"), href: links.payment },
        ],
      };
    case "renewal_reminder": {
      const at = next ?? new Date();
      return {
        subject: t("email.reminderSubject", { plan: planWords(order.plan, t).name, date: date(at) }),
        blocks: [
          { type: "p", text: t("email.reminder", { date: date(at), amount, months }) },
          orderFacts(order, t),
          { type: "p", text: t("email.reminderCancel", { date: date(cancelBeforeDate(at)), noRefunds }) },
        ],
      };
    }
    case "annual_notice":
      return {
        subject: t("email.annualNoticeSubject", { plan: planWords(order.plan, t).name }),
        blocks: [
          { type: "p", text: t("email.annualNotice") },
          orderFacts(order, t),
          ...(next
            ? [...nextLine, { type: "p" as const, text: t("email.reminderCancel", { date: date(cancelBeforeDate(next)), noRefunds }) }]
            : []),
          { type: "p", text: t("email.cancelAnyTime") },
        ],
      };
    case "renewal_charged": {
      const change = facts.planChange;
      return {
        subject: t("email.renewalChargedSubject", { reference }),
        blocks: [
          { type: "p", text: t("email.renewalCharged", { amount, months: plans[change?.fromPlan ?? order.plan].months }) },
          // The plan she chose when this renewal was already fixed starts after it.
          ...(change
            ? [
                {
                  type: "p" as const,
                  text: t("email.renewalChargedChange", {
                    plan: planWords(change.toPlan, t).label,
                    date: date(change.startsAt),
                    price: amountAndCadence(change.cents, change.toPlan, t),
                  }),
                },
              ]
            : []),
          orderFacts(order, t),
          ...(next ? nextLine : [{ type: "p" as const, text: t("email.lastPayment") }]),
          ...(next ? [cancelRule] : []),
          ...receiptLink(links, t),
        ],
      };
    }
    case "renewal_failed":
      return {
        subject: t("email.renewalFailedSubject", { reference }),
        blocks: [
          failedCharge(t, "email.renewalFailedBecause", "email.renewalFailed", amount, facts.failure),
          ...(facts.ends
            ? [{ type: "p" as const, text: t("email.renewalFailedEnds") }]
            : [
                { type: "p" as const, text: facts.retryAt ? t("email.retryThenPayNow", { date: date(facts.retryAt) }) : t("email.payNow") },
                { type: "link" as const, text: t("email.payWithAnother"), href: links.payment },
              ]),
        ],
      };
    case "lapsed":
      return {
        subject: t("email.lapsedSubject", { reference }),
        blocks: [
          { type: "p", text: t("email.lapsed") },
          { type: "p", text: t("email.lapsedRestart", reachUs) },
        ],
      };
    case "cancelled": {
      const blocks: Block[] = [];
      if (facts.beforeReview) {
        blocks.push({
          type: "p",
          text:
            facts.holdReleased === false
              ? t("email.canceledBeforeReviewHoldEnded")
              : t("email.canceledBeforeReview", { amount: formatCents(order.firstPeriodCents), releaseTiming }),
        });
      } else if (facts.lastBillingAt) {
        blocks.push({
          type: "p",
          text: t("email.canceledLastRenewal", { date: date(facts.lastBillingAt), amount: formatCents(order.renewalCents) }),
        });
      } else {
        blocks.push({ type: "p", text: t("email.canceled") });
        blocks.push({ type: "p", text: noRefunds });
      }
      return { subject: t("email.canceledSubject", { reference }), blocks };
    }
    case "refunded": {
      const payment = whichPayment(facts.period);
      return {
        subject: t("email.refundedSubject", { reference }),
        blocks: [
          {
            type: "p",
            text: facts.amountCents
              ? t("email.refunded", { amount: formatCents(facts.amountCents), payment, ...toCard })
              : t("email.refundMade", { payment, ...toCard }),
          },
          { type: "p", text: t("email.refundNothingToDo", { refundTiming }) },
          orderFacts(order, t),
          ...receiptLink(links, t),
        ],
      };
    }
    case "disqualified": {
      // One email says it all: the plan has ended, and what happened to her money. Never why:
      // the clinician's note stays in the clinical record.
      const money: Block[] =
        facts.holdReleased === true
          ? [{ type: "p", text: t("email.holdReleased", { amount: formatCents(order.firstPeriodCents), releaseTiming }) }]
          : facts.holdReleased === false
            ? [{ type: "p", text: t("email.holdAlreadyEnded") }]
            : facts.amountCents
              ? [{ type: "p", text: t("email.disqualifiedRefund", { amount: formatCents(facts.amountCents), ...toCard, refundTiming }) }]
              : [];
      return {
        subject: t("email.disqualifiedSubject", { reference }),
        blocks: [{ type: "p", text: t("email.disqualified") }, ...money, { type: "p", text: t("email.disqualifiedEnd") }],
      };
    }
    case "address_changed":
      return {
        subject: t("email.addressChangedSubject", { reference }),
        blocks: [
          {
            type: "p",
            text:
              facts.shipCity && facts.shipState
                ? t("email.addressChangedTo", { place: shipToText(facts.shipCity, facts.shipState) })
                : t("email.addressChanged"),
          },
          { type: "p", text: t("email.shipmentOnItsWay") },
          { type: "p", text: t("email.addressUndo", reachUs) },
        ],
      };
    case "billing_date_moved":
    case "period_skipped":
    case "shipped_sooner":
      return billingDateEmail(order, facts, t, { nextLine, cancelRule });
    case "card_updated":
      return {
        subject: t("email.cardUpdatedSubject", { reference }),
        blocks: [
          { type: "p", text: t("email.cardUpdated", { card: card || t("email.cardYouGave") }) },
          { type: "p", text: firstUseText(facts.beforeReview === true, next ?? null, date, t) },
          { type: "p", text: t("email.cardUndo", reachUs) },
        ],
      };
    case "plan_changed": {
      const change = facts.planChange;
      if (!change) return { subject: t("email.planSubject", { reference }), blocks: [{ type: "p", text: t("email.planChangedUnknown") }] };
      const words = planChangeWords(change, t);
      const plan = planWords(change.toPlan, t).label;
      return {
        subject:
          change.kind === "kept"
            ? t("email.planKeptSubject", { reference, plan })
            : t("email.planChangesSubject", { reference, plan, date: date(change.startsAt) }),
        blocks: [
          { type: "p", text: t("email.asYouAsked", { summary: words.summary }) },
          { type: "p", text: words.undo },
          cancelRule,
          { type: "p", text: t("email.notYouCall", reachUs) },
        ],
      };
    }
    case "your_link":
      return {
        subject: t("email.yourLinkSubject", { reference }),
        blocks: [{ type: "p", text: t("email.yourLink") }, orderFacts(order, t)],
      };
  }
}

/**
 * Her billing date moved, moved back, a period skipped, or her next period shipped sooner:
 * what changed, the new date, and how to move it back (ship sooner moved money: not by herself).
 */
function billingDateEmail(
  order: EmailOrder,
  facts: EmailFacts,
  t: Translator,
  shared: { nextLine: Block[]; cancelRule: Block },
): { subject: string; blocks: Block[] } {
  const reference = order.reference;
  const months = plans[order.plan].months;
  const to = facts.nextBillingAt ? formatEmailDate(facts.nextBillingAt, t) : t("email.yourNextBillingDate");
  const from = facts.previousBillingAt ? formatEmailDate(facts.previousBillingAt, t) : t("email.yourEarlierBillingDate");
  const moveBack: Block = { type: "p", text: t("email.moveBack", { from }) };
  const charge: Block = { type: "p", text: t("email.chargeOn", { to, amount: formatCents(order.renewalCents), months }) };
  if (facts.kind === "shipped_sooner") {
    return {
      subject: t("email.shippedSoonerSubject", { reference }),
      blocks: [
        { type: "p", text: t("email.shippedSooner", { amount: formatCents(facts.amountCents ?? order.renewalCents), months, from }) },
        orderFacts(order, t),
        { type: "p", text: t("email.datesFromToday", { to }) },
        { type: "p", text: t("email.paymentStays", reachUs) },
        shared.cancelRule,
      ],
    };
  }
  if (facts.kind === "period_skipped") {
    return {
      subject: t("email.skippedSubject", { reference }),
      blocks: [{ type: "p", text: t("email.skipped", { from, to }) }, charge, moveBack, shared.cancelRule],
    };
  }
  if (facts.movedBack) {
    return {
      subject: t("email.movedBackSubject", { reference, to }),
      blocks: [{ type: "p", text: t("email.movedBack", { from, to }) }, ...shared.nextLine, shared.cancelRule],
    };
  }
  return {
    subject: t("email.movedSubject", { reference, to }),
    blocks: [{ type: "p", text: t("email.moved", { from, to }) }, charge, moveBack, shared.cancelRule],
  };
}

/**
 * The email of `facts.kind` for her order, in text and HTML, with her private link, in her
 * language (`t`: the language she ordered in; English without it).
 */
export function renderEmail(order: EmailOrder, facts: EmailFacts, links: EmailLinks, t: Translator = english): RenderedEmail {
  const { subject, blocks } = content(order, facts, links, t);
  const all: Block[] = [
    { type: "p", text: t("email.greeting", { name: order.firstName }) },
    ...blocks,
    ...linkBlocks(links, t),
    { type: "p", text: t("email.help", reachUs) },
  ];
  return { subject, text: toText(all), html: toHtml(subject, all, t.language) };
}

/**
 * Her plan for her own doctor: what she chose, her note, and the printable page. It goes out
 * under our name to an address she typed, so the subject is ours alone, her name is used only
 * when it reads as a name (patientName), and her note was refused at the form if it held a link.
 */
export function renderDoctorEmail(
  summary: PlanSummary,
  from: { firstName: string | null; note: string | null },
  printable: string,
): RenderedEmail {
  const who = patientName(from.firstName);
  const subject = doctorEmailSubject;
  const blocks: Block[] = [
    { type: "p", text: "Hello," },
    {
      type: "p",
      text: `${who} is considering this menopause treatment plan with Menopause Care and asked us to send it to you. A licensed provider of ours reviews it before anything is prescribed.`,
    },
    ...(from.note
      ? [
          { type: "h2" as const, text: `A note from ${who}` },
          { type: "p" as const, text: from.note },
        ]
      : []),
    { type: "h2", text: "The plan" },
    {
      type: "facts",
      rows: [
        ["Plan", `${summary.plan} (${summary.cadence})`],
        ...summary.medications.map((m): [string, string] => [m.category, `${m.name}: ${m.description}`]),
        ["Starting dosage", summary.startingDosage],
        ["Price", summary.total],
      ],
    },
    { type: "h2", text: "What the provider's review involves" },
    { type: "list", items: summary.review },
    { type: "link", text: "View or print the plan", href: printable },
    { type: "p", text: `Questions? Call ${summary.contact.phone} or email ${summary.contact.email}.` },
  ];
  return { subject, text: toText(blocks), html: toHtml(subject, blocks) };
}

/**
 * The link to her consumer health data, asked for on the policy's page: only the link, how
 * long it works and what to do if she did not ask; no name (anyone may ask for any address).
 */
export function renderHealthDataEmail(link: string, hours: number, t: Translator = english): RenderedEmail {
  const subject = t("healthDataEmail.subject");
  const blocks: Block[] = [
    { type: "p", text: t("healthDataEmail.lead") },
    { type: "link", text: t("healthDataEmail.link"), href: link },
    { type: "p", text: t("healthDataEmail.expires", { hours }) },
    { type: "p", text: t("healthDataEmail.notYou") },
    { type: "p", text: t("email.help", reachUs) },
  ];
  return { subject, text: toText(blocks), html: toHtml(subject, blocks, t.language) };
}

function toText(blocks: Block[]): string {
  const parts = blocks.map((block) => {
    switch (block.type) {
      case "p":
        return block.foreign === undefined ? block.text : block.text.replace(foreignMark, block.foreign);
      case "h2":
        return block.text.toUpperCase();
      case "list":
        return block.items.map((item) => `- ${item}`).join("\n");
      case "facts":
        return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
      case "link":
        return `${block.text}: ${block.href}`;
    }
  });
  return `${parts.join("\n\n")}\n`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const styles = {
  body: "margin:0;padding:24px 16px;background:#ffffff;color:#2b2330;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5",
  main: "max-width:560px;margin:0 auto",
  h2: "font-size:18px;margin:24px 0 8px",
  p: "margin:0 0 16px",
  th: "text-align:left;padding:4px 12px 4px 0;vertical-align:top;font-weight:600",
  td: "padding:4px 0;vertical-align:top",
  a: "display:inline-block;padding:12px 20px;background:#6b3a68;color:#ffffff;border-radius:6px;font-weight:600;text-decoration:underline",
};

/** A paragraph's HTML: words passed on as they came carry their own language. */
function paragraphHtml(block: Extract<Block, { type: "p" }>): string {
  if (block.foreign === undefined) return escapeHtml(block.text);
  return escapeHtml(block.text).replace(foreignMark, `<span lang="en">${escapeHtml(block.foreign)}</span>`);
}

function toHtml(subject: string, blocks: Block[], language: Language = "en"): string {
  const body = blocks
    .map((block) => {
      switch (block.type) {
        case "p":
          return `<p style="${styles.p}">${paragraphHtml(block)}</p>`;
        case "h2":
          return `<h2 style="${styles.h2}">${escapeHtml(block.text)}</h2>`;
        case "list":
          return `<ul style="${styles.p}">${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
        case "facts":
          return `<table role="presentation" style="${styles.p};border-collapse:collapse">${block.rows
            .map(
              ([label, value]) =>
                `<tr><th scope="row" style="${styles.th}">${escapeHtml(label)}</th><td style="${styles.td}">${escapeHtml(value)}</td></tr>`,
            )
            .join("")}</table>`;
        case "link":
          return `<p style="${styles.p}"><a href="${escapeHtml(block.href)}" style="${styles.a}">${escapeHtml(block.text)}</a></p>`;
      }
    })
    .join("\n");
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="${styles.body}">
<main style="${styles.main}">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(subject)}</h1>
${body}
</main>
</body>
</html>
`;
}
