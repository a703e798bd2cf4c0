// The guards of the questionnaire steps (spec section 2): a step shows only for a flow this
// browser owns and that has the earlier answers; otherwise the visitor starts at /welcome.
import type { FunnelRecord } from "../funnel/sales-funnel-record";
import { hasTrackingParams, readTrackingParams, withQuery, type TrackingParams } from "../funnel/tracking";
import { findFunnelRecord, updateFunnelTracking } from "./db/stores/funnel-records.server";
import { Visitor } from "./visitor.server";

export interface GuardedStep {
  visitor: Visitor;
  responderUuid: string;
  record: FunnelRecord;
  /** The tracking params kept for this visitor, or else those on her record. */
  trackingParams: TrackingParams;
}

/**
 * Opens the visitor's flow for a step. Without a uuid in the path, the browser's current flow
 * is used (the address gains it); a uuid this browser does not own reveals and changes nothing.
 */
export async function openStep(
  request: Request,
  step: string,
  pathUuid: string | undefined,
  mayShow: (record: FunnelRecord | null) => boolean,
): Promise<GuardedStep> {
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
  if (!responderUuid || !record || !mayShow(record)) throw await toWelcome();
  // Tracking params arriving on any URL are kept on her record too (spec section 4).
  const fromUrl = readTrackingParams(new URL(request.url).searchParams);
  if (hasTrackingParams(fromUrl)) {
    await updateFunnelTracking(responderUuid, fromUrl);
    record.trackingParams = fromUrl;
  }
  const trackingParams = hasTrackingParams(visitor.trackingParams) ? visitor.trackingParams : record.trackingParams;
  return { visitor, responderUuid, record, trackingParams };
}

