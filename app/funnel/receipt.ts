// Her receipts: one for each payment taken (the first period's capture or charge, each
// renewal) and each refund made, itemised as an HSA or FSA plan administrator asks (a card
// statement is not accepted): who was paid, who paid, when, what for (each medication, its
// dosage and the period it covers), how much, by which card, and whether a licensed provider
// prescribed it. Pure: the receipt page's server module reads the rows and asks these rules.
// Its words are in her language with her page's translator (`t`), English without.
import type { Translator } from "../i18n/languages";
import { formatCents } from "./cart";
import { formatEmailDate } from "./emails";
import { planChangeLineOf } from "./plan-change";
import { planWords, plans, type PlanCode } from "./plans";
import type { PaymentKind } from "./refunds";
import type { PaymentStatus } from "./her-subscription";
import { addMonths } from "./subscription-life";

/** Who was paid, as every receipt names it. */
export const merchantName = "Menopause Care";

/** What a plan administrator looks for before reimbursing a prescription. */
export const prescribedWords = "Prescribed by a licensed provider";

/** The English (the tests'); her page says them in her language (`receipt.none`, `receipt.printHint`). */
export const receiptMessages = {
  /** Another order's payment, a hold, a failed charge, an id that names nothing: one answer for all. */
  none: "There is no receipt for this payment on your order. Receipts are made for payments taken and refunds made, not for card holds or charges that did not go through.",
  printHint:
    "To keep a copy, use your browser's Print command (Ctrl+P, or Command+P on a Mac) and print it or save it as a PDF. The receipt fits on one page.",
} as const;

export interface ReceiptPayment {
  id: number;
  kind: PaymentKind;
  status: PaymentStatus;
  /** The period paid for (0 is the first); a refund's is the payment it gives back. */
  period: number;
  amountCents: number;
  at: Date;
  /** A refund: the payment it gives back. */
  refundOf: number | null;
}

/** A payment taken or a refund made: the movements of her money that have a receipt. */
export function hasReceipt(payment: Pick<ReceiptPayment, "kind" | "status">): boolean {
  if (payment.status !== "succeeded") return false;
  return payment.kind === "capture" || payment.kind === "charge" || payment.kind === "refund";
}

/** A paid capture or charge: the payment of a period. */
function paysAPeriod(payment: Pick<ReceiptPayment, "kind" | "status">): boolean {
  return payment.status === "succeeded" && (payment.kind === "capture" || payment.kind === "charge");
}

/** "MC-7KQ2-94XD-15": the order's reference and the payment's own number, unique and quotable. */
export function receiptNumber(reference: string, paymentId: number): string {
  return `${reference}-${paymentId}`;
}

const dayMs = 24 * 60 * 60 * 1000;

/** A line of her timeline, as the receipt reads it for her plan changes. */
export interface ReceiptTimelineLine {
  event: string;
  at: Date;
  detail: Record<string, unknown>;
}

const isPlan = (value: unknown): value is PlanCode => typeof value === "string" && Object.hasOwn(plans, value);

/**
 * The plan a payment was made on, read from her timeline (her plan now may be a later one):
 * - a change made at once ("switched": from her next billing date) is the plan of every
 *   payment from the time it was made;
 * - a change that waited behind a fixed renewal starts after the renewal that applied it
 *   (the renewal_charged line naming `new_plan`): that renewal's own payment is still on the
 *   plan before, the periods after it on the new one;
 * - before any change, the plan the first change left (the checkout's); with none, her plan.
 * A change she took back ("kept") moved no plan.
 */
export function planOfPayment(
  payment: Pick<ReceiptPayment, "period" | "at">,
  currentPlan: PlanCode,
  timeline: readonly ReceiptTimelineLine[],
): PlanCode {
  const changes = timeline.flatMap((line) => {
    const change = planChangeLineOf(line);
    return change && change.kind !== "kept" ? [change] : [];
  });
  let plan = changes[0]?.fromPlan ?? currentPlan;
  for (const line of timeline) {
    const change = planChangeLineOf(line);
    if (change?.kind === "switched" && payment.at >= line.at) plan = change.toPlan;
    const started = line.event === "renewal_charged" ? line.detail.new_plan : undefined;
    if (isPlan(started) && typeof line.detail.period === "number" && payment.period > line.detail.period) plan = started;
  }
  return plan;
}

/**
 * The dates a paid period covers. A period runs from the day it was paid until the next
 * period begins: the day the next period was paid when it has been (so a date she moved, a
 * period shipped sooner or a renewal paid on a retry day all show as they happened), else her
 * next billing date while her plan still renews, else one plan length. The last day is the
 * day before the next period begins.
 */
export function periodCovered(
  payment: Pick<ReceiptPayment, "period" | "at">,
  paid: readonly Pick<ReceiptPayment, "kind" | "status" | "period" | "at">[],
  plan: PlanCode,
  /** Her next billing date while her plan renews (null once it does not). */
  nextBillingAt: Date | null,
): { from: Date; to: Date } {
  const from = payment.at;
  const next = paid.find((other) => paysAPeriod(other) && other.period === payment.period + 1);
  const latest = !paid.some((other) => paysAPeriod(other) && other.period > payment.period);
  const nextStart = next ? next.at : latest && nextBillingAt && nextBillingAt > from ? nextBillingAt : addMonths(from, plans[plan].months);
  const to = new Date(nextStart.getTime() - dayMs);
  return { from, to: to < from ? from : to };
}

export interface CardFacts {
  brand: string | null;
  last4: string | null;
}

/**
 * Which cards her order has used. The card of each charge is not kept on the charge, so it is
 * told from when her cards changed; a charge whose card is not certain names none rather
 * than perhaps the wrong one.
 */
export interface CardHistory {
  /** The card of the hold (kept on the order): the capture's, and every charge's until another card. */
  hold: CardFacts | null;
  /** The card she gave since, charged instead of the hold's; null when she gave none. */
  current: CardFacts | null;
  /** From when `current` was charged, when that is known. */
  currentSince: Date | null;
  /** The first time she changed cards, when that is known. */
  firstChangeAt: Date | null;
  /** The hold lapsed before the review: she may have given a card then, at no recorded time. */
  holdLapsed: boolean;
}

/** The card a capture or charge at `at` was taken from, or null when that is not certain. */
export function cardOfPayment(payment: Pick<ReceiptPayment, "kind" | "at">, cards: CardHistory): CardFacts | null {
  if (payment.kind === "capture" || cards.current === null) return cards.hold;
  if (cards.currentSince !== null && payment.at >= cards.currentSince) return cards.current;
  if (cards.firstChangeAt !== null && payment.at < cards.firstChangeAt && !cards.holdLapsed) return cards.hold;
  return null;
}

/** "Visa ending 4242", or what is known of it; in her language with `t`. */
export function cardText(card: CardFacts | null, t?: Translator): string {
  if (!card?.last4) return t ? t("receipt.paidByCard") : "Paid by card";
  const known = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : undefined;
  if (t) return t("receipt.cardName", { brand: known ?? t("receipt.anyBrand"), last4: card.last4 });
  return `${known ?? "Card"} ending ${card.last4}`;
}

export interface ReceiptMedication {
  name: string;
  dosage: string;
  /** The medication's price for one period, in dollars as the order keeps it. */
  price?: number;
}

export interface ReceiptFacts {
  merchant: { name: string; address: string; phone: string; email: string };
  reference: string;
  customer: { firstName: string; lastName: string };
  plan: PlanCode;
  medications: readonly ReceiptMedication[];
  /** The payment the receipt is for: a paid capture or charge, or a refund made. */
  payment: ReceiptPayment;
  /** A refund's: the payment it gives back. */
  refunded?: ReceiptPayment;
  period: { from: Date; to: Date };
  card: CardFacts | null;
  /** A licensed provider prescribed the treatment (the order was approved). */
  prescribed: boolean;
}

export interface ReceiptLine {
  item: string;
  dosage: string;
  /** "March 3, 2027 to April 2, 2027". */
  period: string;
  amount: string | null;
}

export interface Receipt {
  kind: "payment" | "refund";
  /** "Payment" or "Refund": what this receipt is for. */
  label: string;
  receiptNumber: string;
  date: string;
  merchant: ReceiptFacts["merchant"];
  customerName: string;
  reference: string;
  plan: string;
  lines: ReceiptLine[];
  /** Lines after the items and before the total (a promo code's discount, a refund's original payment). */
  adjustments: { label: string; amount: string }[];
  total: { label: string; amount: string };
  card: string;
  /** "Refund of $50.00 to Visa ending 4242", said once plainly for a refund. */
  summary: string;
  prescribed: string | null;
}

/**
 * Each medication's own amount, when the order's prices add up to what a full period costs;
 * otherwise none (a plan whose price changed, an order kept without prices), and the total
 * carries it.
 */
function lineAmounts(
  medications: readonly ReceiptMedication[],
  paidCents: number,
  period: number,
): { amounts: (number | null)[]; discountCents: number } {
  const cents = medications.map((m) =>
    typeof m.price === "number" && Number.isFinite(m.price) && m.price >= 0 ? Math.round(m.price * 100) : null,
  );
  const sum = cents.reduce<number>((total, c) => total + (c ?? 0), 0);
  if (cents.length === 0 || cents.some((c) => c === null)) return { amounts: cents.map(() => null), discountCents: 0 };
  if (sum === paidCents) return { amounts: cents, discountCents: 0 };
  // A promo code is for the first period only: its discount is a line of its own.
  if (period === 0 && sum > paidCents) return { amounts: cents, discountCents: sum - paidCents };
  return { amounts: cents.map(() => null), discountCents: 0 };
}

/** The words of a receipt: her language's with `t`, else the English. */
function receiptWords(t?: Translator) {
  if (t) {
    const date = (at: Date) => formatEmailDate(at, t);
    return {
      date,
      period: (from: Date, to: Date) => t("receipt.periodRange", { from: date(from), to: date(to) }),
      asPrescribed: t("receipt.asPrescribed"),
      promoDiscount: t("receipt.promoDiscount"),
      originalPayment: (at: Date, number: string) => t("receipt.originalPayment", { date: date(at), number }),
      label: (refund: boolean) => t(refund ? "receipt.refund" : "receipt.payment"),
      plan: (plan: PlanCode) => t("receipt.planBilled", { label: planWords(plan, t).label, cadence: planWords(plan, t).cadence }),
      total: (refund: boolean) => t(refund ? "receipt.totalRefund" : "receipt.totalPaid"),
      summary: (refund: boolean, amount: string, card: string | null) =>
        refund
          ? card
            ? t("receipt.refundSummary", { amount, card })
            : t("receipt.refundSummaryAnyCard", { amount })
          : card
            ? t("receipt.paidSummary", { amount, card })
            : t("receipt.paidSummaryAnyCard", { amount }),
      prescribed: t("receipt.prescribed"),
    };
  }
  return {
    date: (at: Date) => formatEmailDate(at),
    period: (from: Date, to: Date) => `${formatEmailDate(from)} to ${formatEmailDate(to)}`,
    asPrescribed: "As prescribed",
    promoDiscount: "Promo code discount",
    originalPayment: (at: Date, number: string) => `Original payment on ${formatEmailDate(at)} (receipt ${number})`,
    label: (refund: boolean) => (refund ? "Refund" : "Payment"),
    plan: (plan: PlanCode) => `${plans[plan].label} (billed ${plans[plan].cadence})`,
    total: (refund: boolean) => (refund ? "Refund: amount back to your card" : "Total paid"),
    summary: (refund: boolean, amount: string, card: string | null) =>
      refund ? `Refund of ${amount} to ${card ?? "the card you paid with"}.` : `${amount} paid by ${card ?? "card"}.`,
    prescribed: prescribedWords,
  };
}

/** The receipt's content, every word of it, from the facts the page read; in her language with `t`. */
export function receiptContent(facts: ReceiptFacts, t?: Translator): Receipt {
  const words = receiptWords(t);
  const { payment } = facts;
  const refund = payment.kind === "refund";
  const original = refund ? facts.refunded : payment;
  const period = words.period(facts.period.from, facts.period.to);
  const { amounts, discountCents } =
    refund || !original
      ? { amounts: facts.medications.map(() => null), discountCents: 0 }
      : lineAmounts(facts.medications, original.amountCents, original.period);
  const lines = facts.medications.map((m, index) => ({
    item: m.name,
    dosage: m.dosage || words.asPrescribed,
    period,
    amount: amounts[index] == null ? null : formatCents(amounts[index]),
  }));
  const card = cardText(facts.card, t);
  const adjustments: Receipt["adjustments"] = [];
  if (discountCents > 0) adjustments.push({ label: words.promoDiscount, amount: `-${formatCents(discountCents)}` });
  if (refund && original) {
    adjustments.push({
      label: words.originalPayment(original.at, receiptNumber(facts.reference, original.id)),
      amount: formatCents(original.amountCents),
    });
  }
  const amount = formatCents(payment.amountCents);
  return {
    kind: refund ? "refund" : "payment",
    label: words.label(refund),
    receiptNumber: receiptNumber(facts.reference, payment.id),
    date: words.date(payment.at),
    merchant: facts.merchant,
    customerName: `${facts.customer.firstName} ${facts.customer.lastName}`.trim(),
    reference: facts.reference,
    plan: words.plan(facts.plan),
    lines,
    adjustments,
    total: { label: words.total(refund), amount },
    card,
    // A card not known is "the card you paid with", never a card named by guess.
    summary: words.summary(refund, amount, facts.card?.last4 ? card : null),
    prescribed: facts.prescribed ? words.prescribed : null,
  };
}
