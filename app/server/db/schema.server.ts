// The one schema of the product, for PGlite and PostgreSQL alike. Migrations in
// ./migrations are generated from it with `npm run db:generate` and applied at start.
import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { CategoryCode } from "../../funnel/catalogue";
import type { PlanCode } from "../../funnel/plans";
import type { ConcernCode, FunnelStepId, MotivationCode } from "../../funnel/questionnaire";
import type { SelectedMedication } from "../../funnel/selection";
import type { TrackingParams } from "../../funnel/tracking";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Server-side sessions: the cookie carries only a signed id of one of these rows. */
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

/** The sales funnel record of spec section 3, one per responder uuid. */
export const funnelRecords = pgTable("funnel_records", {
  responderUuid: uuid("responder_uuid").primaryKey(),
  currentStepId: text("current_step_id").$type<FunnelStepId>(),
  reasonYouAreHereToday: jsonb("reason_you_are_here_today").$type<MotivationCode[]>().notNull().default(sql`'[]'::jsonb`),
  concernsAboutHrt: jsonb("concerns_about_hrt").$type<ConcernCode[]>().notNull().default(sql`'[]'::jsonb`),
  emailAddress: text("email_address"),
  redirectUrl: text("redirect_url"),
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmCampaign: text("utm_campaign"),
  utmTerm: text("utm_term"),
  utmContent: text("utm_content"),
  referralCode: text("referral_code"),
  trackingEmailAddress: text("tracking_email_address"),
  ...timestamps,
});

/**
 * The durable outbox: every call to the provider is written here in the same transaction as
 * the change it reports, then delivered (at least once) by the worker.
 */
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

/**
 * What the embedded provider has received: the stand-in for the provider's own records, so
 * a fresh clone runs end to end with no network.
 */
export const embeddedProviderReceipts = pgTable("embedded_provider_receipts", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  kind: text("kind").notNull(),
  responderUuid: uuid("responder_uuid"),
  body: jsonb("body").$type<Record<string, unknown>>().notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The visitor's plan on the selection page (spec section 4, "Selection rules"), one per
 * responder uuid: the chosen option per category and the plan, and what ADD TO PLAN saved.
 */
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

/**
 * The embedded provider's medication catalogue (spec section 3), seeded by migration 0002
 * with the spec's fallback catalogue (section 9 prices). The HTTP provider does not use it.
 */
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
    sortOrder: integer("sort_order").notNull(),
  },
  (t) => [index("catalogue_options_category_idx").on(t.category, t.sortOrder)],
);

/** The embedded provider's testimonials (spec section 3), seeded by migration 0002. */
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
 * Her personal details (spec section 3, "Pre-checkout form"), one row per responder uuid:
 * what she entered, or what a secure token filled in for her. Readable only from the browser
 * session that owns the uuid (spec section 6 departs here: see ARCHITECTURE.md).
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

/**
 * What the last secure token for a uuid said about the order (spec section 3, "Token
 * payload"): the final checkout matches these products when her own selection is older.
 */
export const tokenArrivals = pgTable("token_arrivals", {
  responderUuid: uuid("responder_uuid").primaryKey(),
  productIds: jsonb("product_ids").$type<string[]>().notNull(),
  selectedPlan: text("selected_plan").$type<PlanCode>().notNull(),
  arrivedAt: timestamp("arrived_at", { withTimezone: true }).notNull().defaultNow(),
});
