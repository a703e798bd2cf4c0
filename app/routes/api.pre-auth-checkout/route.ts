// POST /api/pre-auth-checkout (spec section 7): the pre-authorisation order as JSON, for
// clients that make their card PaymentMethod with Stripe.js. Only the browser session that
// owns metadata.responder_uuid, or the bearer of a valid token for it, may pay for it (as
// POST /api/save-pre-checkout). The checkout service prices her stored cart, never the body's
// medications or pricing: the client names the promo code and the amount it showed, and the
// payment goes ahead only at that price. The guards keep the order of every action
// (ownership, the step-post limit, then reading the body); this module only turns the
// service's tagged result into JSON.
import type { ActionFunctionArgs } from "@remix-run/node";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import { payForFlow, type PaymentResult } from "../../server/checkout/pay-for-flow.server";
import { flowVariant } from "../../server/db/stores/flow-variants.server";
import { flowNotFoundMessage, ownedFlow } from "../../server/flow/flow-owner.server";
import { retryAfter } from "../../server/http/form-refusal.server";
import { jsonAnswer } from "../../server/http/json-answer.server";
import { readJson } from "../../server/http/json-body.server";
import { log } from "../../server/log.server";
import { paymentGateway, paymentMessages } from "../../server/payments/index.server";
import { countStepPost, visitorRateKey } from "../../server/http/rate-limits.server";
import { recordFlowSteps } from "../../server/db/stores/flow-progress.server";
import { Visitor } from "../../server/visitor/visitor.server";
import { objectOr, readOrderRequest } from "./order-request.server";

export async function loader() {
  return jsonAnswer(405, { success: false, message: "Use POST to place the order." }, { Allow: "POST" });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const body = await readJson(request);
  if (!body.ok) return jsonAnswer(body.status, { success: false, message: body.message });
  const uuid = objectOr(body.value.metadata).responder_uuid;
  if (uuid === undefined || uuid === null || uuid === "") {
    const message = "metadata.responder_uuid is required";
    return jsonAnswer(400, { success: false, message, errors: { "metadata.responder_uuid": message } });
  }
  const visitor = await Visitor.open(request);
  const responderUuid = await ownedFlow(visitor, uuid, { request });
  if (!responderUuid) return jsonAnswer(404, { success: false, message: flowNotFoundMessage });
  // Rate limits count this browser; a client without a session, the order it pays for. The
  // step post is counted before anything is read or tried, the card included.
  const wait = await countStepPost(request, visitor, { authorisedFlow: responderUuid });
  if (wait > 0) return jsonAnswer(429, { success: false, message: tooManyAttemptsMessage(wait) }, retryAfter(wait));
  const reading = readOrderRequest(body.value, request.headers.get("Idempotency-Key")?.trim() || undefined, {
    gateway: paymentGateway().kind,
    tracking: visitor.trackingParams,
    now: new Date(),
  });
  if (!reading.ok) return jsonAnswer(400, { success: false, message: reading.message, errors: reading.errors });
  try {
    const visitorKey = visitorRateKey(visitor, request, responderUuid);
    const variant = await flowVariant(responderUuid, visitor.variant);
    await recordFlowSteps(responderUuid, ["final-checkout"], { variant, tracking: visitor.trackingParams });
    const result = await payForFlow({ request, visitorKey, responderUuid, variant, language: visitor.language }, reading.order);
    const [status, answer, headers] = replyOf(result);
    return jsonAnswer(status, answer, await visitor.headers(headers));
  } catch (error) {
    log.error({ error: error instanceof Error ? error.name : "unknown" }, "pre-auth checkout failed");
    return jsonAnswer(503, { success: false, message: paymentMessages.unexpected });
  }
}

/** The HTTP answer to what the checkout service did. */
function replyOf(result: PaymentResult): [number, Record<string, unknown>, HeadersInit?] {
  switch (result.kind) {
    case "paid":
      return [200, { success: true, ...result.destination }];
    case "requires_action":
      return [
        202,
        result.action.kind === "redirect"
          ? { success: false, requires_action: true, redirect_url: result.action.url }
          : { success: false, requires_action: true, client_secret: result.action.clientSecret },
      ];
    case "processing":
      return [409, { success: false, processing: true, message: result.message }];
    case "price_changed":
      return [409, { success: false, price_changed: true, amount: result.totalCents, message: result.message }];
    case "declined":
      return [402, { success: false, message: result.message }];
    case "invalid":
      if (result.field === "promoCode") {
        return [400, { success: false, message: result.message, errors: { "metadata.discount_code": result.message } }];
      }
      if (result.field === "state" || result.field === "zipCode") {
        return [400, { success: false, message: result.message, errors: { [`shippingAddress.${result.field}`]: result.message } }];
      }
      return [400, { success: false, message: result.message }];
    case "too_many_attempts":
      return [429, { success: false, message: result.message }, retryAfter(result.retryAfterSeconds)];
  }
}
