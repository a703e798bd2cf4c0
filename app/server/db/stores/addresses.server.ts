// Her shipping address and the older variant's billing address (spec sections 2 and 3), one
// of each per responder uuid, saved with her account details before the card is tried.
import { and, eq, getTableColumns, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { PreCheckoutDetails } from "../../../funnel/pre-checkout";
import { billingFieldNames, billingSameField, type BillingAddress, type ShippingAddress } from "../../../funnel/final-checkout";
import { database, type Database, type Queryable } from "../client.server";
import { billingAddresses, preCheckoutDetails, shippingAddresses } from "../schema.server";
import { prepared, statementName } from "../prepared.server";

export async function loadShippingAddress(responderUuid: string): Promise<Partial<ShippingAddress>> {
  const [row] = await (await database()).select().from(shippingAddresses).where(eq(shippingAddresses.responderUuid, responderUuid));
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
  const [row] = await (await database()).select().from(billingAddresses).where(eq(billingAddresses.responderUuid, responderUuid));
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

/** What she gives at the final checkout: her account details, shipping address and billing address (null: the same as shipping). */
export interface CheckoutDetails {
  account: PreCheckoutDetails;
  shipping: ShippingAddress;
  billing: BillingAddress | null;
}

const placeholder = sql.placeholder;
const accountRow = {
  firstName: placeholder("firstName"),
  lastName: placeholder("lastName"),
  email: placeholder("email"),
  phone: placeholder("phone"),
};
const addressRow = (prefix: string, names: { firstName: string; lastName: string }) => ({
  firstName: placeholder(names.firstName),
  lastName: placeholder(names.lastName),
  addressLine1: placeholder(`${prefix}addressLine1`),
  addressLine2: placeholder(`${prefix}addressLine2`),
  city: placeholder(`${prefix}city`),
  state: placeholder(`${prefix}state`),
  zipCode: placeholder(`${prefix}zipCode`),
});
// The shipping address carries her account's names; a billing address its own.
const shippingRow = addressRow("", { firstName: "firstName", lastName: "lastName" });
const billingRow = addressRow("billing_", { firstName: "billing_firstName", lastName: "billing_lastName" });

/** A conflict's update: each column to what this write would have inserted, and updated_at to now (its default). */
function asInserted(table: PgTable, columns: string[]): Record<string, SQL> {
  const byName = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries([...columns, "updatedAt"].map((name) => [name, sql`excluded.${sql.identifier(byName[name]!.name)}`]));
}

/**
 * Her details' three writes, each a WITH of its own, built with placeholders
 * (checkoutDetailsValues fills them): the account details and shipping address kept, and the
 * billing address kept, or removed when she has none (`billing` false). A statement that
 * begins with them writes them whatever else it does.
 */
export function checkoutDetailsWrites(db: Database, billing: boolean) {
  const responderUuid = placeholder("responderUuid");
  const details = db.$with("details").as(
    db
      .insert(preCheckoutDetails)
      .values({ responderUuid, ...accountRow })
      .onConflictDoUpdate({ target: preCheckoutDetails.responderUuid, set: asInserted(preCheckoutDetails, Object.keys(accountRow)) })
      .returning({ responderUuid: preCheckoutDetails.responderUuid }),
  );
  const shipping = db.$with("shipping").as(
    db
      .insert(shippingAddresses)
      .values({ responderUuid, ...shippingRow })
      .onConflictDoUpdate({ target: shippingAddresses.responderUuid, set: asInserted(shippingAddresses, Object.keys(shippingRow)) })
      .returning({ responderUuid: shippingAddresses.responderUuid }),
  );
  const billingWrite = db.$with("billing").as(
    billing
      ? db
          .insert(billingAddresses)
          .values({ responderUuid, ...billingRow })
          .onConflictDoUpdate({ target: billingAddresses.responderUuid, set: asInserted(billingAddresses, Object.keys(billingRow)) })
          .returning({ responderUuid: billingAddresses.responderUuid })
      : db
          .delete(billingAddresses)
          .where(eq(billingAddresses.responderUuid, responderUuid))
          .returning({ responderUuid: billingAddresses.responderUuid }),
  );
  return [details, shipping, billingWrite] as const;
}

/** The values checkoutDetailsWrites' placeholders take. */
export function checkoutDetailsValues(responderUuid: string, { account, shipping, billing }: CheckoutDetails): Record<string, unknown> {
  const address = (prefix: string, value: ShippingAddress | BillingAddress) => ({
    [`${prefix}addressLine1`]: value.addressLine1,
    [`${prefix}addressLine2`]: value.addressLine2 ?? null,
    [`${prefix}city`]: value.city,
    [`${prefix}state`]: value.state,
    [`${prefix}zipCode`]: value.zipCode,
  });
  return {
    responderUuid,
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    phone: account.phone,
    ...address("", shipping),
    ...(billing ? { billing_firstName: billing.firstName, billing_lastName: billing.lastName, ...address("billing_", billing) } : {}),
  };
}

// The three writes alone, as one statement (all of them or none, as a transaction would, in
// one round trip instead of five), in its two shapes, each built once.
const detailsSave = (billing: boolean) => (db: Database) => {
  const writes = checkoutDetailsWrites(db, billing);
  const [details] = writes;
  return db
    .with(...writes)
    .select({ responderUuid: details.responderUuid })
    .from(details)
    .prepare(statementName(db, billing ? "checkout_details_billing" : "checkout_details"));
};
const detailsSaveWithBilling = detailsSave(true);
const detailsSaveWithoutBilling = detailsSave(false);

/** Her details, kept before the card is tried, so that no failed payment or outside call loses what she typed. */
export async function saveCheckoutDetails(responderUuid: string, details: CheckoutDetails): Promise<void> {
  const values = checkoutDetailsValues(responderUuid, details);
  const save = details.billing ? detailsSaveWithBilling : detailsSaveWithoutBilling;
  await prepared(await database(), save).execute(values);
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
