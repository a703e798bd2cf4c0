// POST /api/stripe/webhook: what Stripe tells us, verified with STRIPE_WEBHOOK_SECRET through
// the stripe library (decision 0015). Unset, the route does not exist (404). A body that is too
// large is refused unread (413); one whose Stripe-Signature does not verify is 400, Stripe's
// convention, with nothing changed. Every verified event is answered 200, a repeat included,
// so that Stripe stops sending it; nothing is done twice because each change here is a
// conditional transition of the order's state machine. The payload is never logged: only the
// event's id and type, and what was done.
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
// - Anything else (another type, an object we do not know): acknowledged and ignored.
import type { ActionFunctionArgs } from "@remix-run/node";
import Stripe from "stripe";
import { awaitingReviewStates, billedStates } from "../funnel/subscription-life";
import { config } from "../server/config.server";
import {
  findPaymentByGatewayReference,
  findSubscription,
  findSubscriptionByHold,
  type SubscriptionRow,
} from "../server/db/stores/subscriptions.server";
import { readRequestWithin, tooLargeMessages } from "../server/http/body-cap.server";
import { jsonAnswer, notFoundJson } from "../server/http/json-answer.server";
import { log } from "../server/log.server";
import { lifecycleNow } from "../server/subscriptions/clock.server";
import { expireHold } from "../server/subscriptions/review.server";

/** Stripe's events are small; this bounds what an unverified sender can make us read. */
const maxEventBytes = 256 * 1024;

const subscriptionIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const periodPattern = /^\d{1,6}$/;

/** What became of an event, for the log line. */
type Outcome =
  | "hold expired"
  | "already recorded"
  | "left to the worker"
  | "needs a look"
  | "ignored";

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

  const outcome = await handle(event);
  log.info({ event: textOf(event.id), type: textOf(event.type), outcome }, "Stripe event");
  return jsonAnswer(200, { received: true });
}

/** A short string from the event for the log, or undefined. */
function textOf(value: unknown): string | undefined {
  return typeof value === "string" ? value.slice(0, 100) : undefined;
}

interface IntentFacts {
  id: string;
  subscriptionId: string | undefined;
  period: number | undefined;
}

/** The PaymentIntent an event is about, when it is one, with the metadata we put on our charges. */
function paymentIntentOf(event: Stripe.Event): IntentFacts | undefined {
  const object: unknown = (event as { data?: { object?: unknown } }).data?.object;
  if (object === null || typeof object !== "object") return undefined;
  const { id, object: kind, metadata } = object as { id?: unknown; object?: unknown; metadata?: unknown };
  if (kind !== "payment_intent" || typeof id !== "string" || !/^pi_[A-Za-z0-9_]{1,200}$/.test(id)) return undefined;
  const meta = metadata !== null && typeof metadata === "object" ? (metadata as Record<string, unknown>) : {};
  const subscriptionId = typeof meta.subscription_id === "string" && subscriptionIdPattern.test(meta.subscription_id) ? meta.subscription_id : undefined;
  const period = typeof meta.period === "string" && periodPattern.test(meta.period) ? Number(meta.period) : undefined;
  return { id, subscriptionId, period };
}

async function handle(event: Stripe.Event): Promise<Outcome> {
  const type: unknown = event.type;
  if (type !== "payment_intent.canceled" && type !== "payment_intent.succeeded" && type !== "payment_intent.payment_failed") {
    return "ignored";
  }
  const intent = paymentIntentOf(event);
  if (intent === undefined) return "ignored";
  if (type === "payment_intent.canceled") return holdCanceled(intent);
  const hold = await findSubscriptionByHold(intent.id);
  if (hold) return type === "payment_intent.succeeded" ? holdCaptured(hold, intent) : "ignored";
  return chargeSettled(intent, type === "payment_intent.succeeded" ? "succeeded" : "failed");
}

/** Stripe let a hold go (its capture_before passed, or someone cancelled it there). */
async function holdCanceled(intent: IntentFacts): Promise<Outcome> {
  const subscription = await findSubscriptionByHold(intent.id);
  if (subscription === undefined) return "ignored";
  if (subscription.state !== "on_hold") return "already recorded";
  // Decided: the settlement tries its capture (or release), hears the hold is gone, and
  // records that itself.
  if (subscription.decision !== null) return "left to the worker";
  return (await expireHold(subscription, await lifecycleNow())) ? "hold expired" : "already recorded";
}

/** A hold was captured: by our approval (recorded, or to be recorded by the worker), or not by us. */
function holdCaptured(subscription: SubscriptionRow, intent: IntentFacts): Outcome {
  if (subscription.periodsPaid > 0) return "already recorded";
  if (subscription.decision === "approved" && awaitingReviewStates.includes(subscription.state)) return "left to the worker";
  log.error({ subscription: subscription.id, payment_intent: intent.id, state: subscription.state }, "Stripe captured a hold we did not approve");
  return "needs a look";
}

/** A charge of ours (a renewal, or an approval's charge of the saved card) succeeded or failed at Stripe. */
async function chargeSettled(intent: IntentFacts, status: "succeeded" | "failed"): Promise<Outcome> {
  const recorded = await findPaymentByGatewayReference(intent.id);
  if (recorded) {
    if (recorded.status === status) return "already recorded";
    log.error(
      { subscription: recorded.subscriptionId, period: recorded.period, payment_intent: intent.id, recorded: recorded.status, stripe: status },
      "Stripe's event disagrees with our payment record",
    );
    return "needs a look";
  }
  if (intent.subscriptionId === undefined || intent.period === undefined) return "ignored";
  const subscription = await findSubscription(intent.subscriptionId);
  if (subscription === undefined) return "ignored";
  if (stillDue(subscription, intent.period)) return "left to the worker";
  if (status === "failed") return "ignored";
  log.error(
    { subscription: subscription.id, period: intent.period, payment_intent: intent.id, state: subscription.state },
    "Stripe took a payment we have no record of",
  );
  return "needs a look";
}

/** Whether the worker will charge this period again (with the same key, so the same PaymentIntent). */
function stillDue(subscription: SubscriptionRow, period: number): boolean {
  if (period === 0) return subscription.decision === "approved" && awaitingReviewStates.includes(subscription.state);
  return billedStates.includes(subscription.state) && subscription.dueAt !== null && subscription.periodsPaid === period;
}
