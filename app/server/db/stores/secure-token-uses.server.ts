// Secure links already opened (?st= / ?token=): a token opens her flow in the one browser that
// opened it first. Both keys arrive hashed (token-arrival.server.ts): nothing here names a
// token or a session, so reading this table opens nobody's flow.
import { eq, lt, lte } from "drizzle-orm";
import { database } from "../client.server";
import { secureTokenUses } from "../schema.server";

/**
 * Records the token's first use by this browser, or finds it used already. True when the
 * token is this browser's to use: the first use, or another by the browser that made it.
 * The insert decides, so of two browsers racing, exactly one wins. A use kept past its expiry
 * (not yet cleaned away) is taken over as if it were not there.
 */
export async function claimSecureTokenUse(
  use: { tokenKey: string; browserKey: string; expiresAt: Date },
  now: Date = new Date(),
): Promise<boolean> {
  const db = await database();
  const [claimed] = await db
    .insert(secureTokenUses)
    .values({ ...use, firstUsedAt: now })
    .onConflictDoUpdate({
      target: secureTokenUses.tokenKey,
      set: { browserKey: use.browserKey, firstUsedAt: now, expiresAt: use.expiresAt },
      setWhere: lte(secureTokenUses.expiresAt, now),
    })
    .returning({ browserKey: secureTokenUses.browserKey });
  if (claimed) return true;
  const [kept] = await db
    .select({ browserKey: secureTokenUses.browserKey })
    .from(secureTokenUses)
    .where(eq(secureTokenUses.tokenKey, use.tokenKey));
  return kept?.browserKey === use.browserKey;
}

/**
 * Forgets uses past their expiry: a signed token is refused as expired from then on, and a
 * legacy one (which never expires) can by then open only a flow nobody has started. How many went.
 */
export async function deleteExpiredSecureTokenUses(now: Date = new Date()): Promise<number> {
  const deleted = await (
    await database()
  )
    .delete(secureTokenUses)
    .where(lt(secureTokenUses.expiresAt, now))
    .returning({ tokenKey: secureTokenUses.tokenKey });
  return deleted.length;
}
