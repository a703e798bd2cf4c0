// The A/B variant of one flow: kept on her funnel record from the flow's first write,
// so it stays the same for the whole flow whatever her variant cookie later says.
import { eq } from "drizzle-orm";
import type { Variant } from "../../../funnel/variant";
import { database, type Queryable } from "../client.server";
import { funnelRecords } from "../schema.server";

async function storedVariant(db: Queryable, responderUuid: string): Promise<Variant | undefined> {
  const [row] = await db
    .select({ variant: funnelRecords.variant })
    .from(funnelRecords)
    .where(eq(funnelRecords.responderUuid, responderUuid));
  return row?.variant;
}

/**
 * The flow's variant; a flow that has none yet (begun at the selection page, or by a token)
 * takes `assigned`, the visitor's own, and keeps it from now on.
 */
export async function flowVariant(responderUuid: string, assigned: Variant, db: Queryable | null = null): Promise<Variant> {
  const queries = db ?? (await database());
  const kept = await storedVariant(queries, responderUuid);
  if (kept) return kept;
  await queries
    .insert(funnelRecords)
    .values({ responderUuid, variant: assigned })
    .onConflictDoNothing({ target: funnelRecords.responderUuid });
  return (await storedVariant(queries, responderUuid)) ?? assigned;
}
