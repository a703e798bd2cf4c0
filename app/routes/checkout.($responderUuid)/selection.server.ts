// The selection page's server side (spec sections 2 and 4): what the page shows of her flow,
// and each of its buttons: a plan, an option, ADD TO PLAN. Every refusal is a page of its own
// (the buttons carry nothing typed), in her words, with a way back to the same place.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isPlanCode } from "../../funnel/plans";
import { selectedMedications } from "../../funnel/pricing";
import { productSelectionBody } from "../../funnel/product-selection";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import { changePlan, findOption, toggleOption, unavailableMessage, type PlanSelection } from "../../funnel/selection";
import { selectionPageModel } from "../../funnel/selection-page";
import { availableIn } from "../../funnel/state-availability";
import { testimonialsIn } from "../../funnel/testimonials";
import type { Translator } from "../../i18n/languages";
import { loadShippingAddress } from "../../server/db/stores/addresses.server";
import { planSummaryPath } from "../../server/subscriptions/plan-link.server";
import { pageAddress, preCheckoutAddress, searchWithout } from "../../server/flow/checkout-flow.server";
import { requireFlow } from "../../server/flow/require-flow.server";
import { config } from "../../server/config.server";
import { formText } from "../../funnel/form-text";
import { readForm } from "../../server/http/form-body.server";
import { medicationsFor, testimonialsFor } from "../../server/provider/catalogue-cache.server";
import { flowVariant } from "../../server/db/stores/flow-variants.server";
import { enqueueLatestSave } from "../../server/db/stores/outbox.server";
import { withOutbox } from "../../server/outbox/with-outbox.server";
import { recordFlowSteps } from "../../server/db/stores/flow-progress.server";
import { loadPlanSelection, planSelectionOf, saveAddedToPlan, savePlanSelection } from "../../server/db/stores/plan-selections.server";
import { readSelectionPage, readSelectionPageBesideSession } from "../../server/checkout/selection-page-read.server";
import { countStepPost } from "../../server/http/rate-limits.server";
import { retryAfter } from "../../server/http/form-refusal.server";
import { refusePage } from "../../server/http/page-refusal.server";
import { translator } from "../../i18n/messages";
import { isResponderUuid, type Visitor } from "../../server/visitor/visitor.server";

export async function selectionPage({ request, params }: LoaderFunctionArgs) {
  // The flow the address names, read with her session (one round trip); used only if it is hers.
  const named = isResponderUuid(params.responderUuid) ? readSelectionPageBesideSession(request, params.responderUuid) : undefined;
  // Not awaited when the flow is not hers: a failure of it is her session's, thrown there.
  named?.catch(() => undefined);
  const flow = await requireFlow(request, params, "checkout");
  const { visitor, responderUuid } = flow;
  const t = translator(visitor.language);
  // A flow not yet claimed has nothing kept: her first click claims it.
  const kept = flow.flowClaim
    ? undefined
    : await (named && responderUuid === params.responderUuid ? named : readSelectionPage(responderUuid));
  // Known without a read of its own once her page's read has brought it (the flow's record).
  const variant = await flow.readVariant();
  const visiblePlans = config().VISIBLE_PLANS;
  const [catalogue, testimonials] = await Promise.all([
    medicationsFor(responderUuid, variant),
    testimonialsFor(responderUuid),
    // Counted once: later views write nothing.
    kept && !kept.selectionCounted
      ? recordFlowSteps(responderUuid, ["selection"], { variant, tracking: visitor.trackingParams })
      : undefined,
  ]);
  const selection = planSelectionOf(kept?.selection, catalogue, visiblePlans);
  return visitor.data({
    model: selectionPageModel(catalogue, selection, visiblePlans, kept?.shippingState ?? null, t),
    // Spec section 1: the plan, shared with her own doctor, once something is chosen.
    // Once she has ordered, of her private link's generation: a newer private link retires it.
    sharePlan: flow.flowClaim ? null : planSummaryPath(responderUuid, kept?.linkVersion ?? undefined),
    testimonials: testimonialsIn(testimonials, t),
    flowClaim: flow.flowClaim,
  });
}

export async function applyChoice({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const flow = await requireFlow(request, params, "checkout");
  const { visitor } = flow;
  const t = translator(visitor.language);
  // A new visitor's first click makes the flow hers.
  const responderUuid = flow.keep();
  // Buttons only, nothing typed to keep: the page's refusal, with a way back to the same page.
  const wait = await countStepPost(request, visitor);
  if (wait > 0) {
    const samePage = `${new URL(request.url).pathname}${searchWithout(request, "index")}#plans`;
    refusePage(429, tooManyAttemptsMessage(wait, t), samePage, retryAfter(wait));
  }
  const visiblePlans = config().VISIBLE_PLANS;
  const catalogue = await medicationsFor(responderUuid, await flow.readVariant());
  const current = await loadPlanSelection(responderUuid, catalogue, visiblePlans);
  const backTo = (anchor: string) => visitor.redirect(pageAddress(request, responderUuid, anchor));
  const here = pageAddress(request, responderUuid, "plans");

  switch (formData.get("intent")) {
    case "plan": {
      const plan = formData.get("plan");
      if (!isPlanCode(plan) || !visiblePlans.includes(plan)) refusePage(400, t("selection.planNotOffered"), here);
      await savePlanSelection({ responderUuid, ...changePlan(catalogue, current, plan) });
      return backTo("plans");
    }
    case "toggle": {
      const optionId = formText(formData, "optionId");
      const found = findOption(catalogue, optionId);
      // Spec section 2: an option her shipping state cannot have is not chosen (letting go is).
      if (found && current.optionIds[found.category.category] !== optionId) {
        const { state } = await loadShippingAddress(responderUuid);
        if (!availableIn(found.option, state)) refusePage(400, t("selection.stateUnavailable"), here);
      }
      const result = toggleOption(catalogue, current, optionId);
      if (!result.ok && result.refusal === "unknown-option") refusePage(400, t("selection.optionNotOffered"), here);
      if (!result.ok && result.refusal === "unavailable-on-plan") {
        refusePage(400, unavailableMessage(found!.option, current.selectedPlan, visiblePlans, t)!, here);
      }
      // Progesterone kept beside estrogen, or the last selection kept: the page shows why.
      if (result.ok) await savePlanSelection({ responderUuid, selectedPlan: current.selectedPlan, optionIds: result.optionIds });
      return backTo(`category-${found!.category.category}`);
    }
    case "add-to-plan":
      return addToPlan(visitor, responderUuid, catalogue, current, t);
    default:
      refusePage(400, t("selection.formUnreadable"), here);
  }
}

/** Spec section 4, "ADD TO PLAN": saved with plan and prices, posted to the provider, onward. */
async function addToPlan(
  visitor: Visitor,
  responderUuid: string,
  catalogue: Awaited<ReturnType<typeof medicationsFor>>,
  selection: PlanSelection,
  t: Translator,
) {
  const selected = selectedMedications(catalogue, selection.selectedPlan, selection.optionIds);
  if (selected.length === 0) refusePage(400, t("selection.chooseTreatment"), `/checkout/${responderUuid}`);
  const facts = { variant: await flowVariant(responderUuid, visitor.variant), tracking: visitor.trackingParams };
  await withOutbox(async (tx) => {
    await saveAddedToPlan(responderUuid, selection, selected, tx);
    await recordFlowSteps(responderUuid, ["selection", "add-to-plan"], facts, tx);
    await enqueueLatestSave(tx, "save-product-selection", responderUuid, productSelectionBody(selected, selection.selectedPlan));
  });
  return visitor.redirect(await preCheckoutAddress(visitor, responderUuid));
}
