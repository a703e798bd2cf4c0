ALTER TABLE "subscriptions" ADD COLUMN "pending_plan" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_renewal_cents" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_plan_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_reason_note" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "erased_at" timestamp with time zone;