CREATE TABLE "flow_progress" (
	"responder_uuid" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"variant" text NOT NULL,
	"utm_source" text,
	"utm_campaign" text,
	"referral_code" text,
	"steps" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "flow_progress_started_idx" ON "flow_progress" USING btree ("started_at");--> statement-breakpoint
-- Flows begun before the report existed, from what each step left behind: the last
-- questionnaire step answered (each implies the ones before it), ADD TO PLAN, her details and
-- the checkout's countdown. Page visits that wrote nothing cannot be known and are not guessed.
INSERT INTO "flow_progress" ("responder_uuid", "started_at", "variant", "utm_source", "utm_campaign", "referral_code", "steps")
SELECT f."responder_uuid", f."created_at", f."variant", f."utm_source", f."utm_campaign", f."referral_code",
  (CASE f."current_step_id" WHEN 'welcome' THEN 1 WHEN 'concerns' THEN 3 WHEN 'social-proof' THEN 7 WHEN 'congratulation' THEN 15 ELSE 0 END)
  | (CASE WHEN p."added_to_plan_at" IS NOT NULL THEN 48 ELSE 0 END)
  | (CASE WHEN d."submitted_at" IS NOT NULL THEN 64 ELSE 0 END)
  | (CASE WHEN c."responder_uuid" IS NOT NULL THEN 128 ELSE 0 END)
FROM "funnel_records" f
LEFT JOIN "plan_selections" p ON p."responder_uuid" = f."responder_uuid"
LEFT JOIN "pre_checkout_details" d ON d."responder_uuid" = f."responder_uuid"
LEFT JOIN "checkout_carts" c ON c."responder_uuid" = f."responder_uuid";
