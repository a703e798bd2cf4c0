// Spec section 3's records; funnel-step.server.ts writes each step with its outbox message in one transaction.
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { FunnelRecord } from "../../../funnel/sales-funnel-record";
import type { TrackingParams } from "../../../funnel/tracking";
import type { Variant } from "../../../funnel/variant";
import { database, type Queryable } from "../client.server";
import { funnelRecords } from "../schema.server";

type Row = typeof funnelRecords.$inferSelect;

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

/** The flows whose answers carry this email (given on the way, or in the link that brought her), whatever its case. */
export async function flowsWithAnswersEmail(email: string, limit: number): Promise<string[]> {
  const address = email.trim().toLowerCase();
  const rows = await (
    await database()
  )
    .select({ responderUuid: funnelRecords.responderUuid })
    .from(funnelRecords)
    .where(or(sql`lower(${funnelRecords.emailAddress}) = ${address}`, sql`lower(${funnelRecords.trackingEmailAddress}) = ${address}`))
    .limit(limit);
  return rows.map((row) => row.responderUuid);
}

export type FunnelStepChange = Partial<Omit<FunnelRecord, "responderUuid">>;

/** Created with the visitor's variant, kept from then on, or updated, in the caller's transaction. */
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

/** Sends nothing to the provider. */
export async function updateFunnelTracking(responderUuid: string, params: TrackingParams): Promise<void> {
  await (
    await database()
  )
    .update(funnelRecords)
    .set({ ...trackingColumns(params), updatedAt: new Date() })
    .where(eq(funnelRecords.responderUuid, responderUuid));
}

/**
 * In the caller's transaction; the row stays (step, variant, sources) and its last activity is
 * hers, untouched. A row written since `quietSince` is left: she came back. How many.
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

/** At her request, whenever she was last active; the row stays for the funnel report's counts. */
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
