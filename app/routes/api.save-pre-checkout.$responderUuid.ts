// POST /api/save-pre-checkout/{responder_uuid} (spec section 7): the pre-checkout save for
// other clients, as JSON, under the form's rules. Only the browser session that owns the uuid,
// or the bearer of a valid token for it (Authorization: Bearer {token}), may save; a uuid
// alone allows nothing (spec section 6 departs here, see docs/architecture.md, "Where we depart from the original").
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { hasMissingField, preCheckoutSchema } from "../funnel/pre-checkout";
import { isPlanCode } from "../funnel/plans";
import { tooManyAttemptsMessage } from "../funnel/rate-limits";
import { saveFailedToast } from "../funnel/toasts";
import { translator } from "../i18n/messages";
import { jsonAnswer } from "../server/http/json-answer.server";
import { flowNotFoundMessage, ownedFlow } from "../server/flow/flow-owner.server";
import { config } from "../server/config.server";
import { readJson } from "../server/http/json-body.server";
import { loadOrderProducts } from "../server/db/stores/order-products.server";
import { savePreCheckout } from "../server/checkout/pre-checkout.server";
import { countStepPost } from "../server/http/rate-limits.server";
import { retryAfter } from "../server/http/form-refusal.server";
import { Visitor } from "../server/visitor/visitor.server";
import { log } from "../server/log.server";

/** The API answers in English: a schema's message that is a catalogue id is given in its English. */
const english = translator("en");
const inEnglish = (message: string) => (english.has(message) ? english(message) : message);

const orderSchema = z.object({
  product_id: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      value === undefined
        ? undefined
        : [value]
            .flat()
            .map((id) => id.trim())
            .filter(Boolean),
    )
    .pipe(z.array(z.string().max(100)).max(20, "product_id lists at most 20 products").optional()),
  selected_plan: z
    .string()
    .optional()
    .refine((plan) => plan === undefined || isPlanCode(plan), "selected_plan is not a plan"),
});

export async function loader() {
  return jsonAnswer(405, { success: false, message: "Use POST to save pre-checkout details." }, { Allow: "POST" });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const visitor = await Visitor.open(request);
  const responderUuid = await ownedFlow(visitor, params.responderUuid, { request });
  if (!responderUuid) return jsonAnswer(404, { success: false, message: flowNotFoundMessage });
  // A step post, as the pre-checkout form's; a client without a session is counted per flow.
  const wait = await countStepPost(request, visitor, { authorisedFlow: responderUuid });
  if (wait > 0) return jsonAnswer(429, { success: false, message: tooManyAttemptsMessage(wait) }, retryAfter(wait));

  const body = await readJson(request);
  if (!body.ok) return jsonAnswer(body.status, { success: false, message: body.message });
  const details = preCheckoutSchema.safeParse(body.value);
  const order = orderSchema.safeParse(body.value);
  if (!details.success || !order.success) {
    const errors = [...(details.error?.issues ?? []), ...(order.error?.issues ?? [])].map((issue) => ({
      ...issue,
      message: inEnglish(issue.message),
    }));
    const message = hasMissingField(body.value) ? "Please fill in all required fields." : errors[0]!.message;
    return jsonAnswer(400, {
      success: false,
      message,
      errors: Object.fromEntries(errors.map((issue) => [issue.path.join("."), issue.message])),
    });
  }
  try {
    const stored = await loadOrderProducts(responderUuid, config().VISIBLE_PLANS);
    await savePreCheckout(responderUuid, details.data, {
      productIds: order.data.product_id ?? stored.productIds,
      selectedPlan: order.data.selected_plan ?? stored.selectedPlan,
    });
  } catch (error) {
    log.error({ error: error instanceof Error ? error.name : "unknown" }, "pre-checkout save failed");
    return jsonAnswer(503, { success: false, message: saveFailedToast().description });
  }
  return jsonAnswer(200, { success: true }, await visitor.headers());
}
