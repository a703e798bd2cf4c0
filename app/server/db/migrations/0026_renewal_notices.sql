-- The notices the law asks for before each renewal and once a year (app/funnel/renewal-notice-rules.ts):
-- her state chooses the rules; when she was last told her terms and when the yearly notice is
-- next looked at. Running subscriptions start their year from their hold.
ALTER TABLE "subscriptions" ADD COLUMN "ship_state" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "terms_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "annual_notice_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "subscriptions_annual_notice_idx" ON "subscriptions" USING btree ("annual_notice_due_at");--> statement-breakpoint
UPDATE "subscriptions" AS s SET "ship_state" = upper(o."body"->'shippingAddress'->>'state')
  FROM "orders" AS o WHERE o."id" = s."order_id" AND s."erased_at" IS NULL;--> statement-breakpoint
UPDATE "subscriptions" SET "terms_told_at" = "hold_placed_at", "annual_notice_due_at" = "hold_placed_at" + interval '11 months';
