// The one guard of her pages: the loader and the action of every page of the funnel call
// `requireFlow` first (as Epic Stack's pages call `requireUserId`). It answers with what the
// page needs (her visitor and the flow the page is for) or throws the answer that sends her
// elsewhere. A uuid in the address only names a flow; this browser's session, or a secure
// link it opened first, is what lets her see or change it, and a flow that is not hers is
// never revealed: no page says whether it exists.
//
// The entry pages (/welcome, /congratulations) are the same for every new visitor and read
// nothing of hers; their posts ask the guard which flow her answer starts (new-flow.server.ts).
//
// Where a step sends her when the flow is not hers (spec sections 2, 4 and 6):
// - the questionnaire (concerns, social proof): to /welcome, also when an earlier answer is
//   missing; without a uuid, a page goes to her current flow's address;
// - the checkout pages (selection, pre-checkout, final checkout): the page without the uuid
//   (checkout-flow.server.ts says which flow it then shows; a secure link is read first on
//   pre-checkout and the final checkout, token-arrival.server.ts); a post, a 404 page;
// - after payment: the payment-complete page to /thank-you, Stripe's return to the final
//   checkout, the sandbox's 3-D Secure page a 404.
import { randomUUID } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { mayAnswerConcerns, mayLeaveEmail, type FunnelRecord } from "../../funnel/sales-funnel-record";
import { hasTrackingParams, readTrackingParams, withQuery, type TrackingParams } from "../../funnel/tracking";
import type { Variant } from "../../funnel/variant";
import { flowVariant } from "../db/stores/flow-variants.server";
import { findFunnelRecord, updateFunnelTracking } from "../db/stores/funnel-records.server";
import { readForm } from "../http/form-body.server";
import { Visitor } from "../visitor/visitor.server";
import { checkoutFlow, type CheckoutStep } from "./checkout-flow.server";
import { verifyFlowClaim } from "./flow-claim.server";
import { ownedFlow, refuseFlowNotFound } from "./flow-owner.server";
import { flowForCongratulations, flowForWelcomeAnswer } from "./new-flow.server";
import { arriveWithToken } from "./token-arrival.server";

export type EntryStep = "welcome" | "congratulations";
export type QuestionStep = "concerns" | "social-proof";
export type AfterPaymentStep = "payment-complete" | "payment-return" | "sandbox-authentication";
export type FunnelStep = EntryStep | QuestionStep | CheckoutStep | AfterPaymentStep;

/** An entry page's post: the flow her answer starts or goes on with. */
export interface StartedFlow {
  visitor: Visitor;
  responderUuid: string;
  /** Makes it this browser's current flow, once her answer is accepted. */
  keep(): string;
}

/** A questionnaire step's flow: hers, with the earlier answers it needs. */
export interface QuestionFlow {
  visitor: Visitor;
  responderUuid: string;
  record: FunnelRecord;
  /** The tracking params kept for this visitor, or else those on her record. */
  trackingParams: TrackingParams;
}

/** A checkout page's flow. */
export interface CheckoutPageFlow {
  visitor: Visitor;
  responderUuid: string;
  /**
   * Nothing of the flow is kept and it is not hers yet: a new visitor's page, or her first
   * post from it (the flow her form's claim names, else a new one). `keep()` makes it hers.
   */
  isNew: boolean;
  /** On a new visitor's page: the signed claim her form sends back with her first click. */
  flowClaim?: string;
  /** The flow's variant when known without a read (a flow new or just claimed). */
  variant?: Variant;
  /** The flow's variant: known, or read (a flow without one keeps her own from now on). */
  readVariant(): Promise<Variant>;
  /** Makes a new flow hers, once her post is accepted; her own already, nothing changes. */
  keep(): string;
}

/** A page after payment: the flow is hers, nothing more is asked of it. */
export interface OwnedFlow {
  visitor: Visitor;
  responderUuid: string;
}

type FlowOf<S extends FunnelStep> = S extends EntryStep
  ? StartedFlow
  : S extends QuestionStep
    ? QuestionFlow
    : S extends CheckoutStep
      ? CheckoutPageFlow
      : OwnedFlow;

/** Spec section 2: each questionnaire step shows once the answers before it are kept. */
const questionStepShows: Record<QuestionStep, (record: FunnelRecord | null) => boolean> = {
  concerns: mayAnswerConcerns,
  "social-proof": mayLeaveEmail,
};

export async function requireFlow<S extends FunnelStep>(
  request: Request,
  params: LoaderFunctionArgs["params"],
  step: S,
): Promise<FlowOf<S>> {
  const pathUuid = params.responderUuid;
  switch (step) {
    case "welcome":
    case "congratulations":
      return (await startedFlow(request, step, pathUuid)) as FlowOf<S>;
    case "concerns":
    case "social-proof":
      return (await questionFlow(request, step, pathUuid)) as FlowOf<S>;
    case "checkout":
    case "pre-checkout":
    case "final-checkout":
      return (await checkoutPageFlow(request, step, pathUuid)) as FlowOf<S>;
    default:
      return (await afterPaymentFlow(request, step, pathUuid)) as FlowOf<S>;
  }
}

async function startedFlow(request: Request, step: EntryStep, pathUuid: string | undefined): Promise<StartedFlow> {
  if (step === "welcome") {
    // Spec section 4: entering a new flow makes a new flow uuid and clears old tracking
    // params; the new flow keeps those of this page's address (the form posts back to it).
    const visitor = await Visitor.open(request, { newFlow: true });
    return started(visitor, await flowForWelcomeAnswer(visitor));
  }
  const visitor = await Visitor.open(request);
  const named = pathUuid ?? new URL(request.url).searchParams.get("responder_uuid") ?? undefined;
  return started(visitor, flowForCongratulations(visitor, named));
}

function started(visitor: Visitor, responderUuid: string): StartedFlow {
  return { visitor, responderUuid, keep: () => visitor.claim(responderUuid) };
}

/**
 * Without a uuid in the path, the browser's current flow is used (the address gains it); a
 * uuid this browser does not own reveals and changes nothing.
 */
async function questionFlow(request: Request, step: QuestionStep, pathUuid: string | undefined): Promise<QuestionFlow> {
  const visitor = await Visitor.open(request);
  const toWelcome = () => visitor.redirect(withQuery("/welcome", visitor.trackingParams));
  if (!pathUuid) {
    const current = visitor.currentUuid;
    if (!current || request.method !== "GET") throw await toWelcome();
    const url = new URL(request.url);
    throw await visitor.redirect(`/${step}/${current}${url.search}`);
  }
  const responderUuid = visitor.ownedUuid(pathUuid);
  const record = responderUuid ? await findFunnelRecord(responderUuid) : null;
  if (!responderUuid || !record || !questionStepShows[step](record)) throw await toWelcome();
  // Tracking params arriving on any URL are kept on her record too (spec section 4).
  const fromUrl = readTrackingParams(new URL(request.url).searchParams);
  if (hasTrackingParams(fromUrl)) {
    await updateFunnelTracking(responderUuid, fromUrl);
    record.trackingParams = fromUrl;
  }
  const trackingParams = hasTrackingParams(visitor.trackingParams) ? visitor.trackingParams : record.trackingParams;
  return { visitor, responderUuid, record, trackingParams };
}

function isPost(request: Request): boolean {
  return request.method !== "GET" && request.method !== "HEAD";
}

async function checkoutPageFlow(request: Request, step: CheckoutStep, pathUuid: string | undefined): Promise<CheckoutPageFlow> {
  const visitor = await Visitor.open(request);
  if (isPost(request)) {
    if (pathUuid) {
      const owned = await ownedFlow(visitor, pathUuid);
      if (!owned) refuseFlowNotFound();
      return pageFlow(visitor, { responderUuid: owned });
    }
    // A new visitor's first post: the page had no flow, her form claims one. The final
    // checkout is never posted without its flow.
    if (step === "final-checkout") refuseFlowNotFound();
    const claimed = verifyFlowClaim((await readForm(request)).get("flowClaim"));
    return pageFlow(visitor, { responderUuid: claimed ?? randomUUID(), isNew: true });
  }
  if (step !== "checkout") {
    const arrival = await arriveWithToken(visitor, request, pathUuid, step);
    if (arrival) throw arrival;
  }
  const flow = await checkoutFlow(visitor, request, pathUuid, step);
  if (flow.redirectTo !== undefined) throw await visitor.redirect(flow.redirectTo);
  return pageFlow(visitor, { ...flow, isNew: flow.flowClaim !== undefined });
}

function pageFlow(
  visitor: Visitor,
  found: { responderUuid: string; isNew?: boolean; flowClaim?: string; variant?: Variant },
): CheckoutPageFlow {
  const flow: CheckoutPageFlow = {
    visitor,
    responderUuid: found.responderUuid,
    isNew: found.isNew ?? false,
    flowClaim: found.flowClaim,
    variant: found.variant,
    async readVariant() {
      flow.variant ??= await flowVariant(flow.responderUuid, visitor.variant);
      return flow.variant;
    },
    keep() {
      if (flow.isNew) visitor.claim(flow.responderUuid);
      flow.isNew = false;
      return flow.responderUuid;
    },
  };
  return flow;
}

async function afterPaymentFlow(request: Request, step: AfterPaymentStep, pathUuid: string | undefined): Promise<OwnedFlow> {
  const visitor = await Visitor.open(request);
  const responderUuid = visitor.ownedUuid(pathUuid);
  if (responderUuid) return { visitor, responderUuid };
  switch (step) {
    // A reload after she has been sent on, or a uuid that is not hers: nothing to show here.
    case "payment-complete":
      throw await visitor.redirect("/thank-you");
    case "payment-return":
      throw await visitor.redirect(`/final-checkout/${pathUuid ?? ""}`);
    case "sandbox-authentication":
      throw data({ message: "Not found" }, { status: 404 });
  }
}
