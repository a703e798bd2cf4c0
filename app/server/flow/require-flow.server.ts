// The one guard of her pages: every funnel loader and action calls `requireFlow` first (as Epic
// Stack's call `requireUserId`), getting her visitor and flow or a thrown answer. A uuid only
// names a flow; her session, or a secure link it opened first, lets her see or change it, and no
// page reveals whether a flow not hers exists.
//
// Where a step sends her when the flow is not hers (spec sections 2, 4 and 6): the questionnaire
// to /welcome (also when an earlier answer is missing); the checkout pages to the page without
// the uuid (checkout-flow.server.ts), a post to a 404; after payment, payment-complete to
// /thank-you, Stripe's return to the final checkout, the sandbox's 3-D Secure page a 404.
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

export interface StartedFlow {
  visitor: Visitor;
  responderUuid: string;
  /** Makes it this browser's current flow, once her answer is accepted. */
  keep(): string;
}

export interface QuestionFlow {
  visitor: Visitor;
  responderUuid: string;
  record: FunnelRecord;
  /** The visitor's, or else those on her record. */
  trackingParams: TrackingParams;
}

export interface CheckoutPageFlow {
  visitor: Visitor;
  responderUuid: string;
  /** Nothing kept, not hers yet: a new visitor's page or her first post from it. `keep()` makes it hers. */
  isNew: boolean;
  /** Signed; her form sends it back with her first click. */
  flowClaim?: string;
  /** Known without a read for a new or just claimed flow. */
  variant?: Variant;
  /** A flow without one keeps her own from now on. */
  readVariant(): Promise<Variant>;
  keep(): string;
}

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

/** Without a uuid, her current flow (the address gains it); a uuid not hers reveals and changes nothing. */
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
