CREATE TABLE "health_data_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email_hash" text NOT NULL,
	"kind" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"outcome_at" timestamp with time zone NOT NULL,
	"from_request" uuid,
	"flows" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"link_expires_at" timestamp with time zone,
	"link_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "health_data_requests_asked_at_idx" ON "health_data_requests" USING btree ("asked_at");
