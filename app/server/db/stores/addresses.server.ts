// Her shipping address and the older variant's billing address (spec sections 2 and 3), one
// of each per responder uuid, saved with her account details before the card is tried.
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { PreCheckoutDetails } from "../../../funnel/pre-checkout";
import { billingFieldNames, billingSameField, type BillingAddress, type ShippingAddress } from "../../../funnel/final-checkout";
import { database, type Queryable } from "../client.server";
import { billingAddresses, preCheckoutDetails, shippingAddresses } from "../schema.server";
import { executeByShape } from "../prepared.server";

export async function loadShippingAddress(responderUuid: string): Promise<Partial<ShippingAddress>> {
  const [row] = await (await database())
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.responderUuid, responderUuid));
  if (!row) return {};
  return {
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2 ?? undefined,
    city: row.city,
    state: row.state as ShippingAddress["state"],
    zipCode: row.zipCode,
  };
}

/**
 * The Billing Address section as she left it, in the form's names: the box ticked (no billing
 * address of her own kept), or unticked with her billing address.
 */
export async function loadBillingAddress(responderUuid: string): Promise<Record<string, string>> {
  const [row] = await (await database())
    .select()
    .from(billingAddresses)
    .where(eq(billingAddresses.responderUuid, responderUuid));
  if (!row) return { [billingSameField]: "on" };
  return {
    [billingFieldNames.firstName]: row.firstName,
    [billingFieldNames.lastName]: row.lastName,
    [billingFieldNames.addressLine1]: row.addressLine1,
    [billingFieldNames.addressLine2]: row.addressLine2 ?? "",
    [billingFieldNames.city]: row.city,
    [billingFieldNames.state]: row.state,
    [billingFieldNames.zipCode]: row.zipCode,
  };
}

/**
 * Her account details, shipping address and billing address (null: the same as shipping),
 * kept before the card is tried, so that no failed payment or outside call loses what she typed.
 */
export async function saveCheckoutDetails(
  responderUuid: string,
  account: PreCheckoutDetails,
  shipping: ShippingAddress,
  billing: BillingAddress | null,
): Promise<void> {
  const db = await database();
  const address = {
    firstName: account.firstName,
    lastName: account.lastName,
    addressLine1: shipping.addressLine1,
    addressLine2: shipping.addressLine2 ?? null,
    city: shipping.city,
    state: shipping.state,
    zipCode: shipping.zipCode,
  };
  const now = new Date();
  const details = db
    .insert(preCheckoutDetails)
    .values({ responderUuid, ...account })
    .onConflictDoUpdate({ target: preCheckoutDetails.responderUuid, set: { ...account, updatedAt: now } });
  const shippingRow = db
    .insert(shippingAddresses)
    .values({ responderUuid, ...address })
    .onConflictDoUpdate({ target: shippingAddresses.responderUuid, set: { ...address, updatedAt: now } });
  const billingRow = billing ? { ...billing, addressLine2: billing.addressLine2 ?? null } : null;
  const billingChange = billingRow
    ? db
        .insert(billingAddresses)
        .values({ responderUuid, ...billingRow })
        .onConflictDoUpdate({ target: billingAddresses.responderUuid, set: { ...billingRow, updatedAt: now } })
    : db.delete(billingAddresses).where(eq(billingAddresses.responderUuid, responderUuid));
  // The three writes as one statement (each in a WITH of its own): all of them or none, as a
  // transaction would, in one round trip instead of five (begin, three writes, commit) on the
  // checkout's busiest path.
  await executeByShape(db, sql`with details as (${details.getSQL()}), shipping as (${shippingRow.getSQL()}), billing as (${billingChange.getSQL()}) select 1`);
}

/** Her shipping address as kept, its names aside. */
export type KeptShippingAddress = ShippingAddress & { firstName: string; lastName: string };

/**
 * Her shipping address, locked in the caller's transaction until it ends: a change she makes
 * from her page is weighed against the address that page showed, one change at a time.
 */
export async function lockShippingAddress(tx: Queryable, responderUuid: string): Promise<KeptShippingAddress | undefined> {
  const [row] = await tx.select().from(shippingAddresses).where(eq(shippingAddresses.responderUuid, responderUuid)).for("update");
  if (!row) return undefined;
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2 ?? undefined,
    city: row.city,
    state: row.state as ShippingAddress["state"],
    zipCode: row.zipCode,
  };
}

/**
 * Her shipping address replaced, in the caller's transaction, after lockShippingAddress: the
 * row it locked (`locked`: her names kept), or, when it found none, a first row written only
 * if still none is, so that of two presses racing one writes. Whether this one wrote.
 */
export async function replaceShippingAddress(
  tx: Queryable,
  responderUuid: string,
  address: ShippingAddress,
  locked: { firstName: string; lastName: string; kept: boolean },
): Promise<boolean> {
  const lines = {
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2 ?? null,
    city: address.city,
    state: address.state,
    zipCode: address.zipCode,
  };
  const written = locked.kept
    ? await tx
        .update(shippingAddresses)
        .set({ ...lines, updatedAt: new Date() })
        .where(eq(shippingAddresses.responderUuid, responderUuid))
        .returning({ responderUuid: shippingAddresses.responderUuid })
    : await tx
        .insert(shippingAddresses)
        .values({ responderUuid, firstName: locked.firstName, lastName: locked.lastName, ...lines })
        .onConflictDoNothing({ target: shippingAddresses.responderUuid })
        .returning({ responderUuid: shippingAddresses.responderUuid });
  return written.length > 0;
}

/**
 * An abandoned flow's shipping and billing addresses deleted, in the caller's transaction. An
 * address written since `quietSince` is left: she came back. How many rows went.
 */
export async function deleteAddressesOf(tx: Queryable, responderUuids: string[], quietSince: Date): Promise<number> {
  if (responderUuids.length === 0) return 0;
  let deleted = 0;
  for (const table of [shippingAddresses, billingAddresses]) {
    const rows = await tx
      .delete(table)
      .where(and(inArray(table.responderUuid, responderUuids), lt(table.updatedAt, quietSince)))
      .returning({ responderUuid: table.responderUuid });
    deleted += rows.length;
  }
  return deleted;
}

/** Her shipping and billing addresses deleted at her request, in the caller's transaction. */
export async function deleteAddressesOfFlow(tx: Queryable, responderUuid: string): Promise<void> {
  for (const table of [shippingAddresses, billingAddresses]) await tx.delete(table).where(eq(table.responderUuid, responderUuid));
}
