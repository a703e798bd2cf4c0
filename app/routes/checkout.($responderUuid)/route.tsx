import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { MedicationGrid, PlanToggle } from "./medication-grid";
import { TestimonialList } from "./testimonial-list";
import { TrustBadges } from "../../components/trust-badges";
import { TrustIndicators } from "./trust-indicators";
import { lowestPriceClaim } from "../../funnel/marketing";
import { isPlanCode } from "../../funnel/plans";
import { formatDollars, selectedMedications } from "../../funnel/pricing";
import { productSelectionBody } from "../../funnel/product-selection";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import { changePlan, findOption, toggleOption, unavailableMessage, type PlanSelection } from "../../funnel/selection";
import { selectionPageModel } from "../../funnel/selection-page";
import { availableIn, stateUnavailableNotice } from "../../funnel/state-availability";
import { loadShippingAddress } from "../../server/db/stores/addresses.server";
import { planSummaryPath } from "../../server/subscriptions/plan-link.server";
import type { RouteHandle } from "../../route-handle";
import { pageAddress, preCheckoutAddress, searchWithout } from "../../server/flow/checkout-flow.server";
import { requireFlow } from "../../server/flow/require-flow.server";
import { config } from "../../server/config.server";
import { readForm } from "../../server/http/form-body.server";
import { medicationsFor, testimonialsFor } from "../../server/provider/catalogue-cache.server";
import { flowVariant } from "../../server/db/stores/flow-variants.server";
import { enqueueLatestSave } from "../../server/db/stores/outbox.server";
import { withOutbox } from "../../server/outbox/with-outbox.server";
import { recordFlowSteps } from "../../server/db/stores/flow-progress.server";
import { loadPlanSelection, planSelectionOf, saveAddedToPlan, savePlanSelection } from "../../server/db/stores/plan-selections.server";
import { readSelectionPage } from "../../server/checkout/selection-page-read.server";
import { countStepPost } from "../../server/http/rate-limits.server";
import { retryAfter } from "../../server/http/form-refusal.server";
import { keepRetryAfter } from "../../route-headers";
import { refusePage } from "../../server/http/page-refusal.server";
import type { Visitor } from "../../server/visitor/visitor.server";

export const handle: RouteHandle = { title: "Build your treatment plan" };

export const headers = keepRetryAfter;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const flow = await requireFlow(request, params, "checkout");
  const { visitor, responderUuid } = flow;
  // A flow not yet claimed has nothing kept: her first click claims it.
  const kept = flow.flowClaim ? undefined : await readSelectionPage(responderUuid);
  const variant = flow.variant ?? kept?.variant ?? (await flow.readVariant());
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
    model: selectionPageModel(catalogue, selection, visiblePlans, kept?.shippingState ?? null),
    // Spec section 1: the plan, shared with her own doctor, once something is chosen.
    // Once she has ordered, of her private link's generation: a newer private link retires it.
    sharePlan: flow.flowClaim ? null : planSummaryPath(responderUuid, kept?.linkVersion ?? undefined),
    testimonials,
    flowClaim: flow.flowClaim,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const flow = await requireFlow(request, params, "checkout");
  const { visitor } = flow;
  // A new visitor's first click makes the flow hers.
  const responderUuid = flow.keep();
  // Buttons only, nothing typed to keep: the page's refusal, with a way back to the same page.
  const wait = await countStepPost(request, visitor);
  if (wait > 0) {
    const samePage = `${new URL(request.url).pathname}${searchWithout(request, "index")}#plans`;
    refusePage(429, tooManyAttemptsMessage(wait), samePage, retryAfter(wait));
  }
  const visiblePlans = config().VISIBLE_PLANS;
  const catalogue = await medicationsFor(responderUuid, await flow.readVariant());
  const current = await loadPlanSelection(responderUuid, catalogue, visiblePlans);
  const backTo = (anchor: string) => visitor.redirect(pageAddress(request, responderUuid, anchor));
  const here = pageAddress(request, responderUuid, "plans");

  switch (formData.get("intent")) {
    case "plan": {
      const plan = formData.get("plan");
      if (!isPlanCode(plan) || !visiblePlans.includes(plan)) {
        refusePage(400, "That plan is not offered. Please choose one of the plans shown.", here);
      }
      await savePlanSelection({ responderUuid, ...changePlan(catalogue, current, plan) });
      return backTo("plans");
    }
    case "toggle": {
      const optionId = formData.get("optionId")?.toString() ?? "";
      const found = findOption(catalogue, optionId);
      // Spec section 2: an option her shipping state cannot have is not chosen (letting go is).
      if (found && current.optionIds[found.category.category] !== optionId) {
        const { state } = await loadShippingAddress(responderUuid);
        if (!availableIn(found.option, state)) refusePage(400, stateUnavailableNotice, here);
      }
      const result = toggleOption(catalogue, current, optionId);
      if (!result.ok && result.refusal === "unknown-option") {
        refusePage(400, "That treatment option is not offered. Please choose one of the options shown.", here);
      }
      if (!result.ok && result.refusal === "unavailable-on-plan") {
        refusePage(400, unavailableMessage(found!.option, current.selectedPlan, visiblePlans)!, here);
      }
      // Progesterone kept beside estrogen, or the last selection kept: the page shows why.
      if (result.ok) await savePlanSelection({ responderUuid, selectedPlan: current.selectedPlan, optionIds: result.optionIds });
      return backTo(`category-${found!.category.category}`);
    }
    case "add-to-plan":
      return addToPlan(visitor, responderUuid, catalogue, current);
    default:
      refusePage(400, "This form could not be read. Please go back and try again.", here);
  }
}

/** Spec section 4, "ADD TO PLAN": saved with plan and prices, posted to the provider, onward. */
async function addToPlan(
  visitor: Visitor,
  responderUuid: string,
  catalogue: Awaited<ReturnType<typeof medicationsFor>>,
  selection: PlanSelection,
) {
  const selected = selectedMedications(catalogue, selection.selectedPlan, selection.optionIds);
  if (selected.length === 0) refusePage(400, "Please choose a treatment to continue.", `/checkout/${responderUuid}`);
  const facts = { variant: await flowVariant(responderUuid, visitor.variant), tracking: visitor.trackingParams };
  await withOutbox(async (tx) => {
    await saveAddedToPlan(responderUuid, selection, selected, tx);
    await recordFlowSteps(responderUuid, ["selection", "add-to-plan"], facts, tx);
    await enqueueLatestSave(tx, "save-product-selection", responderUuid, productSelectionBody(selected, selection.selectedPlan));
  });
  return visitor.redirect(await preCheckoutAddress(visitor, responderUuid));
}

export default function SelectionPage() {
  const { model, testimonials, flowClaim, sharePlan } = useLoaderData<typeof loader>();
  return (
    <div className="selection-page">
      <header className="selection-intro">
        <h1>Build your treatment plan</h1>
        <p className="lead">
          Choose your treatments and how often you would like to be billed. A licensed provider reviews
          every plan. {lowestPriceClaim}.
        </p>
      </header>
      <PlanToggle model={model} flowClaim={flowClaim} />
      <MedicationGrid model={model} flowClaim={flowClaim} />
      {model.summary ? (
        <Form method="post" className="add-to-plan" id="add-to-plan">
          {flowClaim ? <input type="hidden" name="flowClaim" value={flowClaim} /> : null}
          <input type="hidden" name="intent" value="add-to-plan" />
          <p className="plan-total">
            <strong>
              {formatDollars(model.summary.total)}
              {model.summary.period}
            </strong>{" "}
            <span className="cadence">
              {model.summary.count} {model.summary.count === 1 ? "treatment" : "treatments"}, billed{" "}
              {model.summary.cadence}
            </span>
          </p>
          <button type="submit" className="button button-primary">
            ADD TO PLAN
          </button>
          {sharePlan ? (
            <p className="share-plan">
              Or <a href={sharePlan}>share with my doctor</a> first.
            </p>
          ) : null}
        </Form>
      ) : null}
      <TrustIndicators />
      <TestimonialList testimonials={testimonials} />
      <TrustBadges />
    </div>
  );
}
