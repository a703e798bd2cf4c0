// Her emails: what each one says, worded once and drawn twice, as plain text and as simple,
// accessible HTML (one column, real headings, a link with words, no images, no tracking).
// Only what she needs about her own order: never her answers, her address or card number.
// Pure: the mail service (app/server/mail) fills in her order and her private link.
import { amountAndCadence, formatEmailDate } from "./amounts-and-dates";
import { formatCents } from "./cart";
import { contact } from "./marketing";
import { plans, type PlanCode } from "./plans";
import { cancelNoticeMs } from "./subscription-life";
import { doctorEmailSubject, patientName, type PlanSummary } from "./plan-summary";
import { preAuthorisationNote as preAuthorisationNoteIn, subscriptionTerms as subscriptionTermsIn } from "./subscription-terms";
import { translator } from "../i18n/messages";
import type { Translator } from "../i18n/languages";

// Until her emails are written in her language, in English.
const subscriptionTerms = subscriptionTermsIn(translator("en"));
const preAuthorisationNote = preAuthorisationNoteIn(translator("en"));
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
  /** 15 to 45 days before a 6-month or yearly plan renews. */
  "renewal_reminder",
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
export function planChangeWords(line: PlanChangeLine, _t?: Translator): { summary: string; undo: string } {
  const to = plans[line.toPlan].label;
  const from = plans[line.fromPlan].label;
  const price = amountAndCadence(line.cents, line.toPlan);
  const starts = formatEmailDate(line.startsAt);
  const undo = `Changed your mind? Choose your ${from} plan again from your subscription page before ${formatEmailDate(cancelBeforeDate(line.startsAt))} (72 hours before ${starts}).`;
  switch (line.kind) {
    case "switched":
      return {
        summary: `Your plan changes from ${from} to ${to} on your next billing date, ${starts}. From then on it costs ${price}. The period you have already paid for does not change.`,
        undo,
      };
    case "waiting":
      return {
        summary: `Your next billing date, ${line.fixedAt ? formatEmailDate(line.fixedAt) : "the one coming"}, is less than 72 hours away, so, as the terms say, that renewal is fixed: ${line.fixedCents !== undefined ? formatCents(line.fixedCents) : "your current price"} for one more ${periodWords(line.fromPlan)} of your ${from} plan. Your plan then changes to ${to} on ${starts}, and from then on it costs ${price}.`,
        undo,
      };
    case "kept":
      return {
        summary: `You are keeping your ${to} plan: the change to ${from} that was waiting is cancelled. Your plan costs ${price}, and your next billing date is ${starts}.`,
        undo: "You can change your plan again from your subscription page.",
      };
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

type Block =
  | { type: "p"; text: string }
  | { type: "h2"; text: string }
  | { type: "list"; items: string[] }
  | { type: "facts"; rows: [string, string][] }
  | { type: "link"; text: string; href: string };

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}


/** The last day on which cancelling still stops a renewal: the day before the 72 hours begin. */
export function cancelBeforeDate(billingAt: Date): Date {
  return new Date(billingAt.getTime() - cancelNoticeMs);
}


/** "for your next 3 months" / "for your next month". */
function periodWords(plan: PlanCode): string {
  const months = plans[plan].months;
  return months === 1 ? "month" : `${months} months`;
}

const refundTiming = "Depending on your bank, a refund reaches your account within 5 to 10 business days.";

const releaseTiming =
  "Depending on your bank, a released hold leaves your statement within 5 to 10 business days.";

function orderFacts(order: EmailOrder): Block {
  const rows: [string, string][] = [
    ["Order reference", order.reference],
    ["Plan", plans[order.plan].label],
    ["Medications", order.medications.map((m) => (m.dosage ? `${m.name} (${m.dosage})` : m.name)).join("; ") || "None"],
    ["Price", amountAndCadence(order.renewalCents, order.plan)],
  ];
  if (order.firstPeriodCents !== order.renewalCents) {
    rows.push(["First period", `${formatCents(order.firstPeriodCents)} (promo code applied)`]);
  }
  return { type: "facts", rows };
}

function linkBlocks(links: EmailLinks): Block[] {
  return [
    { type: "h2", text: "Your subscription page" },
    {
      type: "p",
      text: "See your order, its payments and its next billing date, or cancel online at any time, from your private page:",
    },
    { type: "link", text: "Open your subscription page", href: links.subscription },
    {
      type: "p",
      text: "This link is your private key to your order: anyone who has it can see and cancel it, so please do not forward this email. You can ask for a new link at any time; the old one then stops working.",
    },
  ];
}

/** The itemised receipt she can print or give her HSA or FSA (a card statement is not accepted). */
function receiptLink(links: EmailLinks): Block[] {
  return links.receipt ? [{ type: "link", text: "View and print your receipt", href: links.receipt }] : [];
}

function help(): Block {
  return { type: "p", text: `Questions? Call ${contact.phoneDisplay} or email ${contact.email}.` };
}

function content(order: EmailOrder, facts: EmailFacts, links: EmailLinks): { subject: string; blocks: Block[] } {
  const ref = order.reference;
  const amount = formatCents(facts.amountCents ?? order.renewalCents);
  const next = facts.nextBillingAt;
  const nextLine: Block[] = next
    ? [{ type: "p", text: `Your next billing date is ${formatEmailDate(next)}: ${formatCents(order.renewalCents)} for the following ${periodWords(order.plan)}.` }]
    : [];
  const cancelRule: Block = {
    type: "p",
    text: `To stop a renewal, cancel online at least 72 hours before the billing date. ${subscriptionTerms[2]}`,
  };
  switch (facts.kind) {
    case "order_received":
      return {
        subject: `We've received your order ${ref}`,
        blocks: [
          { type: "p", text: "Thank you for your order. A licensed provider will review your plan; our team will contact you within 24 hours." },
          orderFacts(order),
          { type: "h2", text: "A hold, not a charge" },
          {
            type: "p",
            text: `We have placed a hold of ${formatCents(order.firstPeriodCents)} on your card. ${preAuthorisationNote} If your treatment is not prescribed, the hold is released and nothing is charged.`,
          },
          { type: "h2", text: "Renewal and cancellation" },
          { type: "list", items: [`Once prescribed, your plan costs ${amountAndCadence(order.renewalCents, order.plan)}.`, ...subscriptionTerms] },
          { type: "p", text: "You can cancel online at any time from your subscription page." },
        ],
      };
    case "approved":
      return {
        subject: `Your treatment was prescribed: receipt for ${ref}`,
        blocks: [
          { type: "p", text: `A licensed provider has reviewed and prescribed your plan. We charged ${amount} to your card for your first ${periodWords(order.plan)}.` },
          orderFacts(order),
          { type: "p", text: "Your medication ships within 3-5 business days." },
          ...nextLine,
          cancelRule,
          ...receiptLink(links),
        ],
      };
    case "declined":
      return {
        subject: `Your order ${ref} was not prescribed`,
        blocks: [
          { type: "p", text: "After reviewing your plan, the medical team did not prescribe this treatment." },
          {
            type: "p",
            text:
              facts.holdReleased === false
                ? "Nothing was charged: the hold on your card had already ended."
                : `Nothing was charged: we released the ${formatCents(order.firstPeriodCents)} hold on your card. ${releaseTiming}`,
          },
          { type: "p", text: "This order is closed and nothing more will be charged. You are welcome to talk to your own doctor about other options." },
        ],
      };
    case "hold_expired":
      return {
        subject: `The hold on your card for ${ref} has ended`,
        blocks: [
          {
            type: "p",
            text: "The review of your plan is taking longer than a card hold lasts, so the hold on your card has ended. Nothing was charged.",
          },
          {
            type: "p",
            text: `If a provider prescribes your treatment, we will charge ${formatCents(order.firstPeriodCents)} to the card you gave. To use another card instead, give it on this page:`,
          },
          { type: "link", text: "Use another card", href: links.payment },
        ],
      };
    case "payment_needed":
      return {
        subject: `Payment needed for your order ${ref}`,
        blocks: [
          {
            type: "p",
            text: `A licensed provider has prescribed your treatment, but we could not charge ${amount} to your card${facts.failure ? `: ${facts.failure}` : "."}`,
          },
          { type: "p", text: "To receive your medication, pay with another card on this page:" },
          { type: "link", text: "Pay with another card", href: links.payment },
        ],
      };
    case "renewal_reminder": {
      const at = next ?? new Date();
      return {
        subject: `Your ${plans[order.plan].name} plan renews on ${formatEmailDate(at)}`,
        blocks: [
          {
            type: "p",
            text: `Your subscription renews automatically on ${formatEmailDate(at)}. On that day we will charge ${amount} to your card for the next ${periodWords(order.plan)}.`,
          },
          orderFacts(order),
          {
            type: "p",
            text: `To stop this renewal, cancel online before ${formatEmailDate(cancelBeforeDate(at))} (at least 72 hours before the billing date). ${subscriptionTerms[2]}`,
          },
        ],
      };
    }
    case "renewal_charged":
      return {
        subject: `Receipt: your renewal of ${ref}`,
        blocks: [
          { type: "p", text: `We charged ${amount} to your card for the next ${periodWords(facts.planChange?.fromPlan ?? order.plan)} of your plan.` },
          // The plan she chose when this renewal was already fixed starts after it.
          ...(facts.planChange
            ? [{ type: "p" as const, text: `As you asked, your plan now changes to ${plans[facts.planChange.toPlan].label}: from ${formatEmailDate(facts.planChange.startsAt)} it costs ${amountAndCadence(facts.planChange.cents, facts.planChange.toPlan)}.` }]
            : []),
          orderFacts(order),
          ...(next ? nextLine : [{ type: "p" as const, text: "This was the last payment of your subscription, which you cancelled: nothing more will be charged." }]),
          ...(next ? [cancelRule] : []),
          ...receiptLink(links),
        ],
      };
    case "renewal_failed":
      return {
        subject: `We could not charge your renewal of ${ref}`,
        blocks: [
          { type: "p", text: `We could not charge ${amount} to your card for your renewal${facts.failure ? `: ${facts.failure}` : "."}` },
          ...(facts.ends
            ? [{ type: "p" as const, text: "You had cancelled this subscription, so we will not try again: it has ended and nothing more will be charged." }]
            : [
                {
                  type: "p" as const,
                  text: `${facts.retryAt ? `We will try your card again on ${formatEmailDate(facts.retryAt)}. ` : ""}To keep your treatment without a break, pay now with another card:`,
                },
                { type: "link" as const, text: "Pay with another card", href: links.payment },
              ]),
        ],
      };
    case "lapsed":
      return {
        subject: `Your subscription ${ref} has ended`,
        blocks: [
          { type: "p", text: "We tried your card on each retry day and could not charge your renewal, so your subscription has ended." },
          { type: "p", text: `Nothing more will be charged. To start again, call ${contact.phoneDisplay} or email ${contact.email}.` },
        ],
      };
    case "cancelled": {
      const blocks: Block[] = [];
      if (facts.beforeReview) {
        blocks.push({
          type: "p",
          text:
            facts.holdReleased === false
              ? "You cancelled your order before it was reviewed. The hold on your card had already ended; nothing was charged."
              : `You cancelled your order before it was reviewed. We released the ${formatCents(order.firstPeriodCents)} hold on your card; nothing was charged. ${releaseTiming}`,
        });
      } else if (facts.lastBillingAt) {
        blocks.push({
          type: "p",
          text: `Your subscription is cancelled. You cancelled less than 72 hours before your next billing date, so, as the terms say, the renewal on ${formatEmailDate(facts.lastBillingAt)} of ${formatCents(order.renewalCents)} is still billed. After that, nothing more will be charged.`,
        });
      } else {
        blocks.push({
          type: "p",
          text: "Your subscription is cancelled. No further renewal will be billed: nothing more will be charged.",
        });
        blocks.push({ type: "p", text: subscriptionTerms[2] });
      }
      return { subject: `Your subscription ${ref} is cancelled`, blocks };
    }
    case "refunded": {
      const toCard = facts.card ? `your ${facts.card}` : "the card you paid with";
      const ofWhich = facts.period === undefined ? "" : facts.period === 0 ? " of your first payment" : " of your renewal payment";
      return {
        subject: `Your refund for order ${ref}`,
        blocks: [
          {
            type: "p",
            text: facts.amountCents ? `We have refunded ${formatCents(facts.amountCents)}${ofWhich} to ${toCard}.` : `We have made a refund${ofWhich} to ${toCard}.`,
          },
          { type: "p", text: `${refundTiming} You do not need to do anything.` },
          orderFacts(order),
          ...receiptLink(links),
        ],
      };
    }
    case "disqualified": {
      // One email says it all: the plan has ended, and what happened to her money. Never why:
      // the clinician's note stays in the clinical record.
      const money: Block[] =
        facts.holdReleased === true
          ? [{ type: "p", text: `Nothing was charged: we released the ${formatCents(order.firstPeriodCents)} hold on your card. ${releaseTiming}` }]
          : facts.holdReleased === false
            ? [{ type: "p", text: "Nothing was charged: the hold on your card had already ended." }]
            : facts.amountCents
              ? [
                  {
                    type: "p",
                    text: `As our terms promise, we are refunding your most recent payment in full: ${formatCents(facts.amountCents)} to ${facts.card ? `your ${facts.card}` : "the card you paid with"}. ${refundTiming}`,
                  },
                ]
              : [];
      return {
        subject: `Your treatment plan ${ref} has ended`,
        blocks: [
          {
            type: "p",
            text: "After reviewing your health information, a licensed provider has found that this treatment is not right for you at this time, so we have ended your subscription. We are sorry this is not the news you hoped for.",
          },
          ...money,
          { type: "p", text: "Nothing more will be charged and no more medication will be sent. Please talk to your own doctor about other options that may suit you." },
        ],
      };
    }
    case "address_changed": {
      const where = facts.shipCity && facts.shipState ? ` in ${shipToText(facts.shipCity, facts.shipState)}` : "";
      return {
        subject: `Your shipping address for ${ref} is changed`,
        blocks: [
          { type: "p", text: `You changed the shipping address of your order. From your next shipment on, we will send your medication to your new address${where}.` },
          { type: "p", text: "A shipment already on its way still goes to the address it was sent to." },
          {
            type: "p",
            text: `To undo it, change your address again from your subscription page. If you did not make this change, please call ${contact.phoneDisplay} or email ${contact.email}.`,
          },
        ],
      };
    }
    case "billing_date_moved":
    case "period_skipped":
    case "shipped_sooner":
      return billingDateEmail(order, facts, { nextLine, cancelRule });
    case "card_updated":
      return {
        subject: `Your card for ${ref} is updated`,
        blocks: [
          { type: "p", text: `Your card for future payments is now ${facts.card ?? "the card you gave"}.` },
          { type: "p", text: firstUseText(facts.beforeReview === true, next ?? null, formatEmailDate) },
          {
            type: "p",
            text: `To undo it, update your card again from your subscription page. If you did not make this change, please call ${contact.phoneDisplay} or email ${contact.email} at once.`,
          },
        ],
      };
    case "plan_changed": {
      const change = facts.planChange;
      if (!change) return { subject: `Your plan for ${ref}`, blocks: [{ type: "p", text: "Your plan was changed. Your subscription page shows it as it is now." }] };
      const words = planChangeWords(change);
      return {
        subject:
          change.kind === "kept"
            ? `Your plan for ${ref} stays ${plans[change.toPlan].label}`
            : `Your plan for ${ref} changes to ${plans[change.toPlan].label} on ${formatEmailDate(change.startsAt)}`,
        blocks: [
          { type: "p", text: `As you asked: ${words.summary}` },
          { type: "p", text: words.undo },
          cancelRule,
          { type: "p", text: `If you did not make this change, please call ${contact.phoneDisplay} or email ${contact.email}.` },
        ],
      };
    }
    case "your_link":
      return {
        subject: `Your link to order ${ref}`,
        blocks: [
          { type: "p", text: "You asked for the link to your order. Here it is; it replaces any link we sent you before." },
          orderFacts(order),
        ],
      };
  }
}

/**
 * Her billing date moved, moved back, a period skipped, or her next period shipped sooner:
 * what changed, the new date, and how to move it back (ship sooner moved money: not by herself).
 */
function billingDateEmail(order: EmailOrder, facts: EmailFacts, shared: { nextLine: Block[]; cancelRule: Block }): { subject: string; blocks: Block[] } {
  const ref = order.reference;
  const to = facts.nextBillingAt ? formatEmailDate(facts.nextBillingAt) : "your next billing date";
  const from = facts.previousBillingAt ? formatEmailDate(facts.previousBillingAt) : "your earlier billing date";
  const moveBack: Block = {
    type: "p",
    text: `Changed your mind? You can move it back to ${from} from your subscription page, up to 72 hours before that date.`,
  };
  const charge: Block = {
    type: "p",
    text: `On ${to} we will charge ${formatCents(order.renewalCents)} for your next ${periodWords(order.plan)}, and your billing dates then count on from that day.`,
  };
  if (facts.kind === "shipped_sooner") {
    return {
      subject: `Receipt: your next period of ${ref} ships sooner`,
      blocks: [
        {
          type: "p",
          text: `As you asked, we charged ${formatCents(facts.amountCents ?? order.renewalCents)} to your card today for your next ${periodWords(order.plan)}, instead of on ${from}. Your medication ships within 3-5 business days.`,
        },
        orderFacts(order),
        { type: "p", text: `Your billing dates now count from today: your next billing date is ${to}.` },
        {
          type: "p",
          text: `A payment made cannot be moved back from your subscription page. If you did not mean to ship sooner, please call ${contact.phoneDisplay} or email ${contact.email}.`,
        },
        shared.cancelRule,
      ],
    };
  }
  if (facts.kind === "period_skipped") {
    return {
      subject: `Your next period of ${ref} is skipped`,
      blocks: [
        { type: "p", text: `As you asked, we skipped your next period: nothing is charged or shipped on ${from}. Your next billing date is now ${to}.` },
        charge,
        moveBack,
        shared.cancelRule,
      ],
    };
  }
  if (facts.movedBack) {
    return {
      subject: `Your next billing date for ${ref} is back to ${to}`,
      blocks: [{ type: "p", text: `As you asked, we moved your next billing date back from ${from} to ${to}.` }, ...shared.nextLine, shared.cancelRule],
    };
  }
  return {
    subject: `Your next billing date for ${ref} is now ${to}`,
    blocks: [{ type: "p", text: `As you asked, we moved your next billing date from ${from} to ${to}.` }, charge, moveBack, shared.cancelRule],
  };
}

/** The email of `facts.kind` for her order, in text and HTML, with her private link. */
export function renderEmail(order: EmailOrder, facts: EmailFacts, links: EmailLinks): RenderedEmail {
  const { subject, blocks } = content(order, facts, links);
  const all: Block[] = [{ type: "p", text: `Hi ${order.firstName},` }, ...blocks, ...linkBlocks(links), help()];
  return { subject, text: toText(all), html: toHtml(subject, all) };
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
    ...(from.note ? [{ type: "h2" as const, text: `A note from ${who}` }, { type: "p" as const, text: from.note }] : []),
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

function toText(blocks: Block[]): string {
  const parts = blocks.map((block) => {
    switch (block.type) {
      case "p":
        return block.text;
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

function toHtml(subject: string, blocks: Block[]): string {
  const body = blocks
    .map((block) => {
      switch (block.type) {
        case "p":
          return `<p style="${styles.p}">${escapeHtml(block.text)}</p>`;
        case "h2":
          return `<h2 style="${styles.h2}">${escapeHtml(block.text)}</h2>`;
        case "list":
          return `<ul style="${styles.p}">${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
        case "facts":
          return `<table role="presentation" style="${styles.p};border-collapse:collapse">${block.rows
            .map(([label, value]) => `<tr><th scope="row" style="${styles.th}">${escapeHtml(label)}</th><td style="${styles.td}">${escapeHtml(value)}</td></tr>`)
            .join("")}</table>`;
        case "link":
          return `<p style="${styles.p}"><a href="${escapeHtml(block.href)}" style="${styles.a}">${escapeHtml(block.text)}</a></p>`;
      }
    })
    .join("\n");
  return `<!doctype html>
<html lang="en">
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
