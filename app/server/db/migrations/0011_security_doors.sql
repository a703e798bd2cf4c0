CREATE TABLE "console_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secure_token_uses" (
	"token_key" text PRIMARY KEY NOT NULL,
	"browser_key" text NOT NULL,
	"first_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "console_sessions_account_idx" ON "console_sessions" USING btree ("account");--> statement-breakpoint
CREATE INDEX "console_sessions_last_seen_idx" ON "console_sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "secure_token_uses_expires_idx" ON "secure_token_uses" USING btree ("expires_at");