// Her personal details (spec section 4, "Pre-checkout"): kept per responder uuid, filled in
// by a secure token where empty, and saved (with the provider's copy, in one transaction, by
// app/server/checkout/pre-checkout.server.ts).
import { eq } from "drizzle-orm";
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
