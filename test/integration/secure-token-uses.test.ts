// A secure link (?st= / ?token=) opens her flow in one browser only: the first that opens it,
// which may open it again; any other browser (a forwarded email, a mail scanner that followed
// the link first) gets "Token Error" and an empty form. Through the pages' loaders, as a
// browser arrives, on both engines.
import { beforeEach, describe, expect, it, vi } from "vitest";

// config() reads the environment once per process (each test file runs in its own): the
// legacy form is read only with its key set.
vi.hoisted(() => {
  process.env.LEGACY_TOKEN_KEY = "test-legacy-key";
});

import * as saveApi from "../../app/routes/api.save-pre-checkout.$responderUuid";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import * as preCheckout from "../../app/routes/pre-checkout.($responderUuid)/route";
import { database } from "../../app/server/db/client.server";
import { preCheckoutDetails, secureTokenUses, visitorSessions } from "../../app/server/db/schema.server";
import { claimSecureTokenUse, deleteExpiredSecureTokenUses } from "../../app/server/db/stores/secure-token-uses.server";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { aPerson } from "../support/factories";
import { cookieOf, resetDatabase, TestBrowser } from "../support/route-harness";
import {
  obfuscatedToken,
  signedToken,
  testLegacyKey,
  testTokenSecret,
  tinasTokenPayload,
  tinasTokenUuid,
  tokenToasts,
} from "../support/tokens";

beforeEach(async () => {
  await resetDatabase();
  clearProviderCaches();
});

const tokenUuid = tinasTokenUuid;
const payload = tinasTokenPayload;
const tinasDetails = { firstName: "Tina", lastName: "Token", email: "tina@example.org", phone: "212-555-0188" };

function preCheckoutPage(browser: TestBrowser, path: string) {
  const responderUuid = /^\/pre-checkout\/([^/?]+)/.exec(path)?.[1];
  return browser.call(preCheckout.loader, path, { params: responderUuid ? { responderUuid } : {} });
}

function finalCheckoutPage(browser: TestBrowser, path: string) {
  const responderUuid = /^\/final-checkout\/([^/?]+)/.exec(path)?.[1];
  return browser.call(finalCheckout.loader, path, { params: responderUuid ? { responderUuid } : {} });
}

/** She opens the link: the redirect it answers. */
function openLink(browser: TestBrowser, token: string, at = "/pre-checkout") {
  return preCheckoutPage(browser, `${at}?st=${encodeURIComponent(token)}`);
}

/** What a browser refused at the pre-checkout sees: Token Error above an empty form, nothing of hers. */
async function expectRefusedAtPreCheckout(browser: TestBrowser, arrival: Awaited<ReturnType<typeof openLink>>) {
  await expect(arrival).toSendToast("token-error");
  let page = await preCheckoutPage(browser, arrival.location!);
  // A uuid this browser does not own leads on to the page without one (the toast waits).
  if (page.status === 303) page = await preCheckoutPage(browser, page.location!);
  expect(page).toHaveStatus(200);
  expect(page.data.toast).toEqual(tokenToasts["token-error"]);
  expect(page.data.values).toEqual({});
  expect(JSON.stringify(page.data)).not.toMatch(/Tina|tina@example\.org|212-555-0188/);
  // Nor does the flow become this browser's.
  expect(await preCheckoutPage(browser, `/pre-checkout/${tokenUuid}`)).toRedirectTo("/pre-checkout");
}

describe("a secure link opens her flow in one browser", () => {
  it("a second browser opening it gets Token Error and an empty form, with nothing of hers", async () => {
    const token = await signedToken(payload, testTokenSecret);
    const hers = new TestBrowser();
    expect(await openLink(hers, token)).toRedirectTo(`/pre-checkout/${tokenUuid}`);

    const forwarded = new TestBrowser();
    const arrival = await openLink(forwarded, token);
    expect(arrival).toRedirectTo("/pre-checkout");
    await expectRefusedAtPreCheckout(forwarded, arrival);

    // With her uuid in the path too.
    const another = new TestBrowser();
    const atHerUuid = await openLink(another, token, `/pre-checkout/${tokenUuid}`);
    expect(atHerUuid).toRedirectTo(`/pre-checkout/${tokenUuid}`);
    await expectRefusedAtPreCheckout(another, atHerUuid);

    // Her details stayed hers, unchanged.
    expect((await preCheckoutPage(hers, `/pre-checkout/${tokenUuid}`)).data.values).toEqual(tinasDetails);
    expect(await (await database()).select().from(preCheckoutDetails)).toMatchObject([{ responderUuid: tokenUuid, ...tinasDetails }]);
  });

  it("at the final checkout the second browser gets Token Error with the support hint, and an empty form", async () => {
    const token = await signedToken(payload, testTokenSecret);
    expect(await finalCheckoutPage(new TestBrowser(), `/final-checkout?st=${token}`)).toRedirectTo(`/final-checkout/${tokenUuid}`);

    const other = new TestBrowser();
    const arrival = await finalCheckoutPage(other, `/final-checkout?st=${token}`);
    expect(arrival).toRedirectTo("/final-checkout");
    await expect(arrival).toSendToast("token-error-support");
    const page = await finalCheckoutPage(other, "/final-checkout");
    expect(page).toHaveStatus(200);
    expect(page.data.toast.title).toBe("Token Error");
    expect(page.data.toast.description).toMatch(/Please proceed with manual entry\. .*contact support/);
    expect(page.data.values).toEqual({});
    expect(page.data.cart.medications).toEqual([]);
    expect(JSON.stringify(page.data)).not.toMatch(/Tina|tina@example\.org/);
  });

  it("the browser that opened it first may open it again, and sees her details", async () => {
    const token = await signedToken(payload, testTokenSecret);
    const hers = new TestBrowser();
    const first = await openLink(hers, token);
    // A new visitor: the arrival starts her session, and its cookie is what binds the link.
    expect(cookieOf(first, "__session")).toBeDefined();
    await expect(first).toSendToast("details-loaded");
    await preCheckoutPage(hers, first.location!);

    const again = await openLink(hers, token);
    expect(again).toRedirectTo(`/pre-checkout/${tokenUuid}`);
    await expect(again).toSendToast("details-loaded");
    const page = await preCheckoutPage(hers, again.location!);
    expect(page.data.values).toEqual(tinasDetails);
    // At the final checkout too: the same browser, the same token.
    expect(await finalCheckoutPage(hers, `/final-checkout?st=${token}`)).toRedirectTo(`/final-checkout/${tokenUuid}`);
    // One session for her all along: the one her first arrival's cookie named.
    expect(await (await database()).select().from(visitorSessions)).toHaveLength(1);
  });

  it("a token without a jti is used up by what it is: a re-spelled signature is the same token", async () => {
    const token = await signedToken(payload, testTokenSecret);
    expect(await openLink(new TestBrowser(), token)).toRedirectTo(`/pre-checkout/${tokenUuid}`);

    // The signature's last character carries two spare bits: another spelling, still valid.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const respelled = token.slice(0, -1) + alphabet[alphabet.indexOf(token.at(-1)!) ^ 1];
    expect(respelled).not.toBe(token);
    const other = new TestBrowser();
    const arrival = await openLink(other, respelled);
    expect(arrival).toRedirectTo("/pre-checkout");
    await expectRefusedAtPreCheckout(other, arrival);

    // Another token for the same flow (not the same text) is another token.
    const newer = await signedToken({ ...payload, phone: "212-555-0199" }, testTokenSecret);
    expect(await openLink(new TestBrowser(), newer)).toRedirectTo(`/pre-checkout/${tokenUuid}`);
  });

  it("a jti names the token: another text with the same jti is the same token", async () => {
    const token = await signedToken({ ...payload, jti: "link-7f3a" }, testTokenSecret);
    expect(await openLink(new TestBrowser(), token)).toRedirectTo(`/pre-checkout/${tokenUuid}`);
    const sameJti = await signedToken({ ...payload, jti: "link-7f3a" }, testTokenSecret, { expiresInSeconds: 20 * 60 });
    expect(sameJti).not.toBe(token);
    const other = new TestBrowser();
    const arrival = await openLink(other, sameJti);
    expect(arrival).toRedirectTo("/pre-checkout");
    await expectRefusedAtPreCheckout(other, arrival);
  });

  it("the legacy form, which never expires, is held for its first browser as long as a session lasts", async () => {
    const token = obfuscatedToken({ ...payload, first_name: "Zoë-Marie" }, testLegacyKey);
    expect(token).toMatch(/[+/=]/); // otherwise the other spelling below would be the same text
    const hers = new TestBrowser();
    expect(await openLink(hers, token)).toRedirectTo(`/pre-checkout/${tokenUuid}`);
    const [use] = await (await database()).select().from(secureTokenUses);
    expect(Math.abs(use!.expiresAt.getTime() - (Date.now() + 30 * 24 * 60 * 60_000))).toBeLessThan(5_000);
    // Another spelling of it is the same token: hers to open again, one use kept.
    const urlSafe = token.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect(await openLink(hers, urlSafe)).toRedirectTo(`/pre-checkout/${tokenUuid}`);
    expect(await (await database()).select().from(secureTokenUses)).toEqual([use]);
    const other = new TestBrowser();
    const arrival = await openLink(other, urlSafe);
    expect(arrival).toRedirectTo("/pre-checkout");
    await expect(arrival).toSendToast("token-error");
    expect(JSON.stringify((await preCheckoutPage(other, "/pre-checkout")).data)).not.toContain("Zoë");
  });

  it("two browsers opening it at once: exactly one gets her flow", async () => {
    const token = await signedToken(payload, testTokenSecret);
    const browsers = [new TestBrowser(), new TestBrowser(), new TestBrowser()];
    const arrivals = await Promise.all(browsers.map((browser) => openLink(browser, token)));
    const winners = arrivals.filter((arrival) => arrival.location === `/pre-checkout/${tokenUuid}`);
    expect(winners).toHaveLength(1);
    expect(arrivals.filter((arrival) => arrival.location === "/pre-checkout")).toHaveLength(2);
    for (const [index, arrival] of arrivals.entries()) {
      if (arrival.location === "/pre-checkout") await expectRefusedAtPreCheckout(browsers[index]!, arrival);
      else expect((await preCheckoutPage(browsers[index]!, arrival.location!)).data.values).toEqual(tinasDetails);
    }
    expect(await (await database()).select().from(secureTokenUses)).toHaveLength(1);
  });

  it("keeps neither the token, its jti nor the session id in clear: keyed hashes only", async () => {
    const token = await signedToken({ ...payload, jti: "link-clear-test" }, testTokenSecret);
    const hers = new TestBrowser();
    const arrival = await openLink(hers, token);
    const [use] = await (await database()).select().from(secureTokenUses);
    const [session] = await (await database()).select().from(visitorSessions);
    expect(cookieOf(arrival, "__session")).toBeDefined();
    const kept = JSON.stringify(use);
    for (const secret of [token, token.split(".")[1]!, "link-clear-test", session!.id, "Tina", "tina@example.org"]) {
      expect(kept).not.toContain(secret);
    }
    expect(use!.tokenKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(use!.browserKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Kept until the token expires (its exp: 15 minutes after it was signed).
    expect(Math.abs(use!.expiresAt.getTime() - (Date.now() + 15 * 60_000))).toBeLessThan(5_000);
  });

  it("an API client with the token as a bearer may still act for the flow: single use is for links", async () => {
    const token = await signedToken(payload, testTokenSecret);
    expect(await openLink(new TestBrowser(), token)).toRedirectTo(`/pre-checkout/${tokenUuid}`);
    const jane = aPerson();
    const post = () =>
      new TestBrowser().call(saveApi.action, `/api/save-pre-checkout/${tokenUuid}`, {
        params: { responderUuid: tokenUuid },
        body: JSON.stringify(jane),
        contentType: "application/json",
        headers: { Authorization: `Bearer ${token}` },
      });
    expect(await post()).toHaveStatus(200);
    expect(await post()).toHaveStatus(200);
  });
});

describe("the uses kept", () => {
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
  const use = (tokenKey: string, browserKey: string, expiresAt: Date) => ({ tokenKey, browserKey, expiresAt });

  it("the first browser wins, may come again; another may not until the use expires", async () => {
    expect(await claimSecureTokenUse(use("t1", "a", later(15)))).toBe(true);
    expect(await claimSecureTokenUse(use("t1", "a", later(15)))).toBe(true);
    expect(await claimSecureTokenUse(use("t1", "b", later(15)))).toBe(false);
    // Past its expiry, a use not yet cleaned away does not hold the token any more.
    expect(await claimSecureTokenUse(use("t1", "b", later(30)), later(16))).toBe(true);
    expect(await claimSecureTokenUse(use("t1", "a", later(30)), later(17))).toBe(false);
  });

  it("expired uses are cleaned away, the others kept", async () => {
    await claimSecureTokenUse(use("old", "a", later(-1)), later(-20));
    await claimSecureTokenUse(use("current", "a", later(10)));
    await deleteExpiredSecureTokenUses();
    const kept = await (await database()).select({ tokenKey: secureTokenUses.tokenKey }).from(secureTokenUses);
    expect(kept).toEqual([{ tokenKey: "current" }]);
  });
});
