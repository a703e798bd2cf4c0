// Promo codes from the embedded provider (our promo_codes table) and the HTTP provider (MSW
// stand-in), and the rate limits kept in the database.
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "../../app/server/log.server";
import { promoOutcome } from "../../app/funnel/promo";
import { database, type Database } from "../../app/server/db/client.server";
import { clientAddressHeader } from "../../app/server/http/client-address.server";
import { promoCodes, rateLimitCounters } from "../../app/server/db/schema.server";
import { redeemPromoCode } from "../../app/server/db/stores/promo-codes.server";
import { checkEmbeddedPromoCode } from "../../app/server/provider/embedded-promo.server";
import { embeddedProvider } from "../../app/server/provider/embedded.server";
import { checkHttpPromoCode, httpProvider } from "../../app/server/provider/http.server";
import {
  deleteOldRateLimitCounters,
  hitRateLimit,
  peekRateLimit,
  rateLimitKeys,
  rateLimits,
} from "../../app/server/http/rate-limits.server";
import { checkDiscountPath, providerBaseUrl, providerPaths, useProviderStandIn } from "../mocks/provider";
import { resetDatabase } from "../support/route-harness";

const standIn = useProviderStandIn();
const settings = { baseUrl: providerBaseUrl, token: "secret-token", checkDiscountPath };

let warnings: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  await resetDatabase();
  await (await database()).execute(sql`truncate table rate_limit_counters`);
  warnings = vi.spyOn(log, "warn").mockImplementation(() => {});
});
afterEach(() => {
  standIn.releaseHeld();
  warnings.mockRestore();
});

const at = (iso: string) => new Date(iso);
const quarterlyGel = 39900;

describe("embedded promo codes", () => {
  async function check(code: string, price = quarterlyGel, now?: Date) {
    return checkEmbeddedPromoCode(await database(), code, price, now);
  }

  it.each([
    ["WELCOME20", 7980],
    ["SAVE50", 5000],
    ["HRT100", 10000],
    ["FIRST100", 10000],
  ])("%s takes %i cents off a plan of 399 dollars, with no message of its own", async (code, discount) => {
    expect(await check(code)).toEqual({
      outcome: "answered",
      result: { valid: true, adjusted_price: quarterlyGel - discount, discount_amount: discount },
    });
  });

  it("matches codes without regard to case or surrounding spaces", async () => {
    expect(await check(" welcome20 ")).toEqual(await check("WELCOME20"));
    expect(await check("Save50")).toMatchObject({ result: { valid: true, discount_amount: 5000 } });
  });

  it("never takes off more than the price", async () => {
    expect(await check("HRT100", 6000)).toEqual({
      outcome: "answered",
      result: { valid: true, adjusted_price: 0, discount_amount: 6000 },
    });
  });

  it("refuses an unknown code", async () => {
    expect(await check("NOSUCHCODE")).toEqual({
      outcome: "answered",
      result: { valid: false, adjusted_price: quarterlyGel, discount_amount: 0, message: "This promo code is not valid." },
    });
  });

  it("refuses SPRING2025 outside its window, and takes 15% within it", async () => {
    expect(await check("SPRING2025", quarterlyGel, at("2025-06-01T00:00:00Z"))).toMatchObject({
      result: { valid: false, discount_amount: 0, message: "This promo code has expired." },
    });
    expect(await check("spring2025")).toMatchObject({ result: { valid: false, message: "This promo code has expired." } });
    expect(await check("SPRING2025", quarterlyGel, at("2025-02-28T23:59:59Z"))).toMatchObject({
      result: { valid: false, message: "This promo code is not valid." },
    });
    expect(await check("SPRING2025", quarterlyGel, at("2025-04-15T12:00:00Z"))).toEqual({
      outcome: "answered",
      result: { valid: true, adjusted_price: 33915, discount_amount: 5985 },
    });
  });

  describe("with redemptions changed", () => {
    let saved: { code: string; redemptions: number; active: boolean }[] = [];
    beforeEach(async () => {
      saved = await (
        await database()
      )
        .select({ code: promoCodes.code, redemptions: promoCodes.redemptions, active: promoCodes.active })
        .from(promoCodes);
    });
    afterEach(async () => {
      const db = await database();
      for (const { code, redemptions, active } of saved) {
        await db.update(promoCodes).set({ redemptions, active }).where(eq(promoCodes.code, code));
      }
    });

    it("refuses FIRST100 once it has been redeemed its 100 times", async () => {
      const db = await database();
      await db.update(promoCodes).set({ redemptions: 99 }).where(eq(promoCodes.code, "FIRST100"));
      expect(await check("FIRST100")).toMatchObject({ result: { valid: true } });
      await redeemPromoCode(db, "first100");
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, "FIRST100"));
      expect(row!.redemptions).toBe(100);
      expect(await check("FIRST100")).toEqual({
        outcome: "answered",
        result: {
          valid: false,
          adjusted_price: quarterlyGel,
          discount_amount: 0,
          message: "This promo code has reached its limit.",
        },
      });
    });

    it("counts a redemption in the caller's transaction", async () => {
      const db = await database();
      await db
        .transaction(async (tx) => {
          await redeemPromoCode(tx, "SAVE50");
          tx.rollback();
        })
        .catch(() => undefined);
      await db.transaction((tx) => redeemPromoCode(tx, "SAVE50"));
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, "SAVE50"));
      expect(row!.redemptions).toBe(saved.find((s) => s.code === "SAVE50")!.redemptions + 1);
    });

    it("refuses an inactive code", async () => {
      await (await database()).update(promoCodes).set({ active: false }).where(eq(promoCodes.code, "SAVE50"));
      expect(await check("SAVE50")).toMatchObject({ result: { valid: false, message: "This promo code is not valid." } });
    });
  });

  it("answers unreachable when the database fails, and does not throw", async () => {
    const broken = {
      select: () => {
        throw new Error("connection lost for WELCOME20");
      },
    } as unknown as Database;
    expect(await checkEmbeddedPromoCode(broken, "WELCOME20", quarterlyGel)).toEqual({ outcome: "unreachable" });
    expect(JSON.stringify(warnings.mock.calls[0])).not.toContain("WELCOME20");
  });

  it("is what the embedded provider answers, and makes the spec's message", async () => {
    const check = await embeddedProvider(await database()).checkPromoCode("save50", quarterlyGel, "uuid");
    expect(promoOutcome("save50", check, quarterlyGel)).toEqual({
      applied: true,
      discountCents: 5000,
      adjustedCents: 34900,
      message: "Promo code applied! You saved $50.00",
    });
  });
});

describe("HTTP promo check", () => {
  it("asks GET {path}/{code}/{price} with the bearer, and reads a valid answer", async () => {
    standIn.promo = { json: { valid: true, adjusted_price: 34900, discount_amount: 5000, message: "Enjoy!" } };
    expect(await checkHttpPromoCode(settings, "SAVE50", quarterlyGel)).toEqual({
      outcome: "answered",
      result: { valid: true, adjusted_price: 34900, discount_amount: 5000, message: "Enjoy!" },
    });
    expect(standIn.gets).toEqual([{ path: `${checkDiscountPath}/SAVE50/39900`, authorization: "Bearer secret-token" }]);
  });

  it("escapes the code in the path", async () => {
    standIn.promo = { json: { valid: false } };
    await checkHttpPromoCode(settings, "A/B C", 100);
    expect(standIn.gets[0]!.path).toBe(`${checkDiscountPath}/A%2FB%20C/100`);
  });

  it("reads an invalid answer, amounts left out or not", async () => {
    standIn.promo = { json: { valid: false, adjusted_price: 39900, discount_amount: 0, message: "Nope" } };
    expect(await checkHttpPromoCode(settings, "X", quarterlyGel)).toEqual({
      outcome: "answered",
      result: { valid: false, adjusted_price: 39900, discount_amount: 0, message: "Nope" },
    });
    standIn.promo = { json: { valid: false } };
    expect(await checkHttpPromoCode(settings, "X", quarterlyGel)).toEqual({
      outcome: "answered",
      result: { valid: false, adjusted_price: 39900, discount_amount: 0 },
    });
  });

  it("reads amounts given as strings, and rounds them to cents", async () => {
    standIn.promo = { json: { valid: true, adjusted_price: "34900", discount_amount: 5000.4 } };
    expect(await checkHttpPromoCode(settings, "X", quarterlyGel)).toEqual({
      outcome: "answered",
      result: { valid: true, adjusted_price: 34900, discount_amount: 5000 },
    });
  });

  it("answers http-error with the status on 500 and 404", async () => {
    standIn.promo = { status: 500, json: { message: "down" } };
    const onFailure = await checkHttpPromoCode(settings, "HRT100", 19900);
    expect(onFailure).toEqual({ outcome: "http-error", status: 500 });
    expect(promoOutcome("hrt100", onFailure, 19900)).toMatchObject({ applied: true, adjustedCents: 9900 });
    standIn.promo = { status: 404, json: { message: "no such code" } };
    expect(await checkHttpPromoCode(settings, "SAVE50", quarterlyGel)).toEqual({ outcome: "http-error", status: 404 });
  });

  it.each([
    ["malformed JSON", { text: '{"valid": tr' }],
    ["no valid flag", { json: { adjusted_price: 100, discount_amount: 0 } }],
    ["a list", { json: [true] }],
    ["a negative discount", { json: { valid: true, adjusted_price: 40000, discount_amount: -100 } }],
    ["no amounts on a valid answer", { json: { valid: true } }],
    ["a discount that is not a number", { json: { valid: true, adjusted_price: 1, discount_amount: "lots" } }],
  ])("answers http-error 502 on %s", async (_, planned) => {
    standIn.promo = planned;
    expect(await checkHttpPromoCode(settings, "SAVE50", quarterlyGel)).toEqual({ outcome: "http-error", status: 502 });
  });

  it("answers unreachable on a network error, never logging the code", async () => {
    standIn.mode = "refusing";
    expect(await checkHttpPromoCode(settings, "SECRETCODE", quarterlyGel)).toEqual({ outcome: "unreachable" });
    expect(warnings).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(warnings.mock.calls[0])).not.toContain("SECRETCODE");
  });

  it("gives up after 5 seconds", { timeout: 8_000 }, async () => {
    standIn.promo = { json: { valid: true, adjusted_price: 1, discount_amount: 1 }, delayMs: 7_000 };
    const started = Date.now();
    expect(await checkHttpPromoCode(settings, "SAVE50", quarterlyGel)).toEqual({ outcome: "unreachable" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
  });

  it("is what the HTTP provider answers", async () => {
    standIn.promo = { json: { valid: true, adjusted_price: 34900, discount_amount: 5000 } };
    const provider = httpProvider({ baseUrl: providerBaseUrl, token: "secret-token", ...providerPaths });
    expect(await provider.checkPromoCode("SAVE50", quarterlyGel, "uuid")).toMatchObject({ outcome: "answered" });
  });
});

describe("rate limits", () => {
  const limit = rateLimits.promoCheck;
  const start = at("2030-01-01T00:00:00Z");
  const later = (ms: number) => new Date(start.getTime() + ms);

  it("allows 10 promo checks in 10 minutes and refuses the 11th until the window ends", async () => {
    for (let hit = 1; hit <= 10; hit++) {
      expect(await hitRateLimit(limit, "visitor:a", later(hit * 1000))).toEqual({ allowed: true, retryAfterSeconds: 0 });
    }
    const refused = await hitRateLimit(limit, "visitor:a", later(60_000));
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(9 * 60);
    expect((await hitRateLimit(limit, "visitor:a", later(10 * 60_000 - 1))).retryAfterSeconds).toBe(1);
  });

  it("rolls over to a new window", async () => {
    for (let hit = 0; hit < 11; hit++) await hitRateLimit(limit, "visitor:a", later(hit));
    expect((await hitRateLimit(limit, "visitor:a", later(5 * 60_000))).allowed).toBe(false);
    expect(await hitRateLimit(limit, "visitor:a", later(10 * 60_000))).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it("counts each key and each limit on its own", async () => {
    for (let hit = 0; hit < 11; hit++) await hitRateLimit(limit, "visitor:a", start);
    expect((await hitRateLimit(limit, "visitor:a", start)).allowed).toBe(false);
    expect((await hitRateLimit(limit, "visitor:b", start)).allowed).toBe(true);
    expect((await hitRateLimit(rateLimits.paymentFailure, "visitor:a", start)).allowed).toBe(true);
  });

  it("counts hits that arrive together exactly", async () => {
    const answers = await Promise.all(Array.from({ length: 15 }, () => hitRateLimit(limit, "visitor:c", start)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(10);
    const [row] = await (await database()).select().from(rateLimitCounters).where(eq(rateLimitCounters.key, "visitor:c"));
    expect(row!.hits).toBe(15);
  });

  it("peeks without counting", async () => {
    const failures = rateLimits.paymentFailure;
    expect(await peekRateLimit(failures, "visitor:d", start)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    for (let failure = 0; failure < 4; failure++) await hitRateLimit(failures, "visitor:d", start);
    for (let peek = 0; peek < 5; peek++) expect((await peekRateLimit(failures, "visitor:d", start)).allowed).toBe(true);
    await hitRateLimit(failures, "visitor:d", start);
    expect(await peekRateLimit(failures, "visitor:d", later(15 * 60_000))).toEqual({
      allowed: false,
      retryAfterSeconds: 45 * 60,
    });
    const [row] = await (await database()).select().from(rateLimitCounters).where(eq(rateLimitCounters.key, "visitor:d"));
    expect(row!.hits).toBe(5);
    expect((await peekRateLimit(failures, "visitor:d", later(60 * 60_000))).allowed).toBe(true);
  });

  it("deletes counters older than the longest window", async () => {
    await hitRateLimit(limit, "visitor:old", start);
    await hitRateLimit(rateLimits.paymentFailure, "visitor:ended", later(30 * 60_000));
    // The hour from 01:00 still counts at 01:59; the windows that began at 00:00 have ended.
    await hitRateLimit(rateLimits.paymentFailure, "visitor:recent", later(60 * 60_000));
    await deleteOldRateLimitCounters(later(119 * 60_000));
    const rows = await (await database()).select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    expect(rows.map((r) => r.key)).toEqual(["visitor:recent"]);
  });

  describe("keys", () => {
    const request = (headers: Record<string, string>) => new Request("http://localhost/final-checkout", { headers });

    it("hashes the visitor, and leaves the address out when the server gave none", () => {
      const keys = rateLimitKeys(request({ "X-Forwarded-For": "203.0.113.7" }), "visitor-session-id");
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(/^visitor:[A-Za-z0-9_-]{43}$/);
      expect(keys[0]).not.toContain("visitor-session-id");
      expect(rateLimitKeys(request({}), "visitor-session-id")).toEqual(keys);
      expect(rateLimitKeys(request({}), "someone-else")).not.toEqual(keys);
    });

    it("adds the hashed address our server saw the request come from", () => {
      const [visitor, address] = rateLimitKeys(request({ [clientAddressHeader]: "203.0.113.7" }), "v");
      expect(visitor).toMatch(/^visitor:/);
      expect(address).toMatch(/^address:[A-Za-z0-9_-]{43}$/);
      expect(address).not.toContain("203.0.113.7");
      expect(rateLimitKeys(request({ [clientAddressHeader]: "198.51.100.2" }), "v")[1]).not.toBe(address);
      expect(rateLimitKeys(request({}), "v")).toHaveLength(1);
    });
  });
});
