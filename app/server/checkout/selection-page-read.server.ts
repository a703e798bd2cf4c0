// What the selection page shows of her flow, read in one statement: her plan and options,
// the state she ships to, the flow's variant, whether the page was already counted in the
// funnel, and the generation of her private link once she has ordered (her plan link's). A page view is the busiest thing the database is asked, so it asks once.
import { eq, sql } from "drizzle-orm";
import { funnelStepBit } from "../../funnel/funnel-report";
import type { PlanCode } from "../../funnel/plans";
import type { CategoryCode } from "../../funnel/catalogue";
import type { Variant } from "../../funnel/variant";
import { database, type Database } from "../db/client.server";
import { prepared, statementName } from "../db/prepared.server";
import { flowProgress, funnelRecords, planSelections, shippingAddresses, subscriptions } from "../db/schema.server";

export interface SelectionPageFacts {
  /** The flow's variant, when its record has one. */
  variant: Variant | null;
  selection: { selectedPlan: PlanCode | null; selectedOptionIds: Partial<Record<CategoryCode, string>> | null } | undefined;
  shippingState: string | null;
  /** The selection page is already among the flow's steps. */
  selectionCounted: boolean;
  /** Her subscription's link generation once she has ordered, else null: a plan link drawn here must be of it. */
  linkVersion: number | null;
}

const flowUuid = sql`flow.responder_uuid`;
const selectionPageOf = (db: Database) =>
  db
    .select({
      variant: funnelRecords.variant,
      selectedPlan: planSelections.selectedPlan,
      selectedOptionIds: planSelections.selectedOptionIds,
      hasSelection: sql<boolean>`${planSelections.responderUuid} is not null`,
      shippingState: shippingAddresses.state,
      steps: flowProgress.steps,
      linkVersion: subscriptions.linkVersion,
    })
    .from(sql`(select ${sql.placeholder("responderUuid")}::uuid as responder_uuid) as flow`)
    .leftJoin(funnelRecords, eq(funnelRecords.responderUuid, flowUuid))
    .leftJoin(planSelections, eq(planSelections.responderUuid, flowUuid))
    .leftJoin(shippingAddresses, eq(shippingAddresses.responderUuid, flowUuid))
    .leftJoin(flowProgress, eq(flowProgress.responderUuid, flowUuid))
    .leftJoin(subscriptions, eq(subscriptions.responderUuid, flowUuid))
    .prepare(statementName(db, "selection_page"));

export async function readSelectionPage(responderUuid: string): Promise<SelectionPageFacts> {
  const [row] = await prepared(await database(), selectionPageOf).execute({ responderUuid });
  const bit = funnelStepBit("selection");
  return {
    variant: row?.variant ?? null,
    selection: row?.hasSelection ? { selectedPlan: row.selectedPlan, selectedOptionIds: row.selectedOptionIds } : undefined,
    shippingState: row?.shippingState ?? null,
    selectionCounted: ((row?.steps ?? 0) & bit) === bit,
    linkVersion: row?.linkVersion ?? null,
  };
}
