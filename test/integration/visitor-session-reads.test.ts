// Her session as a page's loaders read it: the root's loader (her language) and the route's
// both ask for it, and a GET reads its row once, each loader getting a copy of its own to
// change; a post reads it each time, as an action may save it and read it again. A page's
// read asked for before her session is read goes in the same statement as her session's row.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { readCheckout, readCheckoutBesideSession } from "../../app/server/checkout/checkout-read.server";
import { readSelectionPage, readSelectionPageBesideSession } from "../../app/server/checkout/selection-page-read.server";
import { database } from "../../app/server/db/client.server";
import { savePlanSelection } from "../../app/server/db/stores/plan-selections.server";
import { visitorSessions } from "../../app/server/db/schema.server";
import {
  claimResponderUuid,
  commitVisitorSession,
  getVisitorSession,
  ownsResponderUuid,
  readBesideNextVisitorSession,
  readBesideVisitorSession,
  savedVisitorSession,
  type ReadBesideSession,
  type VisitorSessionRow,
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

/** A page's read that says how it was sent: with her session (and what it found), or alone. */
function aPageRead(session: VisitorSessionRow | undefined) {
  const sent: string[] = [];
  const read: ReadBesideSession<string> = {
    async withSession(sessionId) {
      sent.push(`with ${sessionId}`);
      return { session, facts: "facts" };
    },
    async alone() {
      sent.push("alone");
      return "facts";
    },
  };
  return { read, sent };
}

const aDayFromNow = () => new Date(Date.now() + 86_400_000);

describe("a page's read beside her session", () => {
  it("asked for before her session is read, goes with it: both come from the one statement", async () => {
    const { cookie, id } = await aSessionCookie();
    const request = new Request(`http://localhost/checkout/${uuid}`, { headers: { Cookie: cookie } });
    // What the statement found, different from her row, so the session can only come from it.
    const { read, sent } = aPageRead({ data: { language: "es" }, expiresAt: aDayFromNow() });
    const facts = readBesideVisitorSession(request, read);
    const session = await getVisitorSession(request);
    expect(await facts).toBe("facts");
    expect(sent).toEqual([`with ${id}`]);
    expect(session.id).toBe(id);
    expect(session.get("language")).toBe("es");
    expect(ownsResponderUuid(session, uuid)).toBe(false);
  });

  it("starts her session's read itself when no loader has yet", async () => {
    const { cookie, id } = await aSessionCookie();
    const request = new Request(`http://localhost/checkout/${uuid}`, { headers: { Cookie: cookie } });
    const { read, sent } = aPageRead({ data: {}, expiresAt: aDayFromNow() });
    expect(await readBesideVisitorSession(request, read)).toBe("facts");
    expect(sent).toEqual([`with ${id}`]);
  });

  it("joins a read of her session begun in the same turn (the root's loader first)", async () => {
    const { cookie, id } = await aSessionCookie();
    const request = new Request(`http://localhost/checkout/${uuid}`, { headers: { Cookie: cookie } });
    const { read, sent } = aPageRead({ data: { language: "es" }, expiresAt: aDayFromNow() });
    const rootsRead = getVisitorSession(request);
    const facts = readBesideVisitorSession(request, read);
    expect((await rootsRead).get("language")).toBe("es");
    expect(await facts).toBe("facts");
    expect(sent).toEqual([`with ${id}`]);
  });

  it("is sent alone once her session was read, without a cookie, and for a post", async () => {
    const { cookie } = await aSessionCookie();
    const read = new Request(`http://localhost/checkout/${uuid}`, { headers: { Cookie: cookie } });
    await getVisitorSession(read);
    const late = aPageRead(undefined);
    expect(await readBesideVisitorSession(read, late.read)).toBe("facts");
    expect(late.sent).toEqual(["alone"]);

    const noCookie = aPageRead(undefined);
    const newVisitor = new Request(`http://localhost/checkout/${uuid}`);
    expect(await readBesideVisitorSession(newVisitor, noCookie.read)).toBe("facts");
    expect((await getVisitorSession(newVisitor)).id).toBe("");
    expect(noCookie.sent).toEqual(["alone"]);

    const post = aPageRead(undefined);
    expect(
      await readBesideVisitorSession(
        new Request(`http://localhost/checkout/${uuid}`, { method: "POST", headers: { Cookie: cookie } }),
        post.read,
      ),
    ).toBe("facts");
    expect(post.sent).toEqual(["alone"]);
  });

  it("gives her no session from a row past its end, and keeps her cookie's id", async () => {
    const { cookie, id } = await aSessionCookie();
    const request = new Request(`http://localhost/checkout/${uuid}`, { headers: { Cookie: cookie } });
    const { read } = aPageRead({ data: { ownedResponderUuids: [uuid] }, expiresAt: new Date(Date.now() - 1_000) });
    void readBesideVisitorSession(request, read);
    const session = await getVisitorSession(request);
    expect(session.id).toBe(id);
    expect(ownsResponderUuid(session, uuid)).toBe(false);
  });

  it("fails her session's read and the page's together when the statement fails", async () => {
    const { cookie } = await aSessionCookie();
    const request = new Request(`http://localhost/checkout/${uuid}`, { headers: { Cookie: cookie } });
    const failing: ReadBesideSession<string> = {
      withSession: () => Promise.reject(new Error("the database went away")),
      alone: () => Promise.reject(new Error("not this one")),
    };
    const facts = readBesideVisitorSession(request, failing);
    await expect(getVisitorSession(request)).rejects.toThrow("the database went away");
    await expect(facts).rejects.toThrow("the database went away");
  });

  it("the selection page's statement: the same facts as its own read, and her session's row", async () => {
    const { cookie } = await aSessionCookie();
    await savePlanSelection({ responderUuid: uuid, selectedPlan: "monthly", optionIds: {} });
    const request = new Request(`http://localhost/checkout/${uuid}`, { headers: { Cookie: cookie } });
    const facts = readSelectionPageBesideSession(request, uuid);
    const session = await getVisitorSession(request);
    expect(await facts).toEqual(await readSelectionPage(uuid));
    expect((await facts).selection?.selectedPlan).toBe("monthly");
    expect(ownsResponderUuid(session, uuid)).toBe(true);
    // Her cookie naming no row: no session, and the page's facts all the same.
    await (await database()).delete(visitorSessions);
    const again = new Request(`http://localhost/checkout/${uuid}`, { headers: { Cookie: cookie } });
    const factsAgain = readSelectionPageBesideSession(again, uuid);
    expect(ownsResponderUuid(await getVisitorSession(again), uuid)).toBe(false);
    expect((await factsAgain).selection?.selectedPlan).toBe("monthly");
  });
});

describe("an action's read beside her session", () => {
  it("goes with the action's first read of her session, and starts none itself", async () => {
    const { cookie, id } = await aSessionCookie();
    const post = new Request(`http://localhost/final-checkout/${uuid}`, { method: "POST", headers: { Cookie: cookie } });
    const { read, sent } = aPageRead({ data: { ownedResponderUuids: [uuid] }, expiresAt: aDayFromNow() });
    const facts = readBesideNextVisitorSession(post, read);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    const session = await getVisitorSession(post);
    expect(sent).toEqual([`with ${id}`]);
    expect(ownsResponderUuid(session, uuid)).toBe(true);
    expect(await facts()).toBe("facts");
    // Her session read again in the same post: from its row, and nothing beside it.
    expect(ownsResponderUuid(await getVisitorSession(post), uuid)).toBe(true);
    expect(sent).toEqual([`with ${id}`]);
  });

  it("reads nothing for a post without a session until it is asked, then alone", async () => {
    const post = new Request(`http://localhost/final-checkout/${uuid}`, { method: "POST" });
    const { read, sent } = aPageRead(undefined);
    const facts = readBesideNextVisitorSession(post, read);
    expect((await getVisitorSession(post)).id).toBe("");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    expect(await facts()).toBe("facts");
    expect(sent).toEqual(["alone"]);
  });

  it("is sent alone once the action has read her session, and for a GET", async () => {
    const { cookie } = await aSessionCookie();
    const post = new Request(`http://localhost/final-checkout/${uuid}`, { method: "POST", headers: { Cookie: cookie } });
    await getVisitorSession(post);
    const late = aPageRead(undefined);
    expect(await readBesideNextVisitorSession(post, late.read)()).toBe("facts");
    expect(late.sent).toEqual(["alone"]);
    const get = aPageRead(undefined);
    expect(
      await readBesideNextVisitorSession(
        new Request(`http://localhost/final-checkout/${uuid}`, { headers: { Cookie: cookie } }),
        get.read,
      )(),
    ).toBe("facts");
    expect(get.sent).toEqual(["alone"]);
  });

  it("reads COMPLETE PURCHASE's rows with her session as the read alone does", async () => {
    const { cookie, id } = await aSessionCookie();
    await savePlanSelection({ responderUuid: uuid, selectedPlan: "quarterly", optionIds: {} });
    const post = new Request(`http://localhost/final-checkout/${uuid}`, { method: "POST", headers: { Cookie: cookie } });
    const beside = readCheckoutBesideSession(post, uuid);
    const session = await getVisitorSession(post);
    expect(session.id).toBe(id);
    expect(ownsResponderUuid(session, uuid)).toBe(true);
    const alone = await readCheckout(uuid);
    expect(await beside()).toEqual(alone);
    expect(alone.products.selection?.selectedPlan).toBe("quarterly");
  });
});
