// Her private link acts as her: whoever holds it opens her page (her answers, her data, her
// erasure, every change), and nothing records who. The console lists her kept emails, so it
// shows a link of hers (her page's, her plan's) only to the owner of a local server that keeps
// its emails, where it is the only inbox; support reads a marker where each link was, on the
// emails page and her order's page alike, in what the loader sends and in the page drawn. The
// clinician opens neither page, and the clinical view holds no link. "Send her link again"
// emails her the new one and shows it to no one.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { privateLinkMarkers } from "../../app/funnel/kept-emails";
import * as allEmails from "../../app/routes/owner.emails";
import * as orderPage from "../../app/routes/owner.orders.$reference/route";
import * as reviewPage from "../../app/routes/owner.reviews.$reference/route";
import * as sharedPlan from "../../app/routes/plan.$token";
import * as herPage from "../../app/routes/subscription.$token._index/route";
import { parseSettings } from "../../app/server/config.server";
import { type SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { keptEmailReader } from "../../app/server/console/kept-emails.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { drawIn } from "../support/drawn-page";
import { resetDatabase, TestBrowser, type RouteAnswer } from "../support/route-harness";
import { signedInAs, signedInOwner } from "../support/staff";
import { deliverAll, paidAs, reload } from "../support/subscriptions";

// The pages drawn outside Remix, their loader's data given.
vi.mock("@remix-run/react", async (original) => (await import("../support/drawn-page")).outsideRemix(await original()));
const draw = drawIn("en");

beforeEach(async () => {
  await resetDatabase();
});

/** She shares her plan with her doctor from her page: the doctor's email holds her plan's link. Its token. */
async function planSentToHerDoctor(subscription: SubscriptionRow): Promise<string> {
  const token = subscriptionLinkToken(await reload(subscription));
  const page = await new TestBrowser().call(herPage.loader, `/subscription/${token}`, { params: { token } });
  const planToken = String(page.data.sharePlan).replace(/^\/plan\//, "");
  const sent = await new TestBrowser().call(sharedPlan.action, `/plan/${planToken}`, {
    params: { token: planToken },
    form: { doctorEmail: "dr.smith@clinic.example" },
  });
  expect(sent).toHaveStatus(200);
  return planToken;
}

const openEmails = (browser: TestBrowser) => browser.call(allEmails.loader, "/owner/emails");
const openOrder = (browser: TestBrowser, reference: string) =>
  browser.call(orderPage.loader, `/owner/orders/${reference}`, { params: { reference } });

/** A path that opens her page or her plan by a token, as her links have it. */
const herLinkPath = /\/(subscription|plan)\/[A-Za-z0-9_-]{22}\./;

/** What a page gives this person: its loader's data and its HTML as drawn. */
function given(answer: RouteAnswer, page: () => unknown): string[] {
  return [JSON.stringify(answer.data), draw(page, answer.data)];
}

function expectNoLinkOfHers(what: string[], tokens: string[]) {
  for (const text of what) {
    expect(text).not.toMatch(herLinkPath);
    for (const token of tokens) expect(text).not.toContain(token);
  }
}

describe("her links in the console", () => {
  it("are markers for support, on the emails page and her order's page, before and after Send her link again", async () => {
    const subscription = await paidAs();
    const planToken = await planSentToHerDoctor(subscription);
    const firstToken = subscriptionLinkToken(await reload(subscription));
    await deliverAll();
    const { browser: support } = await signedInAs("support");

    expect(
      await support.call(orderPage.action, `/owner/orders/${subscription.reference}`, {
        params: { reference: subscription.reference },
        form: { intent: "send-link" },
      }),
    ).toRedirectTo(`/owner/orders/${subscription.reference}`);
    await deliverAll();
    const newToken = subscriptionLinkToken(await reload(subscription));
    expect(newToken).not.toBe(firstToken);
    const tokens = [firstToken, newToken, planToken];

    const emails = await openEmails(support);
    expect(emails).toHaveStatus(200);
    expect(emails.data.emails.map((email: { subject: string }) => email.subject)).toEqual([
      `Your link to order ${subscription.reference}`,
      "A patient shared a menopause treatment plan with you",
      `We've received your order ${subscription.reference}`,
    ]);
    expect(emails.data.linksWhole).toBe(false);
    const [emailsData, emailsHtml] = given(emails, allEmails.default);
    expectNoLinkOfHers([emailsData!, emailsHtml!], tokens);
    expect(emailsData).toContain(privateLinkMarkers.subscription);
    expect(emailsData).toContain(privateLinkMarkers.plan);
    expect(emailsHtml).toContain("The links that open her pages are shown as a marker");

    const order = await openOrder(support, subscription.reference);
    expect(order).toHaveStatus(200);
    expect(order.data.emails).toMatchObject({ kept: true, linksWhole: false, total: 2 });
    const [orderData, orderHtml] = given(order, orderPage.default);
    expectNoLinkOfHers([orderData!, orderHtml!], tokens);
    expect(orderData).toContain(privateLinkMarkers.subscription);
    expect(order.data.notice.text).toBe("A new link was emailed to her. Her earlier links no longer open.");
  });

  it("are nowhere the clinician looks: the emails and her order's page are closed, the clinical view holds none", async () => {
    const subscription = await paidAs();
    await deliverAll();
    const { browser: clinician } = await signedInAs("clinician");
    expect(await openEmails(clinician)).toHaveStatus(403);
    expect(await openOrder(clinician, subscription.reference)).toHaveStatus(403);
    const view = await clinician.call(reviewPage.loader, `/owner/reviews/${subscription.reference}`, {
      params: { reference: subscription.reference },
    });
    expect(view).toHaveStatus(200);
    expectNoLinkOfHers(given(view, reviewPage.default), [subscriptionLinkToken(await reload(subscription))]);
  });

  it("are whole for the owner of this local server, which keeps its emails: her link from her order's page opens her page", async () => {
    const subscription = await paidAs();
    await planSentToHerDoctor(subscription);
    await deliverAll();
    const token = subscriptionLinkToken(await reload(subscription));
    const owner = await signedInOwner();

    const emails = await openEmails(owner);
    expect(emails.data.linksWhole).toBe(true);
    expect(JSON.stringify(emails.data)).toContain(`/subscription/${token}`);
    expect(JSON.stringify(emails.data)).toMatch(/\/plan\/[A-Za-z0-9_-]{22}\./);
    expect(draw(allEmails.default, emails.data)).not.toContain("shown as a marker");

    const order = await openOrder(owner, subscription.reference);
    expect(order.data.emails.linksWhole).toBe(true);
    const link = /\/subscription\/(\S+)/.exec(order.data.emails.list[0].text)?.[1] ?? "";
    expect(link).toBe(token);
    expect(await new TestBrowser().call(herPage.loader, `/subscription/${link}`, { params: { token: link } })).toHaveStatus(200);
  });

  it("are markers for everyone once a mail server is set, the owner too, and on a public address", () => {
    const text = `Open your subscription page: https://care.example.com/subscription/${"a".repeat(22)}.1.${"b".repeat(43)}`;
    for (const env of [
      { SMTP_URL: "smtp://smtp.example.com" },
      { SMTP_URL: "smtp://smtp.example.com", PUBLIC_URL: "https://care.example.com", SANDBOX_PAYMENTS: "true" },
    ]) {
      const reader = keptEmailReader("owner", parseSettings(env));
      expect(reader.linksWhole).toBe(false);
      expect(reader.text(text)).toBe(`Open your subscription page: ${privateLinkMarkers.subscription}`);
    }
    expect(keptEmailReader("owner", parseSettings({})).linksWhole).toBe(true);
    expect(keptEmailReader("support", parseSettings({})).linksWhole).toBe(false);
  });
});
