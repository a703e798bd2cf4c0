// Her session as a page's loaders read it: the root's loader (her language) and the route's
// both ask for it, and a GET reads its row once, each loader getting a copy of its own to
// change; a post reads it each time, as an action may save it and read it again.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { database } from "../../app/server/db/client.server";
import { visitorSessions } from "../../app/server/db/schema.server";
import {
  claimResponderUuid,
  commitVisitorSession,
  getVisitorSession,
  ownsResponderUuid,
  savedVisitorSession,
} from "../../app/server/visitor/session.server";
import { resetDatabase } from "../support/route-harness";

const uuid = "0b6f3a4e-8a2c-4c1e-9f7d-2b1a3c4d5e6f";

async function aSessionCookie(): Promise<{ cookie: string; id: string }> {
  const session = await savedVisitorSession(await getVisitorSession(new Request("http://localhost/welcome", { method: "POST" })));
  claimResponderUuid(session, uuid);
  const cookie = (await commitVisitorSession(session)).split(";")[0] ?? "";
  return { cookie, id: session.id };
}

beforeEach(resetDatabase);

describe("her session, read by a page's loaders", () => {
  it("is read once for one GET, and each loader's copy is its own", async () => {
    const { cookie, id } = await aSessionCookie();
    const request = new Request(`http://localhost/checkout/${uuid}`, { headers: { Cookie: cookie } });
    const first = await getVisitorSession(request);
    // The row goes between the two loaders' reads: the second is served from the first.
    await (await database()).delete(visitorSessions).where(eq(visitorSessions.id, id));
    const second = await getVisitorSession(request);
    expect(ownsResponderUuid(first, uuid) && ownsResponderUuid(second, uuid)).toBe(true);
    first.set("ownedResponderUuids", []);
    expect(ownsResponderUuid(second, uuid)).toBe(true);
    // Another request reads the row again, and finds it gone.
    const later = await getVisitorSession(new Request(`http://localhost/checkout/${uuid}`, { headers: { Cookie: cookie } }));
    expect(ownsResponderUuid(later, uuid)).toBe(false);
  });

  it("is read again on each call for a post, so an action sees what it saved", async () => {
    const { cookie } = await aSessionCookie();
    const post = new Request(`http://localhost/checkout/${uuid}`, { method: "POST", headers: { Cookie: cookie } });
    const session = await getVisitorSession(post);
    session.set("language", "es");
    await commitVisitorSession(session);
    expect((await getVisitorSession(post)).get("language")).toBe("es");
  });
});
