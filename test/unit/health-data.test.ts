// Her health data link's rules (it opens until it expires, and not once used) and how long a
// request is kept; the email with the link, in each language, with nothing else of hers in it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderHealthDataEmail } from "../../app/funnel/emails";
import { healthDataLinkExpiry, healthDataLinkState, healthDataRequestsKeptSince } from "../../app/funnel/health-data";
import { translator } from "../../app/i18n/messages";
import { englishLeftIn } from "../support/english-left";

const hour = 3_600_000;

describe("the link's state", () => {
  it("opens for 24 hours after it is asked for, then expires; used, it is used whatever the time", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 48 * 60 }), fc.boolean(), (minutes, used) => {
        const askedAt = new Date(Date.UTC(2027, 0, 1));
        const now = new Date(askedAt.getTime() + minutes * 60_000);
        const state = healthDataLinkState({ linkExpiresAt: healthDataLinkExpiry(askedAt), linkUsedAt: used ? askedAt : null }, now);
        expect(state).toBe(used ? "used" : minutes < 24 * 60 ? "open" : "expired");
      }),
    );
  });

  it("a request with no link (nothing held) never opens", () => {
    expect(healthDataLinkState({ linkExpiresAt: null, linkUsedAt: null }, new Date())).toBe("expired");
  });
});

describe("how long a request is kept", () => {
  it("is 24 calendar months", () => {
    expect(healthDataRequestsKeptSince(new Date("2029-03-15T12:00:00Z")).toISOString()).toBe("2027-03-15T12:00:00.000Z");
    expect(healthDataRequestsKeptSince(new Date(Date.UTC(2029, 0, 1))).getTime()).toBeLessThan(Date.UTC(2029, 0, 1) - 700 * 24 * hour);
  });
});

describe("the email with the link", () => {
  const link = "https://care.example/health-data-privacy/abc.def";

  it("says what the link does and for how long, in English", () => {
    const email = renderHealthDataEmail(link, 24);
    expect(email.subject).toBe("Your health data");
    expect(email.text).toContain(`See my health data: ${link}`);
    expect(email.text).toContain("The link works for 24 hours.");
    expect(email.html).toContain('<html lang="en">');
  });

  it("in Spanish leaves no English behind", () => {
    const email = renderHealthDataEmail(`${link}?lang=es`, 24, translator("es"));
    expect(email.subject).toBe("Sus datos de salud");
    expect(email.html).toContain('<html lang="es">');
    expect(englishLeftIn(email.text)).toEqual([]);
  });
});
