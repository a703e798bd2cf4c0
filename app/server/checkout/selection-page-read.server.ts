// What the selection page shows of her flow, read in one statement: her plan and options,
// the state she ships to, the flow's variant (which the instance then remembers), whether the page was already counted in the
// funnel, and the generation of her private link once she has ordered (her plan link's). A
// page view is the busiest thing the database is asked, so it asks once, and brings her
// session's row in the same statement when the page asks before her session is read.
import { eq, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { funnelStepBit } from "../../funnel/funnel-report";
import type { PlanCode } from "../../funnel/plans";
import type { CategoryCode } from "../../funnel/catalogue";
import { database, type Database } from "../db/client.server";
import { flowRow, flowUuid } from "../db/flow-row.server";
import { prepared, statementName } from "../db/prepared.server";
import { rememberFlowVariant } from "../db/stores/flow-variants.server";
import { flowProgress, funnelRecords, planSelections, shippingAddresses, subscriptions, visitorSessions } from "../db/schema.server";
import {
  besideSessionColumns,
  besideSessionRow,
  readBesideVisitorSession,
  sessionIdBeside,
  sessionOfFlowRow,
} from "../visitor/session.server";

export interface SelectionPageFacts {
  selection: { selectedPlan: PlanCode | null; selectedOptionIds: Partial<Record<CategoryCode, string>> | null } | undefined;
  shippingState: string | null;
  /** The selection page is already among the flow's steps. */
  selectionCounted: boolean;
  /** Her subscription's link generation once she has ordered, else null: a plan link drawn here must be of it. */
  linkVersion: number | null;
}

const selectionPageColumns = {
  variant: funnelRecords.variant,
  selectedPlan: planSelections.selectedPlan,
  selectedOptionIds: planSelections.selectedOptionIds,
  hasSelection: sql<boolean>`${planSelections.responderUuid} is not null`,
  shippingState: shippingAddresses.state,
  steps: flowProgress.steps,
  linkVersion: subscriptions.linkVersion,
};

/** The flow's tables, each joined by the flow's uuid (one row at most in each). */
function joinFlowTables<Query extends PgSelect>(query: Query) {
  return query
    .leftJoin(funnelRecords, eq(funnelRecords.responderUuid, flowUuid))
    .leftJoin(planSelections, eq(planSelections.responderUuid, flowUuid))
    .leftJoin(shippingAddresses, eq(shippingAddresses.responderUuid, flowUuid))
    .leftJoin(flowProgress, eq(flowProgress.responderUuid, flowUuid))
    .leftJoin(subscriptions, eq(subscriptions.responderUuid, flowUuid));
}

const selectionPageOf = (db: Database) =>
  joinFlowTables(db.select(selectionPageColumns).from(flowRow()).$dynamic()).prepare(statementName(db, "selection_page"));

/** The same, with the row of the session her cookie names: a view's two reads as one. */
const selectionPageWithSessionOf = (db: Database) =>
  joinFlowTables(
    db
      .select({ ...selectionPageColumns, ...besideSessionColumns })
      .from(flowRow(sessionIdBeside))
      .leftJoin(visitorSessions, sessionOfFlowRow)
      .$dynamic(),
  ).prepare(statementName(db, "selection_page_with_session"));

type SelectionPageRow = Awaited<ReturnType<ReturnType<typeof selectionPageOf>["execute"]>>[number];

function factsOf(responderUuid: string, row: SelectionPageRow | undefined): SelectionPageFacts {
  // The flow's kept variant, read here, is remembered by the instance: the page asks for it next.
  rememberFlowVariant(responderUuid, row?.variant);
  const bit = funnelStepBit("selection");
  return {
    selection: row?.hasSelection ? { selectedPlan: row.selectedPlan, selectedOptionIds: row.selectedOptionIds } : undefined,
    shippingState: row?.shippingState ?? null,
    selectionCounted: ((row?.steps ?? 0) & bit) === bit,
    linkVersion: row?.linkVersion ?? null,
  };
}

export async function readSelectionPage(responderUuid: string): Promise<SelectionPageFacts> {
  const [row] = await prepared(await database(), selectionPageOf).execute({ responderUuid });
  return factsOf(responderUuid, row);
}

/**
 * What the page shows of the flow its address names, read with her session (one statement),
 * before anyone knows the flow is hers: the caller uses it only once her session says so.
 */
export function readSelectionPageBesideSession(request: Request, responderUuid: string): Promise<SelectionPageFacts> {
  return readBesideVisitorSession(request, {
    alone: () => readSelectionPage(responderUuid),
    async withSession(sessionId) {
      const [row] = await prepared(await database(), selectionPageWithSessionOf).execute({ responderUuid, sessionId });
      return { session: besideSessionRow(row), facts: factsOf(responderUuid, row) };
    },
  });
}
