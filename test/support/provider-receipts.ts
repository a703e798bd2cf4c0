// What the embedded provider (our own tables) received, read back by the tests.
import { database } from "../../app/server/db/client.server";
import { embeddedProviderReceipts } from "../../app/server/db/schema.server";

/** Every request of this kind the embedded provider received ("pre-auth-checkout": the orders). */
export async function providerReceipts(kind: string) {
  const rows = await (await database()).select().from(embeddedProviderReceipts);
  return rows.filter((row) => row.kind === kind);
}
