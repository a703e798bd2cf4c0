// The pre-checkout submit (spec section 4), from the page's form or its JSON route: her
// details and the provider's save-pre-checkout (spec section 7) written in one transaction,
// then the outbox worker woken to deliver the latter.
import type { PlanCode } from "../../funnel/plans";
import { preCheckoutBody, type PreCheckoutDetails } from "../../funnel/pre-checkout";
import { enqueueLatestSave } from "../db/stores/outbox.server";
import { keepPreCheckoutDetails } from "../db/stores/personal-details.server";
import { withOutbox } from "../outbox/with-outbox.server";

export async function savePreCheckout(
  responderUuid: string,
  details: PreCheckoutDetails,
  order: { productIds: readonly string[]; selectedPlan: PlanCode },
): Promise<void> {
  await withOutbox(async (tx) => {
    await keepPreCheckoutDetails(tx, responderUuid, details);
    await enqueueLatestSave(tx, "save-pre-checkout", responderUuid, preCheckoutBody(details, order.productIds, order.selectedPlan));
  });
}
