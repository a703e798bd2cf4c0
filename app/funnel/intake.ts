// Where the questionnaire hands the visitor over (spec section 4): the external intake flow,
// by default this app's own selection page.
import { trackingParamNames, withQuery, type TrackingParams } from "./tracking";

export const responderUuidPlaceholder = "{responderUuid}";

function intakeBase(intakeAddress: string, responderUuid: string): string {
  return intakeAddress.split(responderUuidPlaceholder).join(encodeURIComponent(responderUuid));
}

/** Social proof: the intake address with responderUuid, email_address and the tracking params. */
export function socialProofIntakeUrl(intakeAddress: string, responderUuid: string, emailAddress: string, tracking: TrackingParams): string {
  const params: Record<string, string | undefined> = { responderUuid };
  for (const name of trackingParamNames) params[name] = tracking[name];
  params.email_address = emailAddress;
  return withQuery(intakeBase(intakeAddress, responderUuid), params);
}

/**
 * Congratulations: the intake address with every query parameter of the page copied,
 * responder_uuid renamed responderUuid, and the flow's uuid as its value.
 */
export function congratulationsIntakeUrl(
  intakeAddress: string,
  responderUuid: string,
  pageQuery: URLSearchParams,
  tracking: TrackingParams,
): string {
  const params: Record<string, string | undefined> = {};
  for (const name of trackingParamNames) params[name] = tracking[name];
  for (const [name, value] of pageQuery) {
    if (name !== "responder_uuid" && name !== "responderUuid") params[name] = value;
  }
  params.responderUuid = responderUuid;
  return withQuery(intakeBase(intakeAddress, responderUuid), params);
}
