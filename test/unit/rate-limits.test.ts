// The pure parts of the rate limits: the wording of the wait, who a limit counts,
// and the 429 answer's reply and headers.
import { describe, expect, it } from "vitest";
import { tooManyAttemptsMessage, waitInMinutes } from "../../app/funnel/rate-limits";
import { clientAddressHeader } from "../../app/server/http/client-address.server";
import { countedClientAddress, rateLimitKeys, rateLimits, visitorRateKey } from "../../app/server/http/rate-limits.server";
import { tooManyAttemptsReply } from "../../app/server/http/form-refusal.server";
import { keepRetryAfter } from "../../app/route-headers";
import { ConfigurationError, parseSettings } from "../../app/server/config.server";

function requestFrom(address?: string): Request {
  return new Request("http://localhost/welcome", { headers: address ? { [clientAddressHeader]: address } : {} });
}

const withSession = { session: { id: "session-id" } };
const withoutSession = { session: { id: "" } };

describe("the wait as she reads it", () => {
  it.each([
    [1, "1 minute"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [599, "10 minutes"],
    [3600, "60 minutes"],
  ])("%i seconds is %s", (seconds, words) => {
    expect(waitInMinutes(seconds)).toBe(words);
  });

  it("says what happened and what to do", () => {
    expect(tooManyAttemptsMessage(90)).toBe("Too many attempts. Please wait 2 minutes and try again.");
  });
});

describe("the limits", () => {
  it("are generous for a person and tighter where a post costs more", () => {
    for (const limit of Object.values(rateLimits)) {
      expect(limit.limit).toBeGreaterThan(0);
      // Everyone behind one address together may do at least what one visitor may; everyone
      // we cannot tell apart, at least what one address may.
      const addressLimit = "addressLimit" in limit ? limit.addressLimit : limit.limit;
      expect(addressLimit).toBeGreaterThanOrEqual(limit.limit);
      if ("unaddressedLimit" in limit) expect(limit.unaddressedLimit).toBeGreaterThanOrEqual(addressLimit);
    }
    // A whole funnel is about 20 posts: she can go through it twice and more.
    expect(rateLimits.stepPost.limit).toBeGreaterThanOrEqual(40);
    // Each email is sent on to the provider: fewer of those.
    expect(rateLimits.emailCapture.limit * rateLimits.stepPost.windowMs).toBeLessThan(
      rateLimits.stepPost.limit * rateLimits.emailCapture.windowMs,
    );
  });
});

describe("the site-wide ceilings", () => {
  it("are settings with defaults well above a real peak, and at least one a minute", () => {
    expect(parseSettings({})).toMatchObject({ PAYMENT_FAILURE_CEILING_PER_MINUTE: 60, PROMO_CHECK_CEILING_PER_MINUTE: 300 });
    expect(parseSettings({ PAYMENT_FAILURE_CEILING_PER_MINUTE: "10", PROMO_CHECK_CEILING_PER_MINUTE: "50" })).toMatchObject({
      PAYMENT_FAILURE_CEILING_PER_MINUTE: 10,
      PROMO_CHECK_CEILING_PER_MINUTE: 50,
    });
    for (const wrong of ["0", "-5", "1.5", "lots"]) {
      expect(() => parseSettings({ PAYMENT_FAILURE_CEILING_PER_MINUTE: wrong })).toThrow(ConfigurationError);
      expect(() => parseSettings({ PROMO_CHECK_CEILING_PER_MINUTE: wrong })).toThrow(/PROMO_CHECK_CEILING_PER_MINUTE/);
    }
  });
});

describe("who a limit counts", () => {
  it("counts an address our server saw on the internet: an IPv4 address, or the /64 of an IPv6 one", () => {
    expect(countedClientAddress(requestFrom("203.0.113.7"))).toBe("203.0.113.7");
    expect(countedClientAddress(requestFrom("::ffff:203.0.113.7"))).toBe("203.0.113.7");
    expect(countedClientAddress(requestFrom("2001:db8::1"))).toBe("2001:db8:0:0::/64");
    expect(countedClientAddress(requestFrom("2001:DB8:0:0:ffff:1:2:3"))).toBe("2001:db8:0:0::/64");
  });

  it("never counts this machine or a private network: that is a proxy or a local client, not one visitor", () => {
    for (const address of [
      "127.0.0.1",
      "::1",
      "::ffff:127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.10",
      "169.254.1.1",
      "fd12::1",
      "fe80::1",
    ]) {
      expect(countedClientAddress(requestFrom(address))).toBeUndefined();
    }
    expect(countedClientAddress(requestFrom())).toBeUndefined();
    // Not an address at all: not a client of its own either (a new string is not a new client).
    expect(countedClientAddress(requestFrom("unknown"))).toBeUndefined();
  });

  it("is her session; without one, a flow she holds a token for; else her address; never a shared bucket", () => {
    expect(visitorRateKey(withSession, requestFrom("203.0.113.7"), "flow-uuid")).toBe("session:session-id");
    expect(visitorRateKey(withoutSession, requestFrom("203.0.113.7"), "flow-uuid")).toBe("flow:flow-uuid");
    expect(visitorRateKey(withoutSession, requestFrom("203.0.113.7"))).toBe("address:203.0.113.7");
    expect(visitorRateKey(withoutSession, requestFrom("198.51.100.2"))).toBe("address:198.51.100.2");
    // An IPv6 client by her /64: another address in it is still her.
    const ipv6Key = visitorRateKey(withoutSession, requestFrom("2001:db8:0:7::1"));
    expect(visitorRateKey(withoutSession, requestFrom("2001:db8:0:7::2"))).toBe(ipv6Key);
    // Nothing to tell her apart by: no visitor of her own, but never no limit at all.
    expect(visitorRateKey(withoutSession, requestFrom("127.0.0.1"))).toBeUndefined();
    expect(rateLimitKeys(requestFrom("127.0.0.1"), undefined)).toEqual(["unaddressed"]);
    expect(rateLimitKeys(requestFrom(), undefined)).toEqual(["unaddressed"]);
    // With a session behind such a proxy she is counted by her session alone, not with everyone.
    expect(rateLimitKeys(requestFrom("127.0.0.1"), "session:session-id")).toEqual([expect.stringMatching(/^visitor:/)]);
  });

  it("hashes every key, so that neither address nor session is stored", () => {
    const keys = rateLimitKeys(requestFrom("203.0.113.7"), visitorRateKey(withoutSession, requestFrom("203.0.113.7")));
    expect(keys).toEqual([expect.stringMatching(/^visitor:[A-Za-z0-9_-]{43}$/), expect.stringMatching(/^address:[A-Za-z0-9_-]{43}$/)]);
    // The visitor without a cookie and her address are two counters, with two limits.
    expect(keys[0]!.slice("visitor:".length)).not.toBe(keys[1]!.slice("address:".length));
    expect(JSON.stringify(keys)).not.toContain("203.0.113.7");
  });
});

describe("the 429 answer", () => {
  it("gives the form back as it was posted, with the message as the form's error", () => {
    const formData = new FormData();
    formData.set("email", "jane@example.org");
    formData.set("securityCode", "123");
    const reply = tooManyAttemptsReply(formData, 120, ["securityCode"]);
    expect(reply.status).toBe("error");
    expect(reply.initialValue).toEqual({ email: "jane@example.org" });
    expect(reply.error).toEqual({ "": ["Too many attempts. Please wait 2 minutes and try again."] });
  });

  it("keeps Retry-After on the page, from the action, the loader or a thrown refusal", () => {
    const none = new Headers();
    const wait = new Headers({ "Retry-After": "120" });
    const headersOf = (args: { actionHeaders?: Headers; loaderHeaders?: Headers; errorHeaders?: Headers }) =>
      new Headers(keepRetryAfter({ actionHeaders: none, loaderHeaders: none, parentHeaders: none, errorHeaders: undefined, ...args }));
    expect(headersOf({ actionHeaders: wait }).get("Retry-After")).toBe("120");
    expect(headersOf({ loaderHeaders: wait }).get("Retry-After")).toBe("120");
    expect(headersOf({ errorHeaders: wait }).get("Retry-After")).toBe("120");
    expect([...headersOf({})]).toEqual([]);
  });
});
