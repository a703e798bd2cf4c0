// "Download my data": everything we hold about her, shaped as one JSON file she can read. Pure:
// the service (app/server/subscriptions/her-data.server.ts) reads her own rows and hands them
// here. Only what is hers and only what she can use: never a card number (we never hold one),
// never a gateway's references or keys, never the console's notes about her.
import { herCancelReasonLabels, type HerCancelReason } from "./cancel-reasons";
import { formatCents } from "./cart";
import { consentLine, type ConsentLine, type ConsentRecord } from "./consent";
import { herEventText, herPaymentText, herStateText, type PaymentStatus } from "./her-subscription";
import { planChangeAhead } from "./plan-change";
import { plans, type PlanCode } from "./plans";
import { concernOptions, motivationOptions } from "./questionnaire";
import type { PaymentKind } from "./refunds";
import type { SubscriptionEvent, SubscriptionState } from "./subscription-life";

export interface HerAddress {
  firstName?: string | null;
  lastName?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
}

interface CardOnFile {
  cardBrand: string | null;
  cardLast4: string | null;
}

/** Her own rows, as the stores read them. */
export interface HerDataSources {
  generatedAt: Date;
  details: { firstName?: string | null; lastName?: string | null; email?: string | null; phone?: string | null };
  shippingAddress: HerAddress | null;
  /** Null: the same as shipping. */
  billingAddress: HerAddress | null;
  answers: {
    reasonYouAreHereToday: readonly string[];
    concernsAboutHrt: readonly string[];
    emailAddress: string | null;
    tracking: Readonly<Record<string, string | null | undefined>>;
  } | null;
  subscription: CardOnFile & {
    reference: string;
    state: SubscriptionState;
    plan: PlanCode;
    firstPeriodCents: number;
    renewalCents: number;
    holdPlacedAt: Date;
    nextBillingAt: Date | null;
    /** The anchor her billing dates count from (with the waiting plan: which change is ahead). */
    firstPeriodStart: Date | null;
    pendingPlan: PlanCode | null;
    pendingRenewalCents: number | null;
    pendingPlanFrom: Date | null;
    periodsPaid: number;
    cancelledAt: Date | null;
    /** Why she cancelled, when she said; her own words with "Other". */
    cancelReason: string | null;
    cancelReasonNote: string | null;
    decision: string | null;
    decidedAt: Date | null;
    /** She gave another card after the hold: its brand and last four are above. */
    hasOtherCard: boolean;
  };
  order:
    | (CardOnFile & {
        status: string;
        amountCents: number;
        currency: string;
        createdAt: Date;
        authorisedAt: Date | null;
        medications: readonly { name?: string; dosage?: string; price?: number; category_name?: string }[];
        promoCode: string | null;
        shippingAddress: HerAddress | null;
        billingAddress: (HerAddress & { sameAsShipping?: boolean }) | null;
      })
    | null;
  events: readonly { event: SubscriptionEvent; at: Date; detail: Record<string, unknown> }[];
  payments: readonly {
    id: number;
    kind: PaymentKind;
    status: PaymentStatus;
    period: number;
    amountCents: number;
    refundedCents: number;
    refundOf: number | null;
    reason: string | null;
    failureMessage: string | null;
    at: Date;
  }[];
  /** Kept: the embedded mail store holds each email's words; else only what was sent, and when. */
  emails: { kept: boolean; list: readonly { kind: string; subject: string; sentAt: Date; to?: string | null; text?: string | null }[] };
  consents: readonly ConsentRecord[];
}

const money = (cents: number) => ({ cents, text: formatCents(cents) });

const orNull = (value: string | null | undefined) => (value === undefined || value === null || value === "" ? null : value);

function address(given: HerAddress | null) {
  if (!given) return null;
  return {
    firstName: orNull(given.firstName),
    lastName: orNull(given.lastName),
    addressLine1: orNull(given.addressLine1),
    addressLine2: orNull(given.addressLine2),
    city: orNull(given.city),
    state: orNull(given.state),
    zipCode: orNull(given.zipCode),
  };
}

function card(on: CardOnFile | null | undefined) {
  return on?.cardLast4 ? { brand: on.cardBrand ?? "card", last4: on.cardLast4 } : null;
}

const motivationLabels = new Map<string, string>(motivationOptions.map((option) => [option.code, option.label]));
const concernLabels = new Map<string, string>(concernOptions.map((option) => [option.code, option.label]));

function answersOf(codes: readonly string[], labels: Map<string, string>) {
  return codes.map((code) => ({ code, words: labels.get(code) ?? code }));
}

/** Her plan change still ahead (waiting behind a fixed renewal, or chosen for her next billing date). */
function changeAhead(sources: HerDataSources) {
  const ahead = planChangeAhead(sources.subscription, sources.events);
  if (!ahead) return null;
  return {
    plan: plans[ahead.plan].label,
    cadence: plans[ahead.plan].cadence,
    eachRenewal: money(ahead.cents),
    from: ahead.at.toISOString(),
    words: ahead.text,
  };
}

function cancelReasonOf(subscription: HerDataSources["subscription"]) {
  if (subscription.cancelReason === null && subscription.cancelReasonNote === null) return null;
  const code = subscription.cancelReason;
  return {
    reason: code === null ? null : { code, words: herCancelReasonLabels[code as HerCancelReason] ?? code },
    yourWords: orNull(subscription.cancelReasonNote),
  };
}

/** A timeline line's facts: plain values only (amounts, periods counted from 1, dates, reasons). */
function plainDetail(detail: Record<string, unknown>): Record<string, string | number | boolean> {
  const kept: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(detail)) {
    if (key === "period" && typeof value === "number") kept[key] = value + 1;
    else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") kept[key] = value;
  }
  return kept;
}

/**
 * The card that paid, named only when it is certain: the hold's card paid the hold and its
 * capture, and every charge while she had given no other (as her refund emails name it).
 */
function paymentCard(sources: HerDataSources, kind: PaymentKind) {
  const atCheckout = card(sources.order);
  if (kind === "hold" || kind === "capture" || kind === "release") return atCheckout;
  if (kind === "charge") return sources.subscription.hasOtherCard ? null : atCheckout;
  return null;
}

export function herDataFileName(reference: string): string {
  return `my-data-${reference.replace(/[^A-Za-z0-9-]/g, "")}.json`;
}

/** What she told us on the way: the same in every file of her data. */
function herDetails(sources: Pick<HerDataSources, "details" | "shippingAddress" | "billingAddress" | "answers">) {
  return {
    yourDetails: {
      firstName: orNull(sources.details.firstName),
      lastName: orNull(sources.details.lastName),
      email: orNull(sources.details.email),
      phone: orNull(sources.details.phone),
    },
    shippingAddress: address(sources.shippingAddress),
    billingAddress: sources.billingAddress ? address(sources.billingAddress) : "Same as your shipping address",
    yourAnswers: sources.answers
      ? {
          whyYouAreHereToday: answersOf(sources.answers.reasonYouAreHereToday, motivationLabels),
          yourConcernsAboutHrt: answersOf(sources.answers.concernsAboutHrt, concernLabels),
          emailYouGaveOnTheWay: orNull(sources.answers.emailAddress),
          howYouFoundUs: Object.fromEntries(Object.entries(sources.answers.tracking).filter(([, value]) => orNull(value) !== null)),
        }
      : null,
  };
}

/** Her rows of a visit that placed no order (or none that was authorized). */
export type FlowDataSources = Pick<
  HerDataSources,
  "generatedAt" | "details" | "shippingAddress" | "billingAddress" | "answers" | "consents"
>;

/** Everything we hold about her from a visit with no order of hers: the same file, without a plan. */
export function flowData(sources: FlowDataSources) {
  return {
    about: {
      orderReference: null,
      generatedAt: sources.generatedAt.toISOString(),
      note: "Everything we hold about you from a visit in which no order was placed. Times are UTC.",
    },
    ...herDetails(sources),
    yourConsents: sources.consents.map(consentLine),
  };
}

export type FlowData = ReturnType<typeof flowData>;

/** Everything we hold about her, as one file. */
export function herData(sources: HerDataSources) {
  const { subscription, order } = sources;
  const consents: ConsentLine[] = sources.consents.map(consentLine);
  const paymentsById = new Map(sources.payments.map((payment) => [payment.id, payment]));
  return {
    about: {
      orderReference: subscription.reference,
      generatedAt: sources.generatedAt.toISOString(),
      note: "Everything we hold about you for this order. Card numbers are never kept by us: only the card's brand and last four digits. Times are UTC; periods count from 1.",
    },
    ...herDetails(sources),
    yourPlan: {
      plan: plans[subscription.plan].label,
      cadence: plans[subscription.plan].cadence,
      status: herStateText[subscription.state].title,
      firstPeriod: money(subscription.firstPeriodCents),
      eachRenewal: money(subscription.renewalCents),
      nextBillingDate: subscription.nextBillingAt?.toISOString() ?? null,
      periodsPaid: subscription.periodsPaid,
      orderedAt: subscription.holdPlacedAt.toISOString(),
      planChangeAhead: changeAhead(sources),
      cancelledAt: subscription.cancelledAt?.toISOString() ?? null,
      whyYouCancelled: cancelReasonOf(subscription),
      medicalDecision: subscription.decision
        ? { decision: subscription.decision, at: subscription.decidedAt?.toISOString() ?? null }
        : null,
      medications: (order?.medications ?? []).map((medication) => ({
        name: medication.name ?? null,
        dosage: orNull(medication.dosage),
        category: orNull(medication.category_name),
        price: typeof medication.price === "number" ? money(Math.round(medication.price * 100)) : null,
      })),
      // The card her next payment is taken from: the one she gave last, else the checkout's.
      cardOnFile: card(subscription.hasOtherCard ? subscription : order),
    },
    orders: order
      ? [
          {
            reference: subscription.reference,
            status: order.status,
            placedAt: order.createdAt.toISOString(),
            authorisedAt: order.authorisedAt?.toISOString() ?? null,
            amount: money(order.amountCents),
            currency: order.currency,
            promoCode: order.promoCode,
            card: card(order),
            shippingAddress: address(order.shippingAddress),
            billingAddress: order.billingAddress?.sameAsShipping ? "Same as the shipping address" : address(order.billingAddress),
          },
        ]
      : [],
    payments: sources.payments.map((payment) => ({
      what: herPaymentText(payment.kind, payment.status),
      kind: payment.kind,
      status: payment.status,
      period: payment.period + 1,
      amount: money(payment.amountCents),
      refunded: payment.refundedCents > 0 ? money(payment.refundedCents) : null,
      at: payment.at.toISOString(),
      card: paymentCard(sources, payment.kind === "refund" ? (paymentsById.get(payment.refundOf ?? -1)?.kind ?? "refund") : payment.kind),
      reason: payment.reason,
      failure: payment.failureMessage,
    })),
    timeline: sources.events.map((event) => ({
      what: herEventText[event.event] ?? event.event,
      event: event.event,
      at: event.at.toISOString(),
      facts: plainDetail(event.detail),
    })),
    emailsSentToYou: {
      wordsKept: sources.emails.kept,
      list: sources.emails.list.map((email) => ({
        kind: email.kind,
        subject: email.subject,
        sentAt: email.sentAt.toISOString(),
        ...(sources.emails.kept ? { to: email.to ?? null, text: email.text ?? null } : {}),
      })),
    },
    yourConsents: consents,
  };
}

export type HerData = ReturnType<typeof herData>;
