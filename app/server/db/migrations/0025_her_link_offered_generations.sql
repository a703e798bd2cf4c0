-- Her private link's newest generation sent: a link asked for by email at /subscription is
-- sent at a generation above the one that opens now, and becomes current when first opened.
ALTER TABLE "subscriptions" ADD COLUMN "newest_link_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "subscriptions" SET "newest_link_version" = "link_version";
