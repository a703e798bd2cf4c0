// The A/B variant of one flow: kept on her funnel record from the flow's first write,
// so it stays the same for the whole flow whatever her variant cookie later says.
import { eq, sql } from "drizzle-orm";
import type { Variant } from "../../../funnel/variant";
import { database, type Queryable } from "../client.server";
import { prepared, statementName } from "../prepared.server";
import { funnelRecords } from "../schema.server";

// Read once per flow in each process (below): built once, as an instance meets new flows all day.
const variantOfFlow = (db: Queryable) =>
  db
    .select({ variant: funnelRecords.variant })
    .from(funnelRecords)
    .where(eq(funnelRecords.responderUuid, sql.placeholder("responderUuid")))
    .prepare(statementName(db, "variant_of_flow"));

async function storedVariant(db: Queryable, responderUuid: string): Promise<Variant | undefined> {
  const [row] = await prepared(db, variantOfFlow).execute({ responderUuid });
  return row?.variant;
}

/**
 * A flow's variant never changes once kept (no write sets it again), so this process
 * remembers the variants it has read: every page of her flow and every checkout asks. The
 * oldest are forgotten past `remembered`, a bound on memory whatever the traffic.
 */
const knownVariants = new Map<string, Variant>();
const remembered = 10_000;

function remember(responderUuid: string, variant: Variant): Variant {
  if (knownVariants.size >= remembered) knownVariants.delete(knownVariants.keys().next().value!);
  knownVariants.set(responderUuid, variant);
  return variant;
}

/**
 * A flow's kept variant read with other facts of it (the checkout's one-statement read), so
 * that asking for it next costs no read: on an instance that has not met the flow before.
 */
export function rememberFlowVariant(responderUuid: string, kept: Variant | null | undefined): void {
  if (kept && !knownVariants.has(responderUuid)) remember(responderUuid, kept);
}

/**
 * The flow's variant; a flow that has none yet (begun at the selection page, or by a token)
 * takes `assigned`, the visitor's own, and keeps it from now on.
 */
export async function flowVariant(responderUuid: string, assigned: Variant): Promise<Variant> {
  const known = knownVariants.get(responderUuid);
  if (known) return known;
  const queries = await database();
  const kept = await storedVariant(queries, responderUuid);
  if (kept) return remember(responderUuid, kept);
  await queries
    .insert(funnelRecords)
    .values({ responderUuid, variant: assigned })
    .onConflictDoNothing({ target: funnelRecords.responderUuid });
  const stored = await storedVariant(queries, responderUuid);
  return stored ? remember(responderUuid, stored) : assigned;
}
