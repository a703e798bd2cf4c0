-- The note support writes when they cancel for her is kept with the cancel, on her
-- subscription (erased with her data), no longer in the audit log, which is kept for good.
ALTER TABLE "subscriptions" ADD COLUMN "cancel_for_her_note" text;--> statement-breakpoint
-- The notes already in the log ("Other: she moved abroad") move to her subscription, unless
-- her data was erased since: then they go.
UPDATE "subscriptions" AS s
SET "cancel_for_her_note" = substr(a."detail", strpos(a."detail", ': ') + 2)
FROM "audit_log" AS a
WHERE a."action" = 'cancelled-for-her'
  AND a."order_reference" = s."reference"
  AND s."erased_at" IS NULL
  AND a."detail" ~ '^(She asked by phone|She asked by email|Payment problem|Other): ';--> statement-breakpoint
-- The log keeps the reason's label alone. Its trigger refuses every update, so it is set aside
-- for this one statement and set again, all in the migration's transaction.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_change";--> statement-breakpoint
UPDATE "audit_log"
SET "detail" = split_part("detail", ': ', 1)
WHERE "action" = 'cancelled-for-her'
  AND "detail" ~ '^(She asked by phone|She asked by email|Payment problem|Other): ';--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_change";
