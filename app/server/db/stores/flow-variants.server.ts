// Kept on her funnel record from the flow's first write, so it stays the same whatever her variant cookie later says.
import { eq, sql } from "drizzle-orm";
import type { Variant } from "../../../funnel/variant";
import { database, type Queryable } from "../client.server";
import { prepared, statementName } from "../prepared.server";
import { funnelRecords } from "../schema.server";

// Built once: an instance meets new flows all day.
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

/** A kept variant never changes, so it is remembered (every page and checkout asks); the oldest go past `remembered`. */
const knownVariants = new Map<string, Variant>();
const remembered = 10_000;

function remember(responderUuid: string, variant: Variant): Variant {
  if (knownVariants.size >= remembered) knownVariants.delete(knownVariants.keys().next().value!);
  knownVariants.set(responderUuid, variant);
  return variant;
}

/** Read with other facts (the checkout's one-statement read), so asking next costs no read. */
export function rememberFlowVariant(responderUuid: string, kept: Variant | null | undefined): void {
  if (kept && !knownVariants.has(responderUuid)) remember(responderUuid, kept);
}

/** A flow without one yet (begun at selection, or by a token) takes `assigned` and keeps it. */
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
