CREATE TABLE "sign_in_tries" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"tries" timestamp with time zone[] NOT NULL,
	"last_try_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_tries_bucket_key_pk" PRIMARY KEY("bucket","key")
);
--> statement-breakpoint
CREATE TABLE "unknown_sign_ins" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_tries_last_try_idx" ON "sign_in_tries" USING btree ("last_try_at");
