CREATE TABLE "catalogue_categories" (
	"category" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_options" (
	"id" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"product_id" text NOT NULL,
	"monthly_price" numeric(10, 2),
	"quarterly_price" numeric(10, 2),
	"half_yearly_price" numeric(10, 2),
	"yearly_price" numeric(10, 2),
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"quote" text NOT NULL,
	"image" text,
	"before_image" text,
	"after_image" text,
	"rating" integer NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_options" ADD CONSTRAINT "catalogue_options_category_catalogue_categories_category_fk" FOREIGN KEY ("category") REFERENCES "public"."catalogue_categories"("category") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_options_category_idx" ON "catalogue_options" USING btree ("category","sort_order");--> statement-breakpoint
-- Seed: the spec's fallback catalogue (sections 3 and 9), the same as fallbackCatalogue in
-- app/funnel/catalogue.ts; test/integration/catalogue.test.ts proves they are equal.
INSERT INTO "catalogue_categories" ("category", "name", "description", "sort_order") VALUES
	('systemic_estrogen', 'Estrogen', 'Relieves hot flashes, night sweats, sleep and mood symptoms.', 1),
	('progesterone', 'Progesterone', 'Protects the lining of the uterus when you take estrogen.', 2),
	('vaginal_estrogen', 'Vaginal Estrogen', 'Eases vaginal dryness, discomfort and urinary symptoms.', 3),
	('non_hormonal', 'Non-Hormonal', 'A hormone-free option for hot flashes and night sweats.', 4);
--> statement-breakpoint
INSERT INTO "catalogue_options" ("id", "category", "name", "image", "is_default", "product_id", "monthly_price", "quarterly_price", "half_yearly_price", "yearly_price", "sort_order") VALUES
	('gel', 'systemic_estrogen', 'Gel', '/medications/gel.svg', false, 'gel', 139, 399, 750, 1400, 1),
	('patch', 'systemic_estrogen', 'Patch', '/medications/patch.svg', false, 'patch', 149, 399, 750, 1400, 2),
	('i_dont_know_no_preference', 'systemic_estrogen', E'I don''t know /\nNo preference', '/medications/i_dont_know_no_preference.svg', true, 'i_dont_know_no_preference', 119, 299, 550, 1000, 3),
	('progesterone_pill', 'progesterone', 'Pill', '/medications/progesterone_pill.svg', true, 'progesterone_pill', 0, 0, 0, 0, 1),
	('vaginal_estrogen_cream', 'vaginal_estrogen', 'Cream', '/medications/vaginal_estrogen_cream.svg', false, 'vaginal_estrogen_cream', 129, 299, 550, 1000, 1),
	('vaginal_estrogen_insert', 'vaginal_estrogen', 'Insert', '/medications/vaginal_estrogen_insert.svg', false, 'vaginal_estrogen_insert', 129, 299, 550, 1000, 2),
	('non_hormonal_therapy', 'non_hormonal', E'Paroxetine/\nDesvenlafaxine', '/medications/non_hormonal_therapy.svg', false, 'non_hormonal_therapy', 129, 299, 550, 1000, 1);
--> statement-breakpoint
-- Seed: four five-star testimonials (spec sections 3 and 9: at most 4 shown, 5 stars each).
INSERT INTO "testimonials" ("id", "name", "quote", "image", "before_image", "after_image", "rating", "sort_order") VALUES
	('karen-m', 'Karen M.', 'The night sweats had me up three times a night. A few weeks in, I sleep through and feel like myself again.', NULL, NULL, NULL, 5, 1),
	('susan-b', 'Susan B.', 'My provider explained estrogen and progesterone in plain words and answered every question without rushing me.', NULL, NULL, NULL, 5, 2),
	('michelle-t', 'Michelle T.', 'I was nervous about starting hormones online. Every step was clear, private and kind.', NULL, NULL, NULL, 5, 3),
	('rachel-d', 'Rachel D.', 'The brain fog has lifted and my mood is steadier. My family noticed before I did.', NULL, NULL, NULL, 5, 4);
