// Which requests get the entry pages' shared copy, and under which key.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { entryPageAt, hasVisitorCookie, sharedEntryPage, type EntryPage } from "../../app/server/http/entry-pages.server";
import { chooseEncoding, matchesEtag } from "../../app/server/http/entry-page-memory.server";

const get = (url: string, cookie?: string) => ({ method: "GET", url: `http://shop.test${url}`, cookie });

describe("entry pages", () => {
  it("knows the entry pages by path, case and a trailing slash aside, and the 404 page by the routes", () => {
    const unknown = (path: string) => path === "/nowhere";
    expect(entryPageAt("/welcome", unknown)).toBe("welcome");
    expect(entryPageAt("/Welcome/", unknown)).toBe("welcome");
    expect(entryPageAt("/thank-you", unknown)).toBe("thank-you");
    expect(entryPageAt("/nowhere", unknown)).toBe("not-found");
    expect(entryPageAt("/checkout/abc", unknown)).toBeUndefined();
    expect(entryPageAt("/congratulations/abc", unknown)).toBeUndefined();
  });

  it("shares a page only with a GET or HEAD, and one that reads her cookies only with a new visitor", () => {
    expect(sharedEntryPage("welcome", get("/welcome"))).toEqual({
      key: "welcome",
      query: "",
      cacheControl: expect.stringMatching(/^public, max-age=\d+, stale-while-revalidate=\d+$/),
    });
    expect(sharedEntryPage("welcome", { ...get("/welcome"), method: "HEAD" })).toBeDefined();
    expect(sharedEntryPage("welcome", { ...get("/welcome"), method: "POST" })).toBeUndefined();
    for (const cookie of ["__session=abc", "a=1; funnel_variant=classic", "__toast=x"]) {
      // Her variant decides /home and /thank-you; the 404 page keeps tracking params in her session.
      for (const page of ["home", "thank-you", "not-found"] as const) expect(sharedEntryPage(page, get("/p", cookie))).toBeUndefined();
      // The others read nothing of hers: the same copy, under the same key.
      for (const page of ["welcome", "congratulations", "terms", "privacy"] as const) {
        expect(sharedEntryPage(page, get("/p?lang=es", cookie))).toEqual(sharedEntryPage(page, get("/p?lang=es")));
      }
    }
    // Someone else's cookies (another app on the domain, analytics) do not make her someone.
    expect(sharedEntryPage("home", get("/home", "_ga=1; my__session=2"))).toBeDefined();
  });

  it("keys each language's copy by its address: English without `lang`, Spanish with it", () => {
    for (const page of ["welcome", "congratulations", "home", "thank-you", "terms", "privacy", "not-found"] as const) {
      expect(sharedEntryPage(page, get("/p?lang=es"))).toMatchObject({ key: `${page}?lang=es`, query: "lang=es" });
      for (const english of ["", "?lang=en", "?lang=fr", "?lang="]) expect(sharedEntryPage(page, get(`/p${english}`))?.key).toBe(page);
    }
    expect(sharedEntryPage("welcome", get("/welcome?gclid=1&lang=ES&variant=classic"))?.query).toBe("variant=classic&lang=es");
  });

  it("never shares an address that carries an email address", () => {
    for (const page of ["welcome", "home", "terms"] as const) {
      expect(sharedEntryPage(page, get(`/x?email_address=jane%40example.org`))).toBeUndefined();
    }
  });

  it("shares a page with tracking params only when the page hands them on itself", () => {
    // Its language link carries them on, so they are part of its key.
    expect(sharedEntryPage("welcome", get("/welcome?utm_source=ad"))?.key).toBe("welcome?utm_source=ad");
    expect(sharedEntryPage("congratulations", get("/congratulations?utm_source=ad"))?.key).toBe("congratulations?utm_source=ad");
    expect(sharedEntryPage("home", get("/home?utm_source=ad&variant=classic"))?.key).toBe("home?variant=classic&utm_source=ad");
    for (const page of ["terms", "privacy", "thank-you", "not-found"] as const) {
      expect(sharedEntryPage(page, get("/x?utm_source=ad"))).toBeUndefined();
      expect(sharedEntryPage(page, get("/x?gclid=1"))?.key).toBe(page);
    }
  });

  it("keys a page by the variant asked for, whatever its spelling, and by nothing it does not show", () => {
    const pages: EntryPage[] = ["welcome", "congratulations", "home", "thank-you", "terms", "privacy", "not-found"];
    fc.assert(
      fc.property(
        fc.constantFrom(...pages),
        fc.constantFrom("", "classic", "Classic", " current", "bogus"),
        fc.dictionary(fc.constantFrom("gclid", "fbclid", "responder_uuid", "st", "x"), fc.string({ maxLength: 8 })),
        (page, variant, noise) => {
          const plain = sharedEntryPage(page, get(`/p${variant ? `?variant=${encodeURIComponent(variant)}` : ""}`));
          const query = new URLSearchParams(noise);
          if (variant) query.set("variant", variant);
          const noisy = sharedEntryPage(page, get(`/p?${query}`));
          expect(noisy?.key).toBe(plain?.key);
          const named = variant.trim().toLowerCase();
          expect(plain?.key).toBe(named === "classic" || named === "current" ? `${page}?variant=${named}` : page);
        },
      ),
    );
  });

  it("tells our cookies from others", () => {
    expect(hasVisitorCookie(undefined)).toBe(false);
    expect(hasVisitorCookie("")).toBe(false);
    expect(hasVisitorCookie("__session=1")).toBe(true);
    expect(hasVisitorCookie("x=1;funnel_variant=current")).toBe(true);
    expect(hasVisitorCookie("x__toast=1")).toBe(false);
  });
});

describe("answering from memory", () => {
  it("chooses brotli, then gzip, else the bytes as they are", () => {
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseEncoding("gzip;q=0")).toBe("identity");
    expect(chooseEncoding("*")).toBe("gzip");
    expect(chooseEncoding("deflate")).toBe("identity");
  });

  it("compares validators weakly", () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
