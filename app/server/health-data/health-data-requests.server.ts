// Her consumer health data asked for by email, by anyone, with or without an order: every flow
// that holds that email (her answers, her details, an order) is listed on the request and a
// link to them is emailed there through the outbox; nothing is sent when none holds it, and
// the page says the same either way. The link shows each flow's data as her own download does
// and deletes them all, once, as her own "Delete my data" does. Each request and its outcome
// is kept (health_data_requests): her email only as a keyed hash, never her data.
import { randomUUID } from "node:crypto";
import { healthDataFlowLimit, healthDataLinkExpiry, healthDataLinkState, type HealthDataOutcome } from "../../funnel/health-data";
import type { FlowData, HerData } from "../../funnel/her-data";
import type { Language } from "../../i18n/languages";
import { flowsWithAnswersEmail } from "../db/stores/funnel-records.server";
import {
  findHealthDataRequest,
  forgetHealthDataLinkFlows,
  giveHealthDataLinkBack,
  noteHealthDataShown,
  recordHealthDataRequest,
  takeHealthDataLink,
  type HealthDataRequestRow,
} from "../db/stores/health-data-requests.server";
import { flowsWithOrderEmail } from "../db/stores/orders.server";
import { enqueueOutboxMessage, eraseHealthDataEmailsTo } from "../db/stores/outbox.server";
import { flowsWithDetailsEmail } from "../db/stores/personal-details.server";
import { eraseStoredEmailsOf } from "../db/stores/stored-emails.server";
import { findSubscriptionByResponder } from "../db/stores/subscriptions.server";
import { hitRateLimit, type RateLimit } from "../http/rate-limits.server";
import { withOutbox } from "../outbox/with-outbox.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { keyedHash } from "../secrets/signed-link.server";
import { flowDataOf, herDataOf } from "../subscriptions/her-data.server";
import { eraseHerFlow, flowEmailAddresses } from "../subscriptions/her-erasure.server";
import { requestIdOfToken } from "./health-data-link.server";

/** Pages of one link opened: each reads a dozen tables for every flow. */
export const healthDataViews: RateLimit = { bucket: "health-data-view", limit: 20, windowMs: 60 * 60_000 };

const emailHashOf = (email: string) => keyedHash(`health-data-email:${email.trim().toLowerCase()}`);

/** The flows that hold this email, each once, at most healthDataFlowLimit. */
async function flowsOfEmail(email: string): Promise<string[]> {
  const found = await Promise.all([
    flowsWithOrderEmail(email, healthDataFlowLimit),
    flowsWithDetailsEmail(email, healthDataFlowLimit),
    flowsWithAnswersEmail(email, healthDataFlowLimit),
  ]);
  return [...new Set(found.flat())].slice(0, healthDataFlowLimit);
}

/** Asked on the policy's page: the link sent when any flow holds `email`. The outcome is for the record and the tests, never for the page. */
export async function askForHealthData(email: string, language: Language, at: Date = new Date()): Promise<HealthDataOutcome> {
  const flows = await flowsOfEmail(email);
  const request = { id: randomUUID(), emailHash: emailHashOf(email), kind: "access" as const, askedAt: at, outcomeAt: at };
  if (flows.length === 0) {
    await recordHealthDataRequest({ ...request, outcome: "nothing_held" });
    return "nothing_held";
  }
  await withOutbox(async (tx) => {
    await recordHealthDataRequest({ ...request, outcome: "link_sent", flows, linkExpiresAt: healthDataLinkExpiry(at) }, tx);
    await enqueueOutboxMessage(tx, {
      kind: "health-data-email",
      payload: { to: email, request_id: request.id, language, requested_at: at.toISOString() },
    });
  });
  return "link_sent";
}

export type HealthDataLinkReading =
  | { status: "open"; request: HealthDataRequestRow }
  /** Nothing is said about which request it might name. */
  | { status: "invalid" }
  | { status: "used" }
  | { status: "expired" };

export async function readHealthDataLink(token: string, now: Date = new Date()): Promise<HealthDataLinkReading> {
  const id = requestIdOfToken(token);
  const request = id === undefined ? undefined : await findHealthDataRequest(id);
  if (!request || request.kind !== "access") return { status: "invalid" };
  const state = healthDataLinkState(request, now);
  return state === "open" ? { status: "open", request } : { status: state };
}

/** Counts one page of the link; the seconds to wait when the hour's pages are used, else 0. */
export async function countHealthDataView(request: HealthDataRequestRow): Promise<number> {
  return (await hitRateLimit(healthDataViews, `request:${keyedHash(request.id)}`)).retryAfterSeconds;
}

export type FlowHealthData = { kind: "order"; data: HerData } | { kind: "visit"; data: FlowData };

/** What each of the request's flows holds, as her own download shows it; a deleted order's flow shows nothing. */
export async function healthDataOf(request: HealthDataRequestRow, now: Date = new Date()): Promise<FlowHealthData[]> {
  const shown: FlowHealthData[] = [];
  for (const responderUuid of request.flows) {
    const subscription = await findSubscriptionByResponder(responderUuid);
    if (subscription?.erasedAt) continue;
    shown.push(
      subscription ? { kind: "order", data: await herDataOf(subscription) } : { kind: "visit", data: await flowDataOf(responderUuid) },
    );
  }
  await noteHealthDataShown(request.id, now);
  return shown;
}

export type HealthDataDeletion = "erased" | "busy" | "used";

/**
 * Every flow of the request erased, through its link, once: the link is taken first, so a
 * second press (or a race) deletes nothing more. A payment moving leaves that order as it is
 * and gives the link back, for her to try again; what was erased stays erased.
 */
export async function deleteHealthData(
  gateway: PaymentGateway,
  request: HealthDataRequestRow,
  now: Date = new Date(),
): Promise<HealthDataDeletion> {
  const taken = await takeHealthDataLink(request.id, now);
  if (!taken) return "used";
  const addresses = [...new Set((await Promise.all(taken.flows.map(flowEmailAddresses))).flat())];
  let busy = false;
  for (const responderUuid of taken.flows) {
    if ((await eraseHerFlow(gateway, responderUuid)).status === "busy") busy = true;
  }
  const deletion = { id: randomUUID(), emailHash: taken.emailHash, kind: "deletion" as const, askedAt: now, fromRequest: taken.id };
  const outcome = busy ? "busy" : "erased";
  await withOutbox(async (tx) => {
    // The links emailed to her name her address too.
    const keys = await eraseHealthDataEmailsTo(tx, addresses);
    await eraseStoredEmailsOf(tx, { reference: null, addresses, keys });
    if (!busy) await forgetHealthDataLinkFlows(tx, taken.id);
    await recordHealthDataRequest({ ...deletion, outcome, outcomeAt: new Date() }, tx);
  });
  if (busy) await giveHealthDataLinkBack(taken.id);
  return outcome;
}
