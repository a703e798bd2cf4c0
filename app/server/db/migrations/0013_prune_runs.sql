CREATE TABLE "prune_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"rows" integer NOT NULL,
	"batches" integer NOT NULL,
	"caught_up" boolean NOT NULL,
	"failed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "embedded_provider_receipts_responder_idx" ON "embedded_provider_receipts" USING btree ("responder_uuid");