// Her language: chosen by the address on the entry pages (each language its own shared copy),
// remembered by her session on the pages after them, and her form's messages in it.
import { beforeEach, describe, expect, it } from "vitest";
import * as concerns from "../../app/routes/concerns.($responderUuid)";
import * as welcome from "../../app/routes/welcome";
import { sharedEntryPage } from "../../app/server/http/entry-pages.server";
import { pageLanguage } from "../../app/server/visitor/language.server";
import { locationOf, resetDatabase, TestBrowser } from "../support/route-harness";

beforeEach(resetDatabase);

/** What root's loader reads for a page: its language and its link to the other one. */
const rootLoader = ({ request, params }: { request: Request; params: Record<string, string | undefined> }) => pageLanguage(request, params);

describe("Spanish, from the address", () => {
  it("draws /welcome?lang=es in Spanish, as its own shared copy beside the English one", async () => {
    const browser = new TestBrowser();
    const spanish = await browser.call(rootLoader, "/welcome?lang=es&utm_source=ad&gclid=9");
    expect(spanish.data).toEqual({ language: "es", switchHref: "?utm_source=ad&lang=en" });
    const page = await browser.call(welcome.loader, "/welcome?lang=es");
    expect(page.headers.get("Cache-Control")).toMatch(/^public, /);
    expect(page.headers.get("Set-Cookie")).toBeNull();
    expect(page.headers.get("Vary")).toBeNull();
    const key = (url: string) => sharedEntryPage("welcome", { method: "GET", url: `http://localhost${url}`, cookie: null })?.key;
    expect(key("/welcome?lang=es")).toBe("welcome?lang=es");
    expect(key("/welcome")).toBe("welcome");
  });

  it("gives a first visit that asks for Spanish only by Accept-Language the English copy, with the Español link", async () => {
    const headers = { "Accept-Language": "es-US,es;q=0.9" };
    const root = await new TestBrowser().call(rootLoader, "/welcome", { headers });
    expect(root.data).toEqual({ language: "en", switchHref: "?lang=es" });
    const page = await new TestBrowser().call(welcome.loader, "/welcome", { headers });
    expect(page.headers.get("Cache-Control")).toMatch(/^public, /);
    expect(page.headers.get("Vary")).toBeNull();
  });

  it("refuses a Spanish welcome without an answer in Spanish (400)", async () => {
    const answer = await new TestBrowser().call(welcome.action, "/welcome?lang=es", { form: {} });
    expect(answer.status).toBe(400);
    expect(answer.data.lastResult.error.reason).toEqual(["Seleccione una opción para continuar"]);
    const english = await new TestBrowser().call(welcome.action, "/welcome", { form: {} });
    expect(english.data.lastResult.error.reason).toEqual(["Select one option to continue"]);
  });

  it("links to the same page and query in the other language", async () => {
    const browser = new TestBrowser();
    const answer = await browser.call(welcome.action, "/welcome?utm_source=ad", { form: { reason: "nothing_else_has_helped" } });
    const next = locationOf(answer);
    const params = { responderUuid: next.pathname.split("/").pop()! };
    const root = await browser.call(rootLoader, `${next.pathname}?utm_source=ad&page=2`, { params });
    expect(root.data).toEqual({ language: "en", switchHref: "?utm_source=ad&page=2&lang=es" });
    // The 404 page is one page whatever its path: its link leaves the path to the browser.
    const missing = await new TestBrowser().call(rootLoader, "/no/such/page", { params: { "*": "no/such/page" } });
    expect(missing.data).toEqual({ language: "en", switchHref: "?lang=es" });
    // The console stays in English, with no link.
    expect((await browser.call(rootLoader, "/owner/orders?lang=es")).data).toEqual({ language: "en", switchHref: null });
  });

  it("remembers her choice for the pages after the entry pages, and changes it by the link", async () => {
    const browser = new TestBrowser();
    const answer = await browser.call(welcome.action, "/welcome?lang=es", { form: { reason: "nothing_else_has_helped" } });
    expect(answer.status).toBe(303);
    const next = locationOf(answer);
    expect(next.searchParams.has("lang")).toBe(false);
    const params = { responderUuid: next.pathname.split("/").pop()! };
    expect((await browser.call(rootLoader, next.pathname, { params })).data).toMatchObject({ language: "es", switchHref: "?lang=en" });
    // A concerns error in her language too.
    const refused = await browser.call(concerns.action, next.pathname, { params, form: {} });
    expect(refused.data.lastResult.error.concern).toEqual(["Seleccione una opción para continuar"]);
    // The entry pages still follow their address alone.
    expect((await browser.call(rootLoader, "/welcome")).data).toMatchObject({ language: "en" });
    // "English" on her page: remembered from then on.
    await browser.call(concerns.loader, `${next.pathname}?lang=en`, { params });
    expect((await browser.call(rootLoader, next.pathname, { params })).data).toMatchObject({ language: "en", switchHref: "?lang=es" });
  });
});
