-- The notice of a settled order tells the order as it was settled, beside its flow: a second
-- press waiting on another instance answers from it without reading the order again
-- (app/server/db/notices.server.ts, decision 0036). NOTIFY's payload is at most 8000 bytes:
-- past 7900 (a very long failure message) it names the flow alone, and the order is read.
CREATE OR REPLACE FUNCTION "orders_notify_settled"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	told text := json_build_object(
		'flow', NEW."responder_uuid",
		'order', json_build_object(
			'status', NEW."status",
			'attemptKey', NEW."attempt_key",
			'gateway', NEW."gateway",
			'paymentReference', NEW."payment_reference",
			'redirectUrl', NEW."redirect_url",
			'redirectType', NEW."redirect_type",
			'failureMessage', NEW."failure_message"))::text;
BEGIN
	IF octet_length(told) > 7900 THEN
		told := json_build_object('flow', NEW."responder_uuid")::text;
	END IF;
	PERFORM pg_notify('order_settled', told);
	RETURN NULL;
END
$$;
