// After ABANDONED_FLOW_DAYS without her writing anything, a flow with no order loses her name,
// email, phone, address and answers. What stays is anonymous (step, variant, sources, plan, cart,
// a token's products). An order keeps everything: it is hers. A flow is found only while it holds
// something to erase, and one she returns to is recent again.
import { sql } from "drizzle-orm";
import { database, type Queryable } from "../db/client.server";
import {
  billingAddresses,
  checkoutCarts,
  embeddedProviderReceipts,
  funnelRecords,
  orders,
  planSelections,
  preCheckoutDetails,
  shippingAddresses,
  tokenArrivals,
} from "../db/schema.server";
import { deleteAddressesOf } from "../db/stores/addresses.server";
import { eraseFunnelRecordDetails } from "../db/stores/funnel-records.server";
import { erasePersonalDetails } from "../db/stores/personal-details.server";
import { forgetEmbeddedReceipts } from "../provider/embedded.server";

/** Tables named by the schema, columns as the database spells them. */
async function abandonedFlows(tx: Queryable, quietSince: Date, limit: number): Promise<string[]> {
  const since = sql`${quietSince.toISOString()}::timestamptz`;
  const writtenSince = (table: unknown, column = sql.raw("updated_at")) =>
    sql`not exists (select 1 from ${table} w where w.responder_uuid = c.responder_uuid and w.${column} >= ${since})`;
  const result = await tx.execute(sql`
    select c.responder_uuid from (
      select responder_uuid from ${funnelRecords}
        where updated_at < ${since}
          and (email_address is not null or tracking_email_address is not null
               or reason_you_are_here_today <> '[]'::jsonb or concerns_about_hrt <> '[]'::jsonb)
      union
      select responder_uuid from ${preCheckoutDetails}
        where updated_at < ${since}
          and (first_name is not null or last_name is not null or email is not null or phone is not null)
      union
      select responder_uuid from ${shippingAddresses} where updated_at < ${since}
      union
      select responder_uuid from ${billingAddresses} where updated_at < ${since}
    ) c
    where not exists (select 1 from ${orders} o where o.responder_uuid = c.responder_uuid)
      and ${writtenSince(funnelRecords)}
      and ${writtenSince(preCheckoutDetails)}
      and ${writtenSince(shippingAddresses)}
      and ${writtenSince(billingAddresses)}
      and ${writtenSince(planSelections)}
      and ${writtenSince(checkoutCarts)}
      and ${writtenSince(tokenArrivals, sql.raw("arrived_at"))}
    limit ${limit}`);
  return (result as { rows: { responder_uuid: string }[] }).rows.map((row) => row.responder_uuid);
}

/** Vacuumed after a run that erased any. */
export const abandonedFlowTables = [funnelRecords, preCheckoutDetails, shippingAddresses, billingAddresses, embeddedProviderReceipts];

/** Each flow wholly or not at all (one transaction). How many. */
export async function eraseAbandonedFlows(quietSince: Date, limit: number): Promise<number> {
  return (await database()).transaction(async (tx) => {
    const flows = await abandonedFlows(tx, quietSince, limit);
    if (flows.length === 0) return 0;
    await eraseFunnelRecordDetails(tx, flows, quietSince);
    await erasePersonalDetails(tx, flows, quietSince);
    await deleteAddressesOf(tx, flows, quietSince);
    await forgetEmbeddedReceipts(tx, flows);
    return flows.length;
  });
}
