CREATE TABLE "pre_checkout_details" (
	"responder_uuid" uuid PRIMARY KEY NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone" text,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_arrivals" (
	"responder_uuid" uuid PRIMARY KEY NOT NULL,
	"product_ids" jsonb NOT NULL,
	"selected_plan" text NOT NULL,
	"arrived_at" timestamp with time zone DEFAULT now() NOT NULL
);
