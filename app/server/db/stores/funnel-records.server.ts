// Sales funnel records (spec section 3): read and written here. Each step is written
// together with its outbox message for the provider, in one transaction, by
// app/server/flow/funnel-step.server.ts.
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { FunnelRecord } from "../../../funnel/sales-funnel-record";
import type { TrackingParams } from "../../../funnel/tracking";
import type { Variant } from "../../../funnel/variant";
import { database, type Queryable } from "../client.server";
import { funnelRecords } from "../schema.server";

type Row = typeof funnelRecords.$inferSelect;

/** Where each tracking param is kept: one column per param. */
const trackingColumnOf = {
  utm_source: "utmSource",
  utm_medium: "utmMedium",
  utm_campaign: "utmCampaign",
  utm_term: "utmTerm",
  utm_content: "utmContent",
  referral_code: "referralCode",
  email_address: "trackingEmailAddress",
} as const satisfies Record<keyof TrackingParams, keyof Row>;

type TrackingColumn = (typeof trackingColumnOf)[keyof TrackingParams];

function trackingOf(row: Row): TrackingParams {
  const params: TrackingParams = {};
  for (const [param, column] of Object.entries(trackingColumnOf) as [keyof TrackingParams, TrackingColumn][]) {
    const value = row[column];
    if (value) params[param] = value;
  }
  return params;
}

function trackingColumns(params: TrackingParams): Record<TrackingColumn, string | null> {
  const columns = {} as Record<TrackingColumn, string | null>;
  for (const [param, column] of Object.entries(trackingColumnOf) as [keyof TrackingParams, TrackingColumn][]) {
    columns[column] = params[param] ?? null;
  }
  return columns;
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
  const [row] = await (db ?? (await database())).select().from(funnelRecords).where(eq(funnelRecords.responderUuid, responderUuid));
  return row ? toFunnelRecord(row) : null;
}

export type FunnelStepChange = Partial<Omit<FunnelRecord, "responderUuid">>;

/**
 * One step of the funnel, in the caller's transaction: the record is created (with the
 * visitor's variant, which it keeps from then on) or updated. Returns the record as it now
 * stands and the variant it keeps.
 */
export async function saveFunnelRecord(
  tx: Queryable,
  responderUuid: string,
  change: FunnelStepChange,
  variant: Variant,
): Promise<{ record: FunnelRecord; variant: Variant }> {
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
  const [kept] = await tx
    .insert(funnelRecords)
    .values({ responderUuid, variant, ...columns })
    .onConflictDoUpdate({ target: funnelRecords.responderUuid, set: { ...columns, updatedAt: new Date() } })
    .returning({ variant: funnelRecords.variant });
  return { record: next, variant: kept?.variant ?? variant };
}

/** Keeps new tracking params on a record without sending anything to the provider. */
export async function updateFunnelTracking(responderUuid: string, params: TrackingParams): Promise<void> {
  await (
    await database()
  )
    .update(funnelRecords)
    .set({ ...trackingColumns(params), updatedAt: new Date() })
    .where(eq(funnelRecords.responderUuid, responderUuid));
}

/**
 * An abandoned flow's answers and email addresses erased (app/server/workers/abandoned-flows.server.ts),
 * in the caller's transaction: the row stays, with its step, variant and sources, and its time
 * of last activity is hers, untouched. A row written since `quietSince` is left: she came back.
 * How many rows were erased.
 */
export async function eraseFunnelRecordDetails(tx: Queryable, responderUuids: string[], quietSince: Date): Promise<number> {
  if (responderUuids.length === 0) return 0;
  const erased = await tx
    .update(funnelRecords)
    .set({ emailAddress: null, trackingEmailAddress: null, reasonYouAreHereToday: sql`'[]'::jsonb`, concernsAboutHrt: sql`'[]'::jsonb` })
    .where(and(inArray(funnelRecords.responderUuid, responderUuids), lt(funnelRecords.updatedAt, quietSince)))
    .returning({ responderUuid: funnelRecords.responderUuid });
  return erased.length;
}

/**
 * Her flow's answers, email addresses and the redirect that carried her tracking email, erased
 * at her request, in the caller's transaction, whenever she was last active: the row stays,
 * with its step, variant and sources, for the funnel report's counts.
 */
export async function eraseFunnelRecordOf(tx: Queryable, responderUuid: string): Promise<void> {
  await tx
    .update(funnelRecords)
    .set({
      emailAddress: null,
      trackingEmailAddress: null,
      redirectUrl: null,
      reasonYouAreHereToday: sql`'[]'::jsonb`,
      concernsAboutHrt: sql`'[]'::jsonb`,
    })
    .where(eq(funnelRecords.responderUuid, responderUuid));
}
