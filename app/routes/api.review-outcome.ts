// POST /api/review-outcome: the provider's medical team decided (decision 0014). Signed with
// PROVIDER_WEBHOOK_SECRET; unset, the route does not exist (the owner decides in the console).
// The first decision moves the money once; the same decision again is answered 200 with
// nothing done twice; another decision after it is a conflict.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { config } from "../server/config.server";
import { findSubscriptionByResponder } from "../server/db/stores/subscriptions.server";
import { jsonAnswer, notFoundJson } from "../server/http/json-answer.server";
import { readJson } from "../server/http/json-body.server";
import { signatureHeader, verifyProviderSignature } from "../server/http/provider-signature.server";
import { log } from "../server/log.server";
import { paymentGateway } from "../server/payments/index.server";
import { decideReview } from "../server/subscriptions/review.server";

const outcomeSchema = z.object({
  responder_uuid: z.uuid("responder_uuid must be a uuid"),
  decision: z.enum(["approved", "declined"], "decision must be approved or declined"),
  message: z.string().max(2000, "message must be at most 2000 characters").optional(),
});

export async function loader() {
  return jsonAnswer(405, { success: false, message: "Use POST." }, { Allow: "POST" });
}

export async function action({ request }: ActionFunctionArgs) {
  const secret = config().PROVIDER_WEBHOOK_SECRET;
  if (!secret) return notFoundJson();
  if (request.method !== "POST") return jsonAnswer(405, { success: false, message: "Use POST." }, { Allow: "POST" });

  const body = await readJson(request);
  // The signature first: an unsigned body is not read further, even to say what is wrong with it.
  const check = verifyProviderSignature(request.headers.get(signatureHeader), body.text ?? "", secret);
  if (!check.ok) {
    log.warn({ reason: check.reason }, "review outcome refused");
    return jsonAnswer(401, { success: false, message: "The signature is missing, wrong or too old." });
  }
  if (!body.ok) return jsonAnswer(body.status, { success: false, message: body.message });
  const parsed = outcomeSchema.safeParse(body.value);
  if (!parsed.success) {
    return jsonAnswer(400, { success: false, message: parsed.error.issues.map((issue) => issue.message).join("; ") });
  }

  const subscription = await findSubscriptionByResponder(parsed.data.responder_uuid);
  if (!subscription) return notFoundJson("No order for this responder_uuid");
  const outcome = await decideReview(paymentGateway(), subscription, parsed.data.decision, parsed.data.message ?? null, "provider");
  log.info({ outcome: outcome.status }, "review outcome");
  switch (outcome.status) {
    case "recorded":
    case "unchanged":
      return jsonAnswer(200, { success: true, state: outcome.subscription.state });
    case "conflict":
      return jsonAnswer(409, { success: false, message: `This order was already ${outcome.subscription.decision}.` });
    case "closed":
      return jsonAnswer(409, { success: false, message: "This order is no longer awaiting review." });
  }
}
