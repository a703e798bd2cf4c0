// POST /api/stripe/webhook: what Stripe tells us, verified with STRIPE_WEBHOOK_SECRET through
// the stripe library (decision 0015). Unset, the route does not exist (404). A body that is too
// large is refused unread (413); one whose Stripe-Signature does not verify is 400, Stripe's
// convention, with nothing changed. Every verified event is answered 200, a repeat included,
// so that Stripe stops sending it; nothing is done twice (each change is conditional, or kept
// under a key of its own). The payload is never logged: only the event's id and type, and what
// was done. Each event is read and acted on in app/server/subscriptions/stripe-events.server.ts.
//
// What each event does:
// - payment_intent.canceled of a hold still on_hold with no decision: Stripe cancels an
//   uncaptured hold once its capture_before has passed, so the order's hold is expired
//   (expireHold). An approval after that charges the saved card. A hold with a decision is
//   left to the decision's settlement, which finds the hold gone when it tries to capture.
// - payment_intent.succeeded / payment_intent.payment_failed of a charge (a renewal or an
//   approval's charge, found by its PaymentIntent among our payments, or by the
//   metadata.subscription_id and period we sent) or of a hold (a capture): our records come
//   from the answer to our own call, not from these events. When our record already says
//   what the event says, there is nothing to do. When our call got no answer, the record is
//   missing and the subscription is still due: the lifecycle worker makes the same call again
//   with the same idempotency key, and Stripe answers it with this same PaymentIntent, so the
//   worker records it then, through the one path every payment takes. Writing it here as
//   well would make two writers of one payment for no gain. What is neither (money Stripe
//   took for a period we no longer bill, a record that disagrees with Stripe) is logged for
//   a person to look at, by ids only.
// - charge.dispute.created / .updated / .closed (a Dispute: id, payment_intent, amount,
//   reason, status, evidence_details.due_by): the dispute of a payment of ours is written in
//   place (recordDispute): a new one is a "dispute opened" line of her timeline and an event
//   to the provider, one that closes "won" or "lost" the same; a status told again, or any
//   news of a dispute already closed, changes nothing. No email to her: her bank speaks to
//   her of it. The console flags the order and lists the disputes waiting for a response.
// - charge.refunded (a Charge: payment_intent, amount_refunded, its total refunded so far):
//   our own refunds are counted on the payment from the moment they are set aside, so only
//   what is refunded beyond them was made in Stripe's Dashboard; that part is recorded once
//   as a refund "made_at_gateway", with a timeline line and the provider's event, no email.
//   Our own refund's event (nothing beyond ours) changes nothing.
// - Anything else (another type, an object we do not know, a field that does not read as
//   Stripe writes it): acknowledged and ignored.
import type { ActionFunctionArgs } from "@remix-run/node";
import Stripe from "stripe";
import { config } from "../server/config.server";
import { readRequestWithin, tooLargeMessages } from "../server/http/body-cap.server";
import { jsonAnswer, notFoundJson } from "../server/http/json-answer.server";
import { log } from "../server/log.server";
import { handleStripeEvent } from "../server/subscriptions/stripe-events.server";

/** Stripe's events are small; this bounds what an unverified sender can make us read. */
const maxEventBytes = 256 * 1024;

export async function loader() {
  if (!config().STRIPE_WEBHOOK_SECRET) return notFoundJson();
  return jsonAnswer(405, { success: false, message: "Use POST." }, { Allow: "POST" });
}

export async function action({ request }: ActionFunctionArgs) {
  const secret = config().STRIPE_WEBHOOK_SECRET;
  if (!secret) return notFoundJson();
  if (request.method !== "POST") return jsonAnswer(405, { success: false, message: "Use POST." }, { Allow: "POST" });

  const payload = await readRequestWithin(request, maxEventBytes);
  if (payload.status === "too large") return jsonAnswer(413, { success: false, message: tooLargeMessages.webhook });
  if (payload.status === "broken") return jsonAnswer(400, { success: false, message: "The event could not be read." });

  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload.bytes, request.headers.get("Stripe-Signature") ?? "", secret);
  } catch {
    // The library's error carries the payload and the header: neither is logged.
    log.warn({ reason: "signature" }, "Stripe event refused");
    return jsonAnswer(400, { success: false, message: "The Stripe-Signature header does not verify." });
  }
  // Signed, but not an event (Stripe never sends this; a test or a leaked secret might).
  if (event === null || typeof event !== "object" || Array.isArray(event)) {
    return jsonAnswer(400, { success: false, message: "The body is not a Stripe event." });
  }

  const outcome = await handleStripeEvent(event);
  log.info({ event: textOf(event.id), type: textOf(event.type), outcome }, "Stripe event");
  return jsonAnswer(200, { received: true });
}

/** A short string from the event for the log, or undefined. */
function textOf(value: unknown): string | undefined {
  return typeof value === "string" ? value.slice(0, 100) : undefined;
}
