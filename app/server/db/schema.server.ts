// The one schema of the product, for PGlite and PostgreSQL alike. Migrations in
// ./migrations are generated from it with `npm run db:generate` and applied at start.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CategoryCode } from "../../funnel/catalogue";
import type { PlanCode } from "../../funnel/plans";
import type { ConcernCode, FunnelStepId, MotivationCode } from "../../funnel/questionnaire";
import type { SelectedMedication } from "../../funnel/selection";
import type { SubscriptionEvent, SubscriptionState } from "../../funnel/subscription-life";
import type { Language } from "../../i18n/languages";
import type { AuditAction } from "../../funnel/audit";
import type { PaymentKind, RefundReason } from "../../funnel/refunds";
import type { StaffRole, StaffStatus } from "../../funnel/staff";
import type { Variant } from "../../funnel/variant";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** The cookie carries only a signed id of one of these rows. */
export const visitorSessions = pgTable(
  "visitor_sessions",
  {
    id: text("id").primaryKey(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("visitor_sessions_expires_at_idx").on(t.expiresAt)],
);

/** Spec section 3, one per responder uuid. */
export const funnelRecords = pgTable("funnel_records", {
  responderUuid: uuid("responder_uuid").primaryKey(),
  currentStepId: text("current_step_id").$type<FunnelStepId>(),
  reasonYouAreHereToday: jsonb("reason_you_are_here_today")
    .$type<MotivationCode[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  concernsAboutHrt: jsonb("concerns_about_hrt")
    .$type<ConcernCode[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  emailAddress: text("email_address"),
  redirectUrl: text("redirect_url"),
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmCampaign: text("utm_campaign"),
  utmTerm: text("utm_term"),
  utmContent: text("utm_content"),
  referralCode: text("referral_code"),
  trackingEmailAddress: text("tracking_email_address"),
  /** The A/B variant the flow began with, kept for the whole flow. */
  variant: text("variant").$type<Variant>().notNull().default("current"),
  ...timestamps,
});

/** Written in the same transaction as the change it reports, then delivered at least once. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<"pending" | "delivered">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [index("outbox_messages_due_idx").on(t.status, t.nextAttemptAt)],
);

/** The embedded provider's own records, so a fresh clone runs with no network. */
export const embeddedProviderReceipts = pgTable(
  "embedded_provider_receipts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: text("kind").notNull(),
    responderUuid: uuid("responder_uuid"),
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // An abandoned flow's receipts are forgotten with it (app/server/workers/abandoned-flows.server.ts).
  (t) => [index("embedded_provider_receipts_responder_idx").on(t.responderUuid)],
);

/** The selection page's plan (spec section 4), one per responder uuid, and what ADD TO PLAN saved. */
export const planSelections = pgTable("plan_selections", {
  responderUuid: uuid("responder_uuid").primaryKey(),
  selectedPlan: text("selected_plan").$type<PlanCode>(),
  /** Option id per category; null until she changes the defaults. */
  selectedOptionIds: jsonb("selected_option_ids").$type<Partial<Record<CategoryCode, string>>>(),
  /** The priced selection ADD TO PLAN saved. */
  selectedMedications: jsonb("selected_medications").$type<SelectedMedication[]>(),
  addedToPlanAt: timestamp("added_to_plan_at", { withTimezone: true }),
  ...timestamps,
});

/** The embedded provider's catalogue, seeded by migration 0002 with the spec's fallback (section 9 prices). */
export const catalogueCategories = pgTable("catalogue_categories", {
  category: text("category").$type<CategoryCode>().primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  sortOrder: integer("sort_order").notNull(),
});

const price = (name: string) => numeric(name, { precision: 10, scale: 2, mode: "number" });

export const catalogueOptions = pgTable(
  "catalogue_options",
  {
    id: text("id").primaryKey(),
    category: text("category")
      .$type<CategoryCode>()
      .notNull()
      .references(() => catalogueCategories.category),
    /** May contain line breaks. */
    name: text("name").notNull(),
    image: text("image"),
    isDefault: boolean("is_default").notNull().default(false),
    productId: text("product_id").notNull(),
    /** Dollars; null when the option is not offered on that plan. */
    monthlyPrice: price("monthly_price"),
    quarterlyPrice: price("quarterly_price"),
    halfYearlyPrice: price("half_yearly_price"),
    yearlyPrice: price("yearly_price"),
    /** Two-letter states it cannot be shipped to; empty: everywhere. */
    unavailableStates: text("unavailable_states")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sortOrder: integer("sort_order").notNull(),
  },
  (t) => [index("catalogue_options_category_idx").on(t.category, t.sortOrder)],
);

/** Seeded by migration 0002. */
export const testimonials = pgTable("testimonials", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  quote: text("quote").notNull(),
  image: text("image"),
  beforeImage: text("before_image"),
  afterImage: text("after_image"),
  /** Star count, 1 to 5. */
  rating: integer("rating").notNull(),
  sortOrder: integer("sort_order").notNull(),
});

/**
 * Her details (spec section 3), one per responder uuid, typed or filled by a secure token;
 * readable only from the session owning the uuid (docs/architecture.md, "Where we depart").
 */
export const preCheckoutDetails = pgTable("pre_checkout_details", {
  responderUuid: uuid("responder_uuid").primaryKey(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  email: text("email"),
  phone: text("phone"),
  /** When she last submitted the form; null while only a token has filled it. */
  submittedAt: timestamp("submitted_at", { withTimezone: true }),
  ...timestamps,
});

/** The last secure token's products (spec section 3): matched when her own selection is older. */
export const tokenArrivals = pgTable("token_arrivals", {
  responderUuid: uuid("responder_uuid").primaryKey(),
  productIds: jsonb("product_ids").$type<string[]>().notNull(),
  selectedPlan: text("selected_plan").$type<PlanCode>().notNull(),
  arrivedAt: timestamp("arrived_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One per responder uuid: when the 15-minute countdown ends (spec section 4), and her promo code. */
export const checkoutCarts = pgTable("checkout_carts", {
  responderUuid: uuid("responder_uuid").primaryKey(),
  countdownEndsAt: timestamp("countdown_ends_at", { withTimezone: true }).notNull(),
  promoCode: text("promo_code"),
  /** Cents; set with the code when the provider accepted it. */
  promoDiscountCents: integer("promo_discount_cents"),
  /** The subtotal the discount was given for: a changed cart must check the code again. */
  promoSubtotalCents: integer("promo_subtotal_cents"),
  promoMessage: text("promo_message"),
  ...timestamps,
});

const addressColumns = {
  responderUuid: uuid("responder_uuid").primaryKey(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  addressLine1: text("address_line1").notNull(),
  addressLine2: text("address_line2"),
  city: text("city").notNull(),
  state: text("state").notNull(),
  zipCode: text("zip_code").notNull(),
  ...timestamps,
};

/** One per responder uuid, as she typed it. */
export const shippingAddresses = pgTable("shipping_addresses", addressColumns);

/** The older variant's Billing Address when not the same as shipping; no row means "same as shipping". */
export const billingAddresses = pgTable("billing_addresses", addressColumns);

export type OrderStatus = "pending" | "processing" | "requires_action" | "authorised" | "declined" | "failed";

/**
 * Spec section 7's pre-authorised order: one per responder uuid, so two tabs or a repeated post
 * never make a second. pending, processing, authorised, or back to declined or failed.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    responderUuid: uuid("responder_uuid").notNull().unique(),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    /** The section 7 body as sent to the provider (payment filled in once authorised). */
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    gateway: text("gateway").$type<"sandbox" | "stripe">().notNull(),
    /** The checkout attempt now running or last run: the gateway's idempotency key. */
    attemptKey: text("attempt_key"),
    attempts: integer("attempts").notNull().default(0),
    /** The gateway's reference: a PaymentIntent id, a Checkout Session id or a sandbox id. */
    paymentReference: text("payment_reference"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** What she is told when the last attempt did not go through (no card data). */
    failureMessage: text("failure_message"),
    redirectUrl: text("redirect_url"),
    redirectType: text("redirect_type").$type<"appointment" | "activation" | "login" | "other">(),
    authorisedAt: timestamp("authorised_at", { withTimezone: true }),
    /** What she can quote (MC-7KQ2-94XD), given when the order is first made. */
    reference: text("reference").unique(),
    /** The language she ordered in (her last attempt's): her subscription starts in it. */
    language: text("language").$type<Language>().notNull().default("en"),
    ...timestamps,
  },
  (t) => [
    index("orders_status_idx").on(t.status),
    // Her lost link is found by the email she ordered with, whatever its case.
    index("orders_customer_email_idx").on(sql`lower(${t.body}->'customer'->>'email')`),
  ],
);

/** The embedded provider's promo codes (spec sections 5, 7, 8), seeded with samples (docs/product.md, section 10). */
export const promoCodes = pgTable("promo_codes", {
  /** Upper case; codes are matched without regard to case. */
  code: text("code").primaryKey(),
  kind: text("kind").$type<"fixed" | "percent">().notNull(),
  /** Cents for "fixed", whole percent (1 to 100) for "percent". */
  amount: integer("amount").notNull(),
  startsAt: timestamp("starts_at", { withTimezone: true }),
  endsAt: timestamp("ends_at", { withTimezone: true }),
  maxRedemptions: integer("max_redemptions"),
  redemptions: integer("redemptions").notNull().default(0),
  active: boolean("active").notNull().default(true),
  ...timestamps,
});

/** In the database so limits hold across instances: one row per limit, hashed key and window. */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.windowStart] }), index("rate_limit_counters_window_idx").on(t.windowStart)],
);

/**
 * One per authorised order, made with the hold in the same transaction (decision 0014). Times
 * rules compare are on the lifecycle clock, which the sandbox can move.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id),
    responderUuid: uuid("responder_uuid").notNull().unique(),
    reference: text("reference").notNull().unique(),
    state: text("state").$type<SubscriptionState>().notNull().default("on_hold"),
    plan: text("plan").$type<PlanCode>().notNull(),
    variant: text("variant").$type<Variant>().notNull().default("current"),
    gateway: text("gateway").$type<"sandbox" | "stripe">().notNull(),
    currency: text("currency").notNull().default("usd"),
    /** What the hold is for: the first period, promo discount included. */
    firstPeriodCents: integer("first_period_cents").notNull(),
    /** Every later period: the plan's price she agreed to. */
    renewalCents: integer("renewal_cents").notNull(),
    holdReference: text("hold_reference").notNull(),
    holdPlacedAt: timestamp("hold_placed_at", { withTimezone: true }).notNull(),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }).notNull(),
    /** The medical team's decision, written once: the first one wins. */
    decision: text("decision").$type<"approved" | "declined">(),
    decisionMessage: text("decision_message"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").$type<"provider" | "owner" | "embedded provider">(),
    /** The billing anchor: the capture, until she moves her date or ships sooner (billingDateAfter). */
    firstPeriodStart: timestamp("first_period_start", { withTimezone: true }),
    /** Periods paid so far; the next to bill is this number. */
    periodsPaid: integer("periods_paid").notNull().default(0),
    nextBillingAt: timestamp("next_billing_at", { withTimezone: true }),
    /** Failed tries of the period now due; reset when a period is paid. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    /** When the worker next looks at it (a billing date or a retry), on the lifecycle clock. */
    dueAt: timestamp("due_at", { withTimezone: true }),
    /** A worker's claim, on the real clock: another may take it over after this. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /**
     * Her link's generation that opens now; older ones answer 410. A link asked for by email waits
     * above it (newestLinkVersion) until first opened.
     */
    linkVersion: integer("link_version").notNull().default(1),
    /** Above linkVersion until opened: anyone may ask by email, so a stranger's request never retires her link. */
    newestLinkVersion: integer("newest_link_version").notNull().default(1),
    /** A card she gave after the hold (another card after a failed payment): charged instead of the hold's. */
    cardReference: text("card_reference"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** When the reminder of her next renewal is due (app/funnel/renewal-notice-rules.ts), on the lifecycle clock; null once sent. */
    reminderDueAt: timestamp("reminder_due_at", { withTimezone: true }),
    /** Her shipping address's state (two letters): which laws' notices she gets. Null when not known. */
    shipState: text("ship_state"),
    /** When she was last told her subscription's terms (her order, a renewal reminder, a yearly notice), on the lifecycle clock. */
    termsToldAt: timestamp("terms_told_at", { withTimezone: true }),
    /** When the worker next looks at her yearly notice of her terms (renewal-notice-rules.ts annualNoticeAt), on the lifecycle clock. */
    annualNoticeDueAt: timestamp("annual_notice_due_at", { withTimezone: true }),
    /** Medically disqualified: console only, never in the audit log or her emails. */
    disqualificationNote: text("disqualification_note"),
    /**
     * A change asked for when her next renewal was already fixed (under 72 hours away): that
     * renewal bills the old plan, the worker moves her to this one after it.
     */
    pendingPlan: text("pending_plan").$type<PlanCode>(),
    pendingRenewalCents: integer("pending_renewal_cents"),
    /** The billing date the waiting plan starts on (on the lifecycle clock). */
    pendingPlanFrom: timestamp("pending_plan_from", { withTimezone: true }),
    /** Why she cancelled, when she said (app/funnel/cancel-reasons.ts): counted in the money report. */
    cancelReason: text("cancel_reason"),
    /** Her own words with "Other": seen in the console only, never in logs, erased with her data. */
    cancelReasonNote: text("cancel_reason_note"),
    /** Console only, erased with her data; never in the audit log, which is kept for good. */
    cancelForHerNote: text("cancel_for_her_note"),
    /** Her link stops opening; the financial rows stay. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    /** Her emails and private pages use it; her page's language link changes it. */
    language: text("language").$type<Language>().notNull().default("en"),
    ...timestamps,
  },
  (t) => [
    index("subscriptions_due_idx").on(t.state, t.dueAt),
    index("subscriptions_created_idx").on(t.createdAt),
    index("subscriptions_reminder_idx").on(t.reminderDueAt),
    index("subscriptions_annual_notice_idx").on(t.annualNoticeDueAt),
  ],
);

export const subscriptionEvents = pgTable(
  "subscription_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    event: text("event").$type<SubscriptionEvent>().notNull(),
    fromState: text("from_state").$type<SubscriptionState>(),
    toState: text("to_state").$type<SubscriptionState>().notNull(),
    /** On the lifecycle clock. */
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** Amounts, period, who decided; never personal data. */
    detail: jsonb("detail")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    index("subscription_events_subscription_idx").on(t.subscriptionId, t.id),
    // The owner's report reads the cancels of a range of days.
    index("subscription_events_event_at_idx").on(t.event, t.at),
  ],
);

/**
 * Every movement of her money. The key is the gateway's; at most one paid charge per
 * subscription and period, whatever runs at once.
 */
export const subscriptionPayments = pgTable(
  "subscription_payments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    kind: text("kind").$type<PaymentKind>().notNull(),
    /** The period paid for (hold, capture and the approval's charge: 0); a refund's is its payment's. */
    period: integer("period").notNull(),
    /** A refund is "pending" from the moment its amount is set aside until the gateway answers. */
    status: text("status").$type<"succeeded" | "failed" | "pending">().notNull(),
    amountCents: integer("amount_cents").notNull(),
    gatewayReference: text("gateway_reference"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    failureMessage: text("failure_message"),
    /** On the lifecycle clock. */
    at: timestamp("at", { withTimezone: true }).notNull(),
    /**
     * Refunded or being refunded, raised by one conditional statement never past amount_cents:
     * two people refunding at once never refund more than was paid.
     */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** A refund: the payment it gives back. */
    refundOf: bigint("refund_of", { mode: "number" }),
    /** A refund: why (app/funnel/refunds.ts). */
    reason: text("reason").$type<RefundReason>(),
    /** A refund: the owner's words with "Other" (console only). */
    note: text("note"),
  },
  (t) => [
    index("subscription_payments_subscription_idx").on(t.subscriptionId, t.id),
    // The owner's money report reads a range of days of payments.
    index("subscription_payments_at_idx").on(t.at),
    uniqueIndex("subscription_payments_one_paid_period_idx")
      .on(t.subscriptionId, t.period)
      .where(sql`${t.kind} in ('capture', 'charge') and ${t.status} = 'succeeded'`),
    index("subscription_payments_pending_idx")
      .on(t.status)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Chargebacks as the gateway tells them: one row per dispute, updated in place, so a repeated event changes nothing. */
export const disputes = pgTable(
  "disputes",
  {
    /** The gateway's id (Stripe: du_ or dp_; sandbox: sandbox_dp_). */
    id: text("id").primaryKey(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    paymentId: bigint("payment_id", { mode: "number" }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** The gateway's word (fraudulent, product_not_received, ...). */
    reason: text("reason").notNull(),
    /** Stripe's status: warning_needs_response, needs_response, under_review, won, lost, ... */
    status: text("status").notNull(),
    /** The last moment to answer with evidence. */
    evidenceDueBy: timestamp("evidence_due_by", { withTimezone: true }),
    /** On the lifecycle clock. */
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("disputes_subscription_idx").on(t.subscriptionId), index("disputes_status_idx").on(t.status)],
);

/** The sandbox's records, as Stripe keeps PaymentIntents (never the card number). */
export const sandboxPayments = pgTable("sandbox_payments", {
  reference: text("reference").primaryKey(),
  kind: text("kind").$type<"hold" | "charge" | "card" | "refund">().notNull(),
  status: text("status")
    .$type<"requires_action" | "held" | "captured" | "released" | "paid" | "failed" | "saved" | "succeeded">()
    .notNull(),
  amountCents: integer("amount_cents").notNull(),
  cardBrand: text("card_brand"),
  cardLast4: text("card_last4"),
  /** What a later charge of this card without her does (Stripe's test cards' behaviour). */
  offSession: text("off_session").$type<"charge" | "authentication_required" | "decline">().notNull(),
  declineMessage: text("decline_message"),
  /** The hold this charge reused the card of. */
  savedFrom: text("saved_from"),
  /** Holds: the last moment a capture is accepted, on the sandbox clock. */
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  /** A captured hold or paid charge: the cents refunded so far (never past amount_cents). */
  refundedCents: integer("refunded_cents").notNull().default(0),
  /** The card opens a dispute once charged (Stripe's test card 4000 0000 0000 0259). */
  disputesCharges: boolean("disputes_charges").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * As Stripe opens them for its dispute test card: the app hears on its lifecycle round (as the
 * webhook would tell it); lost when the evidence date passes unanswered.
 */
export const sandboxDisputes = pgTable("sandbox_disputes", {
  reference: text("reference").primaryKey(),
  /** The captured hold or paid charge disputed (sandbox_payments). */
  paymentReference: text("payment_reference").notNull().unique(),
  amountCents: integer("amount_cents").notNull(),
  reason: text("reason").notNull(),
  status: text("status").notNull(),
  evidenceDueBy: timestamp("evidence_due_by", { withTimezone: true }).notNull(),
  /** The status the app last heard (null: not yet told). */
  toldStatus: text("told_status"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** So a repeated call changes nothing. */
export const sandboxOperations = pgTable("sandbox_operations", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  answer: jsonb("answer").$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** How far the owner has moved it ahead of real time. */
export const sandboxClock = pgTable("sandbox_clock", {
  id: text("id").primaryKey(),
  offsetMs: bigint("offset_ms", { mode: "number" }).notNull().default(0),
  ...timestamps,
});

/** With no SMTP_URL each email is kept here and listed in the console. */
export const storedEmails = pgTable(
  "stored_emails",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The outbox message's key: a retried delivery keeps one copy. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: text("kind").notNull(),
    orderReference: text("order_reference"),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // An order's page lists her emails, newest first: found by its reference, not by a scan.
  (t) => [index("stored_emails_created_idx").on(t.createdAt), index("stored_emails_order_idx").on(t.orderReference, t.id)],
);

/**
 * How far each flow went, for the funnel report: made by its first step, with its variant,
 * first-touch source and a bit per page step (funnelStepBits). Holds, approvals and renewals
 * are read from the subscription, their one record.
 */
export const flowProgress = pgTable(
  "flow_progress",
  {
    responderUuid: uuid("responder_uuid").primaryKey(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    variant: text("variant").$type<Variant>().notNull(),
    utmSource: text("utm_source"),
    utmCampaign: text("utm_campaign"),
    referralCode: text("referral_code"),
    steps: integer("steps").notNull().default(0),
  },
  (t) => [index("flow_progress_started_idx").on(t.startedAt)],
);

/**
 * The cookie carries only a random id; the row is found by its hash, so a copy of the table
 * opens nothing. Idle or too old: refused and deleted. `account` names who signed in.
 */
export const consoleSessions = pgTable(
  "console_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    account: text("account").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("console_sessions_account_idx").on(t.account), index("console_sessions_last_seen_idx").on(t.lastSeenAt)],
);

/**
 * Secure links already opened: a token opens her flow only in the first browser. Keyed hashes
 * of the jti (or whole token) and of that browser's session; kept until the token expires.
 */
export const secureTokenUses = pgTable(
  "secure_token_uses",
  {
    tokenKey: text("token_key").primaryKey(),
    browserKey: text("browser_key").notNull(),
    firstUsedAt: timestamp("first_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("secure_token_uses_expires_idx").on(t.expiresAt)],
);

/**
 * Console staff, each signing in as themselves (app/funnel/staff.ts). `totpSecret` is sealed
 * with a server key (never in clear at rest); `totpLastStep` stops a code being taken twice.
 */
export const staffMembers = pgTable(
  "staff_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: text("role").$type<StaffRole>().notNull(),
    status: text("status").$type<StaffStatus>().notNull(),
    passwordHash: text("password_hash"),
    totpSecret: text("totp_secret"),
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** A secret offered for enrolment (sealed too), kept until a code from it is accepted. */
    pendingTotpSecret: text("pending_totp_secret"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("staff_members_email_idx").on(t.email)],
);

/** One-time recovery codes of a person's two-step sign-in, by a keyed hash; a code used is deleted. */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    staffId: uuid("staff_id").notNull(),
    codeHash: text("code_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.codeHash] })],
);

/** The one-time link a new person (or one whose password was reset) sets up their sign-in with. */
export const staffSetupLinks = pgTable(
  "staff_setup_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffId: uuid("staff_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("staff_setup_links_staff_idx").on(t.staffId)],
);

/** Append-only: a trigger refuses update, delete or truncate (migration 0012). No personal data of hers. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    staffId: uuid("staff_id"),
    staffName: text("staff_name").notNull(),
    staffRole: text("staff_role"),
    addressHash: text("address_hash").notNull(),
    action: text("action").$type<AuditAction>().notNull(),
    orderReference: text("order_reference"),
    detail: text("detail"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_staff_idx").on(t.staffId, t.at),
    index("audit_log_action_idx").on(t.action, t.at),
    index("audit_log_order_idx").on(t.orderReference),
  ],
);

/** Each prune's last run, for the funnel report's health part. */
export const pruneRuns = pgTable("prune_runs", {
  name: text("name").primaryKey(),
  ranAt: timestamp("ran_at", { withTimezone: true }).notNull(),
  rows: integer("rows").notNull(),
  batches: integer("batches").notNull(),
  /** False when the run stopped at its batch limit with more left for the next. */
  caughtUp: boolean("caught_up").notNull(),
  failed: boolean("failed").notNull().default(false),
});

/**
 * Her consent to automatic renewal, and each notice of a renewal or of her terms we sent her: a
 * legal record (California: three years, or one after the subscription ends if longer; no prune
 * removes it). No contact details, so it survives erasure of her data.
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    responderUuid: uuid("responder_uuid").notNull(),
    /** Her subscription once it exists (a plan change); the purchase's is found by its flow. */
    subscriptionId: uuid("subscription_id"),
    /** "purchase" (COMPLETE PURCHASE), "plan_change", or a notice sent: "renewal_reminder", "annual_notice". */
    kind: text("kind").$type<"purchase" | "plan_change" | "renewal_reminder" | "annual_notice">().notNull(),
    plan: text("plan").$type<PlanCode>().notNull(),
    firstPeriodCents: integer("first_period_cents").notNull(),
    renewalCents: integer("renewal_cents").notNull(),
    /** The exact disclosure shown beside the button, line by line; a notice: what it told her, in English. */
    disclosure: jsonb("disclosure").$type<string[]>().notNull(),
    /** The subscription terms she agreed to, as shown (their text, line by line). */
    terms: jsonb("terms").$type<string[]>().notNull(),
    /** How she agreed: the checkbox and the button, in words; a notice: how it was sent. */
    agreedWith: text("agreed_with").notNull(),
    /** The checkout attempt or the change it was given for: one record per agreement (a notice: per renewal or year). */
    agreementKey: text("agreement_key").notNull().unique(),
    /** Real time. */
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("consent_records_responder_idx").on(t.responderUuid, t.id)],
);

/**
 * Console sign-in tries held against a limit, per keyed-hash key: counted before the check by
 * one conditional statement, given back when right.
 */
export const signInTries = pgTable(
  "sign_in_tries",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    tries: timestamp("tries", { withTimezone: true }).array().notNull(),
    lastTryAt: timestamp("last_try_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index("sign_in_tries_last_try_idx").on(t.lastTryAt)],
);

/** Only counted by the hour (no email or address): the audit log records real staff only. Pruned after 90 days. */
export const unknownSignIns = pgTable("unknown_sign_ins", {
  hour: timestamp("hour", { withTimezone: true }).primaryKey(),
  failures: integer("failures").notNull(),
});

/**
 * Each request for her consumer health data, and its outcome, kept 24 months for the business's
 * records (the health-data laws ask it be shown they were answered). Nothing of her data: her
 * email only as a keyed hash. A request by email is "access"; its link lists the flows found
 * for that email (`flows`, emptied once the link has deleted them) and opens until
 * `link_expires_at`; a delete pressed through it is a "deletion" of its own, `from_request`.
 */
export const healthDataRequests = pgTable(
  "health_data_requests",
  {
    id: uuid("id").primaryKey(),
    emailHash: text("email_hash").notNull(),
    kind: text("kind").$type<"access" | "deletion">().notNull(),
    askedAt: timestamp("asked_at", { withTimezone: true }).notNull(),
    outcome: text("outcome").notNull(),
    outcomeAt: timestamp("outcome_at", { withTimezone: true }).notNull(),
    fromRequest: uuid("from_request"),
    flows: uuid("flows")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }),
    linkUsedAt: timestamp("link_used_at", { withTimezone: true }),
  },
  (t) => [index("health_data_requests_asked_at_idx").on(t.askedAt)],
);
