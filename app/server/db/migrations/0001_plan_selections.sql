CREATE TABLE "plan_selections" (
	"responder_uuid" uuid PRIMARY KEY NOT NULL,
	"selected_plan" text,
	"selected_option_ids" jsonb,
	"selected_medications" jsonb,
	"added_to_plan_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
