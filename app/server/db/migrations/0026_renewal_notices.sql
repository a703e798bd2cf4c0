-- The notices the law asks for before each renewal and once a year (app/funnel/renewal-notice-rules.ts):
-- her state chooses the rules; when she was last told her terms and when the yearly notice is
-- next looked at. Running subscriptions start their year from their hold.
ALTER TABLE "subscriptions" ADD COLUMN "ship_state" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "terms_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "annual_notice_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "subscriptions_annual_notice_idx" ON "subscriptions" USING btree ("annual_notice_due_at");--> statement-breakpoint
UPDATE "subscriptions" AS s SET "ship_state" = upper(o."body"->'shippingAddress'->>'state')
  FROM "orders" AS o WHERE o."id" = s."order_id" AND s."erased_at" IS NULL;--> statement-breakpoint
UPDATE "subscriptions" SET "terms_told_at" = "hold_placed_at", "annual_notice_due_at" = "hold_placed_at" + interval '11 months';--> statement-breakpoint
-- A reminder still to come moves to the day reminderFor gives (in hours before the billing date,
-- as the rules' windows meet); a quarterly plan, reminded from now on, gets its first.
UPDATE "subscriptions" SET "reminder_due_at" = "next_billing_at" - CASE
    WHEN "ship_state" = 'MA' THEN interval '540 hours'
    WHEN "ship_state" = 'IL' AND "plan" = 'yearly' THEN interval '972 hours'
    WHEN "ship_state" = 'CO' AND "plan" = 'yearly' THEN interval '780 hours'
    ELSE interval '720 hours' END
  WHERE "state" = 'active' AND "next_billing_at" IS NOT NULL AND "plan" <> 'monthly'
    AND ("reminder_due_at" IS NOT NULL OR "plan" = 'quarterly');
