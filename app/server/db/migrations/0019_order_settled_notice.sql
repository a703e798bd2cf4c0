-- An order that leaves "pending" or "processing" is named to every instance that listens
-- (app/server/db/notices.server.ts): a second press waiting on another instance reads it then.
-- Sent at commit, as NOTIFY is; nothing listens on the embedded engine, where it costs nothing.
CREATE FUNCTION "orders_notify_settled"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('order_settled', NEW."responder_uuid"::text);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_settled_notice" AFTER UPDATE OF "status" ON "orders" FOR EACH ROW WHEN (NEW."status" IS DISTINCT FROM OLD."status" AND NEW."status" NOT IN ('pending', 'processing')) EXECUTE FUNCTION "orders_notify_settled"();
