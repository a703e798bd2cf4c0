CREATE TABLE "disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"payment_id" bigint NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_disputes" (
	"reference" text PRIMARY KEY NOT NULL,
	"payment_reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"evidence_due_by" timestamp with time zone NOT NULL,
	"told_status" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_disputes_payment_reference_unique" UNIQUE("payment_reference")
);
--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "disputes_charges" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "refund_of" bigint;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "disqualification_note" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_subscription_idx" ON "disputes" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "disputes_status_idx" ON "disputes" USING btree ("status");--> statement-breakpoint
CREATE INDEX "subscription_payments_pending_idx" ON "subscription_payments" USING btree ("status") WHERE "subscription_payments"."status" = 'pending';