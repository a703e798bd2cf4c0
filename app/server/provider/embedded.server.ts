// The embedded provider: keeps what it receives in our own database, so a fresh clone runs
// end to end with no network.
import type { Database } from "../db/client.server";
import { embeddedProviderReceipts } from "../db/schema.server";
import type { Provider } from "./provider.server";

export function embeddedProvider(db: Database): Provider {
  return {
    async postSalesFunnelRecord(body, idempotencyKey) {
      await db
        .insert(embeddedProviderReceipts)
        .values({ idempotencyKey, kind: "sales-funnel", responderUuid: body.responder_uuid, body: { ...body } })
        .onConflictDoNothing({ target: embeddedProviderReceipts.idempotencyKey });
    },
  };
}
