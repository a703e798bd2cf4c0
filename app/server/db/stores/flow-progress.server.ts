// How far each flow went (the owner's funnel report): the first step a flow reaches makes its
// row, with its variant and the source it came from; each later step sets its bit. A step
// reached again writes nothing, so a reload or a double submit counts once.
import { and, eq, gte, sql } from "drizzle-orm";
import { stepBits, type RecordedStep } from "../../../funnel/funnel-report";
import type { TrackingParams } from "../../../funnel/tracking";
import type { Variant } from "../../../funnel/variant";
import { database, type Queryable } from "../client.server";
import { flowProgress } from "../schema.server";

export interface FlowFacts {
  variant: Variant;
  tracking: TrackingParams;
}

/** A value as the report groups it: trimmed, at most 200 characters, empty as none. */
function dimension(value: string | undefined): string | null {
  const kept = value?.trim().slice(0, 200);
  return kept ? kept : null;
}

export async function recordFlowSteps(
  responderUuid: string,
  steps: readonly RecordedStep[],
  { variant, tracking }: FlowFacts,
  db: Queryable | null = null,
): Promise<void> {
  const bits = stepBits(steps);
  await (db ?? (await database()))
    .insert(flowProgress)
    .values({
      responderUuid,
      variant,
      utmSource: dimension(tracking.utm_source),
      utmCampaign: dimension(tracking.utm_campaign),
      referralCode: dimension(tracking.referral_code),
      steps: bits,
    })
    .onConflictDoUpdate({
      target: flowProgress.responderUuid,
      // First touch: a source is kept from the flow's first step; one that came later fills a gap.
      set: {
        steps: sql`${flowProgress.steps} | ${bits}::integer`,
        utmSource: sql`coalesce(${flowProgress.utmSource}, excluded.utm_source)`,
        utmCampaign: sql`coalesce(${flowProgress.utmCampaign}, excluded.utm_campaign)`,
        referralCode: sql`coalesce(${flowProgress.referralCode}, excluded.referral_code)`,
      },
      setWhere: sql`(${flowProgress.steps} & ${bits}::integer) <> ${bits}::integer`,
    });
}

/** Whether the flow began at or after `since` and has reached no step but `step` yet. */
export async function reachedOnlySince(responderUuid: string, step: RecordedStep, since: Date): Promise<boolean> {
  const rows = await (
    await database()
  )
    .select({ responderUuid: flowProgress.responderUuid })
    .from(flowProgress)
    .where(
      and(eq(flowProgress.responderUuid, responderUuid), eq(flowProgress.steps, stepBits([step])), gte(flowProgress.startedAt, since)),
    );
  return rows.length > 0;
}
