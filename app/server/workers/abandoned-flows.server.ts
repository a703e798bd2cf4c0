// Abandoned flows lose her personal details (ABANDONED_FLOW_DAYS, default 90): a flow with no
// order, in which nothing of hers has been written for that long, keeps no name, email, phone,
// address or answer. What stays is anonymous: the flow's step, variant and sources
// (funnel_records, flow_progress: the funnel report counts them), her plan's medications, cart
// and a token's products (no one can be told from them once the rest is gone).
//
// A flow with an order keeps everything: the order is hers, with its page, emails and link.
// A flow is found only while it still holds something to erase, so an erased flow is never
// erased again, and a flow she comes back to is left: its last activity is recent again.
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

/**
 * Up to `limit` flows holding her details, with no order, and nothing of theirs written since
 * `quietSince`. The tables are named by the schema, the columns as the database spells them.
 */
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

/** The tables an erasure of abandoned flows rewrites: vacuumed after a run that erased any. */
export const abandonedFlowTables = [funnelRecords, preCheckoutDetails, shippingAddresses, billingAddresses, embeddedProviderReceipts];

/**
 * One batch: up to `limit` abandoned flows erased, each wholly or not at all (one transaction).
 * How many flows.
 */
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
