// Her private link asked for again. By email at /subscription, which anyone who knows her email
// can do, the new link waits: her link keeps opening until the new one is first opened, then the
// old one answers 410. From her own page, holding the link that opens, the old one retires at
// once. However many strangers ask, no link she uses stops opening until she opens a newer one.
import { beforeEach, describe, expect, it } from "vitest";
import * as herPage from "../../app/routes/subscription.$token._index/route";
import * as newLinkPage from "../../app/routes/subscription.$token.new-link/route";
import { newLinkLimit } from "../../app/routes/subscription.$token.new-link/new-link-page.server";
import * as lostLink from "../../app/routes/subscription._index";
import { storedEmailsOf } from "../../app/server/db/stores/stored-emails.server";
import type { SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { countHit } from "../../app/server/http/rate-limits.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { eraseHerData } from "../../app/server/subscriptions/her-erasure.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { aPerson } from "../support/factories";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { deliverAll, paidSubscription, reload } from "../support/subscriptions";

beforeEach(async () => {
  await resetDatabase();
});

function openPage(token: string) {
  return new TestBrowser().call(herPage.loader, `/subscription/${token}`, { params: { token } });
}

/** A stranger who knows her email asks for her link (the page answers the same for anyone). */
async function strangerAsks() {
  const asked = await new TestBrowser().call(lostLink.action, "/subscription", { form: { email: aPerson().email.toUpperCase() } });
  expect(asked).toHaveStatus(200);
}

/** "Send me a new link" pressed on her own page, holding `token`. */
function askFromHerPage(token: string) {
  return new TestBrowser().call(newLinkPage.action, `/subscription/${token}/new-link`, { params: { token }, form: {} });
}

/** The links of the "your link" emails she has received, oldest first. */
async function linksEmailed(subscription: SubscriptionRow): Promise<string[]> {
  await deliverAll();
  const emails = (await storedEmailsOf(subscription.reference)).filter((email) => email.kind === "your_link");
  return emails
    .map((email) => /\/subscription\/([A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43})/.exec(email.text)![1]!)
    .sort((a, b) => Number(a.split(".")[1]) - Number(b.split(".")[1]));
}

async function expectReplaced(token: string) {
  const answer = await openPage(token);
  expect(answer).toHaveStatus(410);
  expect(answer.data.message).toContain("replaced by a newer one");
}

describe("her link asked for again by email", () => {
  it("leaves her link working until the new one is first opened; then the old one answers 410 and the new one opens", async () => {
    const subscription = await paidSubscription();
    const hers = subscriptionLinkToken(subscription);
    await strangerAsks();
    const [sent] = await linksEmailed(subscription);
    expect(sent).not.toBe(hers);

    // Asked, sent, not opened: her link opens as before, as often as she likes.
    expect(await openPage(hers)).toHaveStatus(200);
    expect(await openPage(hers)).toHaveStatus(200);
    // The emails she gets meanwhile carry the link that opens.
    expect(subscriptionLinkToken(await reload(subscription))).toBe(hers);

    // She opens the emailed link: it is her link from now on.
    expect(await openPage(sent!)).toHaveStatus(200);
    await expectReplaced(hers);
    expect(await openPage(sent!)).toHaveStatus(200);
    expect(subscriptionLinkToken(await reload(subscription))).toBe(sent);
  });

  it("as many times as a stranger may ask in an hour, retires nothing she uses", async () => {
    const subscription = await paidSubscription();
    const hers = subscriptionLinkToken(subscription);
    for (let i = 0; i < 5; i++) await strangerAsks();
    expect(await new TestBrowser().call(lostLink.action, "/subscription", { form: { email: aPerson().email } })).toHaveStatus(429);
    expect(await linksEmailed(subscription)).toHaveLength(5);
    expect(await openPage(hers)).toHaveStatus(200);
    // Her own page's way to a new link still works from it.
    expect(await new TestBrowser().call(newLinkPage.loader, `/subscription/${hers}/new-link`, { params: { token: hers } })).toHaveStatus(
      200,
    );
  });

  it("two requests, then the older new link opened: it becomes hers, her first link retires; the newer one still opens once, and then retires the one before it", async () => {
    const subscription = await paidSubscription();
    const first = subscriptionLinkToken(subscription);
    await strangerAsks();
    await strangerAsks();
    const [older, newer] = await linksEmailed(subscription);
    expect(await openPage(first)).toHaveStatus(200);

    expect(await openPage(older!)).toHaveStatus(200);
    await expectReplaced(first);
    expect(await openPage(older!)).toHaveStatus(200);
    // The newer one is in her inbox too: it still opens (no email of ours leads to a dead end
    // while a link she opened works), and only opening it retires the one before.
    expect(await openPage(newer!)).toHaveStatus(200);
    await expectReplaced(older!);
    await expectReplaced(first);
    expect(await openPage(newer!)).toHaveStatus(200);
  });

  it("a link sent and opened twice at once opens both times, and becomes hers once", async () => {
    const subscription = await paidSubscription();
    const first = subscriptionLinkToken(subscription);
    await strangerAsks();
    const [sent] = await linksEmailed(subscription);
    const answers = await Promise.all([openPage(sent!), openPage(sent!), openPage(sent!)]);
    for (const answer of answers) expect(answer).toHaveStatus(200);
    await expectReplaced(first);
    expect((await reload(subscription)).linkVersion).toBe(2);
  });

  it("a link sent and never opened opens nothing once her data is deleted", async () => {
    const subscription = await paidSubscription();
    await strangerAsks();
    const [sent] = await linksEmailed(subscription);
    expect((await eraseHerData(paymentGateway(), subscription)).status).toBe("erased");
    const answer = await openPage(sent!);
    expect(answer).toHaveStatus(410);
    expect(answer.data.message).toBe("This link no longer works.");
  });
});

describe("her link asked for from her own page", () => {
  it("retires the link she holds at once, and every link sent before and not yet opened; the emailed one opens", async () => {
    const subscription = await paidSubscription();
    const hers = subscriptionLinkToken(subscription);
    // Her page leads to it, with her link in the address.
    const page = await openPage(hers);
    expect(page).toHaveStatus(200);
    const confirm = await new TestBrowser().call(newLinkPage.loader, `/subscription/${hers}/new-link`, { params: { token: hers } });
    expect(confirm).toHaveStatus(200);
    expect(confirm.data).toEqual({ reference: subscription.reference, address: `/subscription/${hers}` });
    await strangerAsks();
    const [waiting] = await linksEmailed(subscription);

    const pressed = await askFromHerPage(hers);
    expect(pressed).toRedirectTo("/subscription?sent=her-page");
    expect((await new TestBrowser().call(lostLink.loader, pressed.location!)).data).toEqual({ sentFromHerPage: true });
    await expectReplaced(hers);
    await expectReplaced(waiting!);
    const fresh = (await linksEmailed(subscription)).at(-1)!;
    expect(fresh).toBe(subscriptionLinkToken(await reload(subscription)));
    expect(await openPage(fresh)).toHaveStatus(200);
    // A retired link asks for nothing more: its press is refused and sends no email.
    expect(await askFromHerPage(hers)).toHaveStatus(410);
    expect(await linksEmailed(subscription)).toHaveLength(2);
  });

  it("limits the presses for one order (429 with Retry-After) and then sends nothing", async () => {
    const subscription = await paidSubscription();
    const hers = subscriptionLinkToken(subscription);
    for (let i = 0; i < newLinkLimit.limit; i++)
      await countHit(new Request("http://localhost/"), `subscription:${subscription.id}`, newLinkLimit);
    const answer = await askFromHerPage(hers);
    expect(answer).toHaveStatus(429);
    expect(answer.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(answer.data.message).toMatch(/try again/i);
    expect(await openPage(hers)).toHaveStatus(200);
    expect(await linksEmailed(subscription)).toEqual([]);
  });
});
