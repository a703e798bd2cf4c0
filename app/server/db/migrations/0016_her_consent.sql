CREATE TABLE "consent_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"responder_uuid" uuid NOT NULL,
	"subscription_id" uuid,
	"kind" text NOT NULL,
	"plan" text NOT NULL,
	"first_period_cents" integer NOT NULL,
	"renewal_cents" integer NOT NULL,
	"disclosure" jsonb NOT NULL,
	"terms" jsonb NOT NULL,
	"agreed_with" text NOT NULL,
	"agreement_key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_agreement_key_unique" UNIQUE("agreement_key")
);
--> statement-breakpoint
CREATE INDEX "consent_records_responder_idx" ON "consent_records" USING btree ("responder_uuid","id");