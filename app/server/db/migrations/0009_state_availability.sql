ALTER TABLE "catalogue_options" ADD COLUMN "unavailable_states" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The embedded provider's catalogue: the vaginal cream (a compounded product in this
-- stand-in) cannot be shipped to Mississippi or Arkansas, so a fresh clone shows the notice.
UPDATE "catalogue_options" SET "unavailable_states" = ARRAY['MS', 'AR'] WHERE "id" = 'vaginal_estrogen_cream';
