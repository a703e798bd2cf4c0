// POST /api/stripe/webhook: what Stripe changed on its own, verified with STRIPE_WEBHOOK_SECRET
// through the stripe library (decision 0015). Unset, the route does not exist.
// - payment_intent.canceled for a hold still awaiting review: Stripe let it lapse after its
//   capture_before, so the order's hold is expired (an approval then charges the saved card).
// - payment_intent.succeeded / payment_failed of a charge: our records come from our own call,
//   made with an idempotency key; when that call got no answer, the subscription stays due and
//   the worker makes the same call again, which Stripe answers with this same PaymentIntent.
//   So these events change nothing here; they are acknowledged so that Stripe stops sending.
// Every event is answered 200 once verified, a repeat included; nothing is done twice because
// each change is a conditional transition.
import type { ActionFunctionArgs } from "@remix-run/node";
import Stripe from "stripe";
import { config } from "../server/config.server";
import { findSubscriptionByHold } from "../server/db/stores/subscriptions.server";
import { jsonAnswer, notFoundJson } from "../server/http/json-answer.server";
import { log } from "../server/log.server";
import { expireHold } from "../server/subscriptions/review.server";
import { lifecycleNow } from "../server/subscriptions/clock.server";

/** Stripe's events are small; this bounds what an unverified sender can make us read. */
const maxEventBytes = 512 * 1024;

export async function loader() {
  return jsonAnswer(405, { success: false, message: "Use POST." }, { Allow: "POST" });
}

export async function action({ request }: ActionFunctionArgs) {
  const secret = config().STRIPE_WEBHOOK_SECRET;
  if (!secret) return notFoundJson();
  if (Number(request.headers.get("Content-Length") ?? "0") > maxEventBytes) {
    return jsonAnswer(413, { success: false, message: "The event is larger than this endpoint accepts." });
  }
  const payload = await request.text();
  if (Buffer.byteLength(payload) > maxEventBytes) return jsonAnswer(413, { success: false, message: "The event is larger than this endpoint accepts." });

  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, request.headers.get("Stripe-Signature") ?? "", secret);
  } catch {
    log.warn({ reason: "signature" }, "Stripe event refused");
    return jsonAnswer(400, { success: false, message: "The Stripe-Signature header does not verify." });
  }

  if (event.type === "payment_intent.canceled") {
    const intent = event.data.object;
    const subscription = await findSubscriptionByHold(intent.id);
    if (subscription?.state === "on_hold" && subscription.decision === null) {
      await expireHold(subscription, await lifecycleNow());
    }
  }
  log.info({ type: event.type }, "Stripe event");
  return jsonAnswer(200, { received: true });
}
