import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSettings } from "../../app/server/config.server";
import { crossSiteRefusal } from "../../app/server/http/cross-site.server";
import { baseSecurityHeaders, pagePolicy, policySources, resourcePolicy } from "../../app/server/http/security-headers.server";

const own = { ownHost: "shop.example:3000" };

describe("crossSiteRefusal (cross-site posts refused)", () => {
  it("lets reads through whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) {
      expect(crossSiteRefusal({ ...own, method, secFetchSite: "cross-site", origin: "https://evil.example" })).toBeNull();
    }
  });

  it("takes a post from our own page, or typed by the visitor herself", () => {
    expect(crossSiteRefusal({ ...own, method: "POST", secFetchSite: "same-origin" })).toBeNull();
    expect(crossSiteRefusal({ ...own, method: "POST", secFetchSite: "none" })).toBeNull();
  });

  it("refuses a post another site, or a sibling subdomain, sent", () => {
    for (const site of ["cross-site", "same-site"]) {
      expect(crossSiteRefusal({ ...own, method: "POST", secFetchSite: site, origin: "http://shop.example:3000" })).toMatch(site);
    }
  });

  it("falls back to Origin, then Referer, comparing host and port but not scheme (a proxy may end TLS)", () => {
    expect(crossSiteRefusal({ ...own, method: "POST", origin: "https://shop.example:3000" })).toBeNull();
    expect(crossSiteRefusal({ ...own, method: "POST", origin: "https://shop.example:4000" })).toMatch(/Origin/);
    expect(crossSiteRefusal({ ...own, method: "POST", origin: "null" })).toMatch(/Origin/);
    expect(crossSiteRefusal({ ...own, method: "DELETE", referer: "http://shop.example:3000/welcome?x=1" })).toBeNull();
    expect(crossSiteRefusal({ ...own, method: "PUT", referer: "https://evil.example/shop.example:3000" })).toMatch(/Referer/);
  });

  it("lets a client that is not a browser page through (no Sec-Fetch-Site, Origin or Referer)", () => {
    expect(crossSiteRefusal({ ...own, method: "POST" })).toBeNull();
  });

  it("never lets a post through whose Origin names another host", () => {
    fc.assert(
      fc.property(fc.domain(), fc.constantFrom("http", "https"), (host, scheme) => {
        fc.pre(host !== "shop.example");
        expect(crossSiteRefusal({ ...own, method: "POST", origin: `${scheme}://${host}:3000` })).not.toBeNull();
      }),
    );
  });
});

describe("the security headers (Mozilla HTTP Observatory's rules)", () => {
  const embedded = policySources(parseSettings({ NODE_ENV: "production" }));

  it("gives pages a nonce-only script policy, no framing, and forms only to us", () => {
    const policy = pagePolicy("abc123", embedded);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("form-action 'self';");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it("lets forms lead to the external intake, and Stripe's hosts in only in Stripe mode", () => {
    const settings = parseSettings({
      INTAKE_URL: "https://intake.example.com/start/{responderUuid}",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_PUBLISHABLE_KEY: "pk_test_x",
    });
    const policy = pagePolicy("n", policySources(settings));
    expect(policy).toMatch(/form-action 'self' https:\/\/intake\.example\.com https:\/\/checkout\.stripe\.com/);
    expect(policy).toMatch(/script-src 'self' 'nonce-n' https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/frame-src https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
    expect(policy).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
    expect(pagePolicy("n", embedded)).not.toContain("stripe");
    expect(pagePolicy("n", embedded)).toContain("frame-src 'none'");
  });

  it("lets the maps hosts and the places script's origin in only with a maps key", () => {
    const withKey = pagePolicy(
      "n",
      policySources(parseSettings({ MAPS_API_KEY: "k", MAPS_SCRIPT_URL: "http://127.0.0.1:3199/maps-js/api/js" })),
    );
    expect(withKey).toMatch(/script-src 'self' 'nonce-n' https:\/\/maps\.googleapis\.com http:\/\/127\.0\.0\.1:3199;/);
    expect(withKey).toMatch(/connect-src 'self' https:\/\/maps\.googleapis\.com http:\/\/127\.0\.0\.1:3199;/);
    expect(withKey).toContain("font-src 'self' https://fonts.gstatic.com");
    expect(withKey).toContain("style-src 'self' 'unsafe-inline' https://fonts.googleapis.com");
    const withoutKey = pagePolicy("n", policySources(parseSettings({ MAPS_SCRIPT_URL: "http://127.0.0.1:3199/maps-js/api/js" })));
    expect(withoutKey).not.toMatch(/googleapis|gstatic|3199|unsafe-inline/);
  });

  it("sends HSTS for two years in production only, and nosniff, referrer policy and DENY always", () => {
    const production = Object.fromEntries(baseSecurityHeaders(embedded));
    expect(production).toMatchObject({
      "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
    });
    const development = Object.fromEntries(baseSecurityHeaders(policySources(parseSettings({}))));
    expect(development["Strict-Transport-Security"]).toBeUndefined();
    expect(development["X-Content-Type-Options"]).toBe("nosniff");
  });

  it("lets nothing run in a JSON answer", () => {
    expect(resourcePolicy).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  });
});
