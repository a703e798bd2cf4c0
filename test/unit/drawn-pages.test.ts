// Pages drawn again from the same data (app/server/http/drawn-pages.server.ts): the same
// address, status and data give the HTML drawn the first time; anything else is drawn anew;
// a post's answer or an error page is never kept; the memory it keeps is bounded.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { DrawnPage, DrawnPages, drawnPageKey } from "../../app/server/http/drawn-pages.server";

const data = (loaderData: unknown) => ({ loaderData, actionData: undefined, errors: undefined });

describe("the key a page is drawn from", () => {
  it("is its address, its status and its data: the same for the same, different for any change", () => {
    const page = "https://shop.example/checkout/0b5e?lang=es";
    const key = drawnPageKey(page, "GET", 200, data({ root: { language: "es" }, page: { plan: "monthly" } }));
    expect(drawnPageKey(page, "GET", 200, data({ root: { language: "es" }, page: { plan: "monthly" } }))).toBe(key);
    expect(drawnPageKey(page, "HEAD", 200, data({ root: { language: "es" }, page: { plan: "monthly" } }))).toBe(key);
    expect(drawnPageKey(page, "GET", 200, data({ root: { language: "es" }, page: { plan: "quarterly" } }))).not.toBe(key);
    expect(
      drawnPageKey("https://shop.example/checkout/0b5e", "GET", 200, data({ root: { language: "es" }, page: { plan: "monthly" } })),
    ).not.toBe(key);
  });

  it("is none for a post's answer, an action's data, an error or a status other than 200", () => {
    const page = "https://shop.example/checkout/0b5e";
    expect(drawnPageKey(page, "POST", 200, data({}))).toBeUndefined();
    expect(drawnPageKey(page, "GET", 200, { loaderData: {}, actionData: { x: 1 }, errors: undefined })).toBeUndefined();
    expect(drawnPageKey(page, "GET", 200, { loaderData: {}, actionData: undefined, errors: { root: new Error("x") } })).toBeUndefined();
    expect(drawnPageKey(page, "GET", 404, data({}))).toBeUndefined();
  });

  it("leaves out the browser's messages, which a page without scripts never draws, but not the language they follow", () => {
    const page = "https://shop.example/checkout/0b5e";
    const root = (language: string, clientMessages: unknown) => data({ root: { language, clientMessages }, page: { plan: "monthly" } });
    const key = drawnPageKey(page, "GET", 200, root("en", { "common.skipLink": "Skip to main content" }));
    expect(drawnPageKey(page, "GET", 200, root("en", { "common.skipLink": "Skip" }))).toBe(key);
    expect(drawnPageKey(page, "GET", 200, root("es", { "common.skipLink": "Skip to main content" }))).not.toBe(key);
    expect(key).not.toContain("Skip to main content");
  });

  it("never gives two different data the same key", () => {
    // Each route's data, as Remix gives them: route ids to any JSON but the browser's messages.
    const routesData = fc.dictionary(
      fc.string(),
      fc.jsonValue().filter((value) => !JSON.stringify(value ?? null).includes('"clientMessages"')),
    );
    fc.assert(
      fc.property(routesData, routesData, (a, b) => {
        const page = "https://shop.example/checkout/0b5e";
        const same = JSON.stringify(a) === JSON.stringify(b);
        expect(drawnPageKey(page, "GET", 200, data(a)) === drawnPageKey(page, "GET", 200, data(b))).toBe(same);
      }),
    );
  });
});

describe("drawn pages", () => {
  it("draws a page once for the same key, and again for another", () => {
    const pages = new DrawnPages();
    let draws = 0;
    const draw = (html: string) => () => {
      draws++;
      return html;
    };
    expect(pages.draw("a", draw("<p>a</p>"))).toBe("<p>a</p>");
    expect(pages.draw("a", draw("<p>changed</p>"))).toBe("<p>a</p>");
    expect(pages.draw("b", draw("<p>b</p>"))).toBe("<p>b</p>");
    expect(draws).toBe(2);
  });

  it("draws every time, and keeps nothing, without a key or past the longest key", () => {
    const pages = new DrawnPages(10, 8);
    let draws = 0;
    const draw = () => `<p>${++draws}</p>`;
    expect(pages.draw(undefined, draw)).toBe("<p>1</p>");
    expect(pages.draw(undefined, draw)).toBe("<p>2</p>");
    expect(pages.draw("123456789", draw)).toBe("<p>3</p>");
    expect(pages.draw("123456789", draw)).toBe("<p>4</p>");
    expect(pages.size).toBe(0);
  });

  it("keeps at most its bound, letting go of the page used longest ago", () => {
    const pages = new DrawnPages(2);
    pages.draw("a", () => "A");
    pages.draw("b", () => "B");
    pages.draw("a", () => "not drawn");
    pages.draw("c", () => "C");
    expect(pages.size).toBe(2);
    expect(pages.draw("a", () => "A again")).toBe("A");
    expect(pages.draw("b", () => "B again")).toBe("B again");
  });

  it("gives a kept page's bytes in each encoding, the same page each way, each made once", () => {
    const pages = new DrawnPages();
    const html = `<!DOCTYPE html><html lang="es"><body>${"<p>Añadir al plan</p>".repeat(200)}</body></html>`;
    pages.draw("a", () => html);
    const kept = pages.kept("a")!;
    expect(kept).toBeInstanceOf(DrawnPage);
    expect(kept.body("identity").toString()).toBe(html);
    expect(gunzipSync(kept.body("gzip")).toString()).toBe(html);
    expect(brotliDecompressSync(kept.body("br")).toString()).toBe(html);
    expect(kept.body("br").length).toBeLessThan(kept.body("identity").length / 4);
    expect(kept.body("gzip")).toBe(kept.body("gzip"));
    expect(pages.kept("b")).toBeUndefined();
  });
});
