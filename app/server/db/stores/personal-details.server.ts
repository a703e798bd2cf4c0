// Her personal details (spec section 4, "Pre-checkout"): kept per responder uuid, filled in
// by a secure token where empty, and saved (with the provider's copy, in one transaction, by
// app/server/checkout/pre-checkout.server.ts).
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { fillEmptyFields, type PreCheckoutDetails, type PreCheckoutDraft } from "../../../funnel/pre-checkout";
import { database, type Queryable } from "../client.server";
import { preCheckoutDetails } from "../schema.server";

type Row = typeof preCheckoutDetails.$inferSelect;

function draftOf(row: Row | undefined): PreCheckoutDraft {
  if (!row) return {};
  const draft: PreCheckoutDraft = {};
  if (row.firstName) draft.firstName = row.firstName;
  if (row.lastName) draft.lastName = row.lastName;
  if (row.email) draft.email = row.email;
  if (row.phone) draft.phone = row.phone;
  return draft;
}

export async function loadPreCheckoutDraft(responderUuid: string, db?: Queryable): Promise<PreCheckoutDraft> {
  const [row] = await (db ?? (await database()))
    .select()
    .from(preCheckoutDetails)
    .where(eq(preCheckoutDetails.responderUuid, responderUuid));
  return draftOf(row);
}

/** The flows whose details carry this email, whatever its case. */
export async function flowsWithDetailsEmail(email: string, limit: number): Promise<string[]> {
  const rows = await (
    await database()
  )
    .select({ responderUuid: preCheckoutDetails.responderUuid })
    .from(preCheckoutDetails)
    .where(sql`lower(${preCheckoutDetails.email}) = ${email.trim().toLowerCase()}`)
    .limit(limit);
  return rows.map((row) => row.responderUuid);
}

/** Spec section 4: a token prefills the fields she has left empty, never what she entered. */
export async function fillEmptyDetails(tx: Queryable, responderUuid: string, token: PreCheckoutDraft): Promise<void> {
  const draft = fillEmptyFields(await loadPreCheckoutDraft(responderUuid, tx), token);
  const columns = {
    firstName: draft.firstName ?? null,
    lastName: draft.lastName ?? null,
    email: draft.email ?? null,
    phone: draft.phone ?? null,
  };
  await tx
    .insert(preCheckoutDetails)
    .values({ responderUuid, ...columns })
    .onConflictDoUpdate({ target: preCheckoutDetails.responderUuid, set: { ...columns, updatedAt: new Date() } });
}

/** Spec section 4: submit saves her details, in the caller's transaction. */
export async function keepPreCheckoutDetails(tx: Queryable, responderUuid: string, details: PreCheckoutDetails): Promise<void> {
  const columns = { ...details, submittedAt: new Date(), updatedAt: new Date() };
  await tx
    .insert(preCheckoutDetails)
    .values({ responderUuid, ...columns })
    .onConflictDoUpdate({ target: preCheckoutDetails.responderUuid, set: columns });
}

/**
 * An abandoned flow's name, email and phone erased, in the caller's transaction; the row (and
 * its times) stays. A row written since `quietSince` is left: she came back. How many rows.
 */
export async function erasePersonalDetails(tx: Queryable, responderUuids: string[], quietSince: Date): Promise<number> {
  if (responderUuids.length === 0) return 0;
  const erased = await tx
    .update(preCheckoutDetails)
    .set({ firstName: null, lastName: null, email: null, phone: null })
    .where(and(inArray(preCheckoutDetails.responderUuid, responderUuids), lt(preCheckoutDetails.updatedAt, quietSince)))
    .returning({ responderUuid: preCheckoutDetails.responderUuid });
  return erased.length;
}

/** Her name, email and phone erased at her request, in the caller's transaction, whenever she was last active. */
export async function erasePersonalDetailsOf(tx: Queryable, responderUuid: string): Promise<void> {
  await tx
    .update(preCheckoutDetails)
    .set({ firstName: null, lastName: null, email: null, phone: null, updatedAt: new Date() })
    .where(eq(preCheckoutDetails.responderUuid, responderUuid));
}
