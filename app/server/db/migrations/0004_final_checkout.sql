CREATE TABLE "checkout_carts" (
	"responder_uuid" uuid PRIMARY KEY NOT NULL,
	"countdown_ends_at" timestamp with time zone NOT NULL,
	"promo_code" text,
	"promo_discount_cents" integer,
	"promo_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"responder_uuid" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"body" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"gateway" text NOT NULL,
	"attempt_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"payment_reference" text,
	"card_brand" text,
	"card_last4" text,
	"failure_message" text,
	"redirect_url" text,
	"redirect_type" text,
	"authorised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_responder_uuid_unique" UNIQUE("responder_uuid")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_key_window_start_pk" PRIMARY KEY("bucket","key","window_start")
);
--> statement-breakpoint
CREATE TABLE "shipping_addresses" (
	"responder_uuid" uuid PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
-- Sample promo codes of the embedded provider (README "Promo codes").
INSERT INTO "promo_codes" ("code", "kind", "amount", "starts_at", "ends_at", "max_redemptions") VALUES
  ('WELCOME20', 'percent', 20, NULL, NULL, NULL),
  ('SAVE50', 'fixed', 5000, NULL, NULL, NULL),
  ('HRT100', 'fixed', 10000, NULL, NULL, NULL),
  ('FIRST100', 'fixed', 10000, NULL, NULL, 100),
  ('SPRING2025', 'percent', 15, '2025-03-01T00:00:00Z', '2025-06-01T00:00:00Z', NULL)
ON CONFLICT ("code") DO NOTHING;
