// The entry pages as a CDN and a burst of new visitors meet them: the same bytes for every new
// visitor, shareable with validators, no cookie, no script allowed; her own copy, once she has
// a session, of a page that reads it.
import { request as http } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { answerWelcome } from "./support/funnel";
import { appOrigin } from "./support/servers";

// A page's language link carries the tracking params it hands on, so they are part of its key;
// what it does not show (a click id) is not. Each language's copy is its own address.
const entryPages = [
  ["/welcome?utm_source=ad&utm_campaign=spring", "/welcome?utm_source=ad&utm_campaign=spring&gclid=abc", 200],
  ["/welcome?lang=es", "/welcome?gclid=abc&lang=es", 200],
  ["/congratulations?utm_source=mail", "/congratulations?utm_source=mail&responder_uuid=x", 200],
  ["/home?variant=classic", "/home?variant=classic&fbclid=1", 200],
  ["/thank-you", "/thank-you?gclid=2", 200],
  ["/terms", "/terms?ref=footer", 200],
  ["/privacy", "/privacy", 200],
  ["/no-such-page", "/another/missing/page", 404],
  ["/no-such-page?lang=es", "/another/missing/page?lang=es", 404],
] as const;

test("every entry page is the same shareable bytes for every new visitor", async () => {
  for (const [path, otherAddress, status] of entryPages) {
    const first = await http.newContext({ baseURL: appOrigin });
    const second = await http.newContext({ baseURL: appOrigin });
    const a = await first.get(path);
    const b = await second.get(otherAddress);
    expect(a.status(), path).toBe(status);
    expect(b.status(), otherAddress).toBe(status);
    expect(await b.body(), `${otherAddress} is ${path}`).toEqual(await a.body());
    const headers = a.headers();
    expect(headers["cache-control"], path).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(headers["etag"], path).toMatch(/^W\/"[\w-]+"$/);
    expect(headers["vary"], path).toBe("Accept-Encoding");
    expect(headers["set-cookie"], path).toBeUndefined();
    expect(headers["content-security-policy"], path).toMatch(/script-src 'none'/);
    expect(headers["strict-transport-security"], path).toBe("max-age=63072000; includeSubDomains");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(await a.text(), path).not.toMatch(/<script|nonce=/);
    // Revalidation: the same validator, nothing sent again.
    const revalidated = await first.get(path, { headers: { "If-None-Match": headers["etag"]! } });
    if (status === 200) expect(revalidated.status(), path).toBe(304);
    await first.dispose();
    await second.dispose();
  }
});

test("an address with her email or tracking params a page cannot hand on is drawn for her alone", async () => {
  const visitor = await http.newContext({ baseURL: appOrigin });
  const withEmail = await visitor.get("/welcome?email_address=jane%40example.org");
  expect(withEmail.headers()["cache-control"]).toBe("no-store");
  const tracked = await visitor.get("/terms?utm_source=ad");
  expect(tracked.headers()["cache-control"]).toBe("no-store");
  await visitor.dispose();
});

test("a visitor with a session gets the shared copy of a page that reads nothing of hers, and her own of one that does", async ({
  page,
}) => {
  const stranger = await http.newContext({ baseURL: appOrigin });
  const shared = await stranger.get("/welcome");
  await answerWelcome(page);
  const again = await page.goto("/welcome");
  expect(again!.headers()["etag"]).toBe(shared.headers()["etag"]);
  expect(await again!.body()).toEqual(await shared.body());
  await expect(page.getByRole("heading", { level: 1, name: "It's not you. It's menopause." })).toBeVisible();
  // Her variant (her first answer set it) decides the thank-you page's line.
  const thanks = await page.goto("/thank-you");
  expect(thanks!.headers()["cache-control"]).toBe("no-store");
  expect(thanks!.headers()["etag"]).toBeUndefined();
  await stranger.dispose();
});

test("the welcome form posts back to its own address, so the link's tracking params reach her flow", async ({ page }) => {
  await answerWelcome(page, "?utm_source=ad&utm_campaign=spring");
  const next = new URL(page.url());
  expect(next.pathname).toMatch(/^\/concerns\//);
  expect(next.searchParams.get("utm_source")).toBe("ad");
  expect(next.searchParams.get("utm_campaign")).toBe("spring");
});
