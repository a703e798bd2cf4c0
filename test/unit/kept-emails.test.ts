// The kept emails in the console: each link that acts as her (her page, its payment and
// receipt pages, her plan's printable page; a setup link too) replaced by a marker, whatever
// the site's address, the rest of the text as it was; and whole only for the owner of a local
// server that keeps its emails.
import { describe, expect, it } from "vitest";
import { privateLinkMarkers, readsHerLinks, withoutPrivateLinks } from "../../app/funnel/kept-emails";
import { staffRoles } from "../../app/funnel/staff";

const token = "AbCdEfGhIjKlMnOpQrStUv.3.0123456789abcdefghijABCDEFGHIJ_-klmnopqrstu";
const planToken = "AbCdEfGhIjKlMnOpQrStUv.0.1796200000.0123456789abcdefghijABCDEFGHIJ_-klmnopqrstu";
const healthDataToken = "AbCdEfGhIjKlMnOpQrStUv.0123456789abcdefghijABCDEFGHIJ_-klmnopqrstu";
const her = privateLinkMarkers.subscription;

describe("her links in a kept email", () => {
  it.each([
    [`Open your subscription page: https://care.example.com/subscription/${token}`, `Open your subscription page: ${her}`],
    [`Use another card: http://localhost:3000/subscription/${token}/payment`, `Use another card: ${her}`],
    [`Your receipt: http://127.0.0.1:3100/subscription/${token}/receipts/42.`, `Your receipt: ${her}`],
    [`Behind a path: https://example.com/shop/subscription/${token}?lang=es#top`, `Behind a path: ${her}`],
    [`In capitals: HTTPS://CARE.EXAMPLE.COM/subscription/${token}`, `In capitals: ${her}`],
    [`Without its site: /subscription/${token}/payment`, `Without its site: ${her}`],
    [`View or print the plan: https://care.example.com/plan/${planToken}`, `View or print the plan: ${privateLinkMarkers.plan}`],
    [`Set up your sign-in: https://care.example.com/owner/setup/abc123`, `Set up your sign-in: ${privateLinkMarkers["owner/setup"]}`],
    [
      `See my health data: https://care.example.com/health-data-privacy/${healthDataToken}?lang=es`,
      `See my health data: ${privateLinkMarkers["health-data-privacy"]}`,
    ],
    [`Without its site: /health-data-privacy/${healthDataToken}`, `Without its site: ${privateLinkMarkers["health-data-privacy"]}`],
  ])("replaces %s", (text, shown) => {
    expect(withoutPrivateLinks(text)).toBe(shown);
    expect(withoutPrivateLinks(text)).not.toContain(token);
  });

  it("replaces each of several, one a line, and keeps every other word and address", () => {
    const text = [
      "Hello Jane,",
      "We've received your order MC-7KQ2-94XD.",
      `Open your subscription page: http://localhost:3000/subscription/${token}`,
      `Your receipt: http://localhost:3000/subscription/${token}/receipts/7`,
      "Questions? Write to care@example.com or see https://care.example.com/help and /subscription to ask for a new link.",
    ].join("\n");
    expect(withoutPrivateLinks(text)).toBe(
      [
        "Hello Jane,",
        "We've received your order MC-7KQ2-94XD.",
        `Open your subscription page: ${her}`,
        `Your receipt: ${her}`,
        "Questions? Write to care@example.com or see https://care.example.com/help and /subscription to ask for a new link.",
      ].join("\n"),
    );
  });
});

describe("who reads her links whole", () => {
  it("is the owner alone, and only on a local server that keeps its emails", () => {
    for (const role of staffRoles) {
      expect(readsHerLinks(role, { keepsEmails: true, local: true }), role).toBe(role === "owner");
      expect(readsHerLinks(role, { keepsEmails: false, local: true }), role).toBe(false);
      expect(readsHerLinks(role, { keepsEmails: true, local: false }), role).toBe(false);
    }
  });
});
