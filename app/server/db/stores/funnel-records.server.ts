// Sales funnel records (spec section 3): read and written here, each step together with
// its outbox message for the provider, in one transaction.
import { eq } from "drizzle-orm";
import { salesFunnelRecordBody, type FunnelRecord } from "../../../funnel/sales-funnel-record";
import type { TrackingParams } from "../../../funnel/tracking";
import type { Variant } from "../../../funnel/variant";
import { database, type Queryable } from "../client.server";
import { funnelRecords } from "../schema.server";
import { enqueueOutboxMessage } from "../../outbox.server";
import { wakeOutboxWorker } from "../../outbox-worker.server";

type Row = typeof funnelRecords.$inferSelect;

function trackingOf(row: Row): TrackingParams {
  const params: TrackingParams = {
    utm_source: row.utmSource ?? undefined,
    utm_medium: row.utmMedium ?? undefined,
    utm_campaign: row.utmCampaign ?? undefined,
    utm_term: row.utmTerm ?? undefined,
    utm_content: row.utmContent ?? undefined,
    referral_code: row.referralCode ?? undefined,
    email_address: row.trackingEmailAddress ?? undefined,
  };
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v)) as TrackingParams;
}

function trackingColumns(params: TrackingParams) {
  return {
    utmSource: params.utm_source ?? null,
    utmMedium: params.utm_medium ?? null,
    utmCampaign: params.utm_campaign ?? null,
    utmTerm: params.utm_term ?? null,
    utmContent: params.utm_content ?? null,
    referralCode: params.referral_code ?? null,
    trackingEmailAddress: params.email_address ?? null,
  };
}

function toFunnelRecord(row: Row): FunnelRecord {
  return {
    responderUuid: row.responderUuid,
    currentStepId: row.currentStepId ?? null,
    reasonYouAreHereToday: row.reasonYouAreHereToday,
    concernsAboutHrt: row.concernsAboutHrt,
    emailAddress: row.emailAddress,
    redirectUrl: row.redirectUrl,
    trackingParams: trackingOf(row),
  };
}

export async function findFunnelRecord(responderUuid: string, db: Queryable | null = null): Promise<FunnelRecord | null> {
  const [row] = await (db ?? (await database()))
    .select()
    .from(funnelRecords)
    .where(eq(funnelRecords.responderUuid, responderUuid));
  return row ? toFunnelRecord(row) : null;
}

export type FunnelStepChange = Partial<Omit<FunnelRecord, "responderUuid">>;

/**
 * Records one step of the funnel: the record is created (with the visitor's variant, which it
 * keeps from then on) or updated, and the provider's copy is queued in the same transaction.
 * Returns the record as it now stands.
 */
export async function recordFunnelStep(
  responderUuid: string,
  change: FunnelStepChange,
  variant: Variant,
): Promise<FunnelRecord> {
  const db = await database();
  const record = await db.transaction(async (tx) => {
    const before = await findFunnelRecord(responderUuid, tx);
    const next: FunnelRecord = {
      responderUuid,
      currentStepId: null,
      reasonYouAreHereToday: [],
      concernsAboutHrt: [],
      emailAddress: null,
      redirectUrl: null,
      trackingParams: {},
      ...before,
      ...change,
    };
    const columns = {
      currentStepId: next.currentStepId,
      reasonYouAreHereToday: next.reasonYouAreHereToday,
      concernsAboutHrt: next.concernsAboutHrt,
      emailAddress: next.emailAddress,
      redirectUrl: next.redirectUrl,
      ...trackingColumns(next.trackingParams),
    };
    await tx
      .insert(funnelRecords)
      .values({ responderUuid, variant, ...columns })
      .onConflictDoUpdate({ target: funnelRecords.responderUuid, set: { ...columns, updatedAt: new Date() } });
    await enqueueOutboxMessage(tx, { kind: "sales-funnel", payload: salesFunnelRecordBody(next) });
    return next;
  });
  wakeOutboxWorker();
  return record;
}

/** Keeps new tracking params on a record without sending anything to the provider. */
export async function updateFunnelTracking(responderUuid: string, params: TrackingParams): Promise<void> {
  await (await database())
    .update(funnelRecords)
    .set({ ...trackingColumns(params), updatedAt: new Date() })
    .where(eq(funnelRecords.responderUuid, responderUuid));
}
