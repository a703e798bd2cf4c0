import { CompactSign, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { readToken, type TokenKeys } from "../../app/server/flow/tokens.server";
import { loadWithEnvironment, restoreEnvironmentAfterEach } from "../support/fresh-modules";
import { obfuscatedToken, signedToken, testLegacyKey, testTokenSecret } from "../support/tokens";

const now = new Date("2025-03-01T12:00:00Z");
const keys: TokenKeys = { signingSecret: testTokenSecret, legacyKey: testLegacyKey };

const payload = {
  responder_uuid: "2b0f5a4e-8a6c-4f3e-9d1b-7c2e4a6b8d10",
  first_name: "Maria",
  last_name: "Lopez",
  email: "maria@example.com",
  phone: "+1 555 0100",
  product_id: ["gel", "progesterone_pill"],
  selected_plan: "6_month",
};

const details = {
  responderUuid: "2b0f5a4e-8a6c-4f3e-9d1b-7c2e4a6b8d10",
  firstName: "Maria",
  lastName: "Lopez",
  email: "maria@example.com",
  phone: "+1 555 0100",
  productIds: ["gel", "progesterone_pill"],
  selectedPlan: "6_month",
};

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A signed token without a jti: named by what was signed, until its exp (ten minutes after `now`). */
const signedUse = (token: string) => ({
  identity: `signed:${token.split(".").slice(0, 2).join(".")}`,
  expiresAt: new Date(now.getTime() + 10 * 60_000),
});

/** Signed five minutes before `now`, so it has ten minutes left. */
const freshToken = (body: Record<string, unknown> = payload, secret = testTokenSecret) =>
  signedToken(body, secret, { issuedAt: new Date(now.getTime() - 5 * 60_000) });

describe("signed tokens", () => {
  it("refuses a signed token that never expires", async () => {
    const forever = await new SignJWT({ responder_uuid: "0b9f8c1e-2d3a-4b5c-8d6e-7f8091a2b3c4", email: "a@example.org" })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(testTokenSecret));
    expect(await readToken(forever, { signingSecret: testTokenSecret })).toEqual({ ok: false, refusal: "malformed" });
  });

  it("reads a token signed with the secret", async () => {
    const token = await freshToken();
    expect(await readToken(token, keys, now)).toEqual({ ok: true, form: "signed", details, use: signedUse(token) });
  });

  it("refuses a token whose expiry has passed", async () => {
    const token = await signedToken(payload, testTokenSecret, {
      issuedAt: new Date(now.getTime() - 60 * 60_000),
      expiresInSeconds: 60,
    });
    expect(await readToken(token, keys, now)).toEqual({ ok: false, refusal: "expired" });
    // The same token was good while it lasted.
    expect((await readToken(token, keys, new Date(now.getTime() - 60 * 60_000 + 30_000))).ok).toBe(true);
  });

  it("expires the default token after 15 minutes", async () => {
    const token = await signedToken(payload, testTokenSecret, { issuedAt: now });
    expect((await readToken(token, keys, new Date(now.getTime() + 14 * 60_000))).ok).toBe(true);
    expect(await readToken(token, keys, new Date(now.getTime() + 16 * 60_000))).toEqual({ ok: false, refusal: "expired" });
  });

  it("refuses a token signed with another secret", async () => {
    const token = await freshToken(payload, "another-secret-of-at-least-thirty-two-characters");
    expect(await readToken(token, keys, now)).toEqual({ ok: false, refusal: "bad-signature" });
  });

  it("refuses a token whose payload was changed after signing", async () => {
    const [header, , signature] = (await freshToken()).split(".");
    const forged = `${header}.${base64url({ ...payload, email: "mallory@example.com" })}.${signature}`;
    expect(await readToken(forged, keys, now)).toEqual({ ok: false, refusal: "bad-signature" });
  });

  it('refuses an unsigned token (alg "none")', async () => {
    const exp = Math.floor(now.getTime() / 1000) + 600;
    const token = `${base64url({ alg: "none", typ: "JWT" })}.${base64url({ ...payload, exp })}.`;
    expect(await readToken(token, keys, now)).toEqual({ ok: false, refusal: "malformed" });
  });

  it("refuses a token signed with another algorithm (HS512)", async () => {
    const token = await signedToken(payload, testTokenSecret, { issuedAt: now, alg: "HS512" });
    expect(await readToken(token, keys, now)).toEqual({ ok: false, refusal: "malformed" });
  });

  it("refuses a token that is not valid yet (nbf)", async () => {
    const nbf = Math.floor(now.getTime() / 1000) + 300;
    expect(await readToken(await freshToken({ ...payload, nbf }), keys, now)).toEqual({ ok: false, refusal: "malformed" });
  });

  it("refuses three parts that are not a JWT", async () => {
    expect(await readToken("abc.def.ghi", keys, now)).toEqual({ ok: false, refusal: "malformed" });
    // Correctly signed, but what was signed is not a JSON object.
    const notJson = await new CompactSign(new TextEncoder().encode("not json"))
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(testTokenSecret));
    expect(await readToken(notJson, keys, now)).toEqual({ ok: false, refusal: "malformed" });
  });

  it("is not configured without a signing secret, even with a legacy key", async () => {
    const token = await freshToken();
    expect(await readToken(token, { legacyKey: testLegacyKey }, now)).toEqual({ ok: false, refusal: "not-configured" });
    expect(await readToken(token, { signingSecret: "" }, now)).toEqual({ ok: false, refusal: "not-configured" });
  });

  it("refuses a well-signed token without an email", async () => {
    const { email: _email, ...withoutEmail } = payload;
    expect(await readToken(await freshToken(withoutEmail), keys, now)).toEqual({ ok: false, refusal: "missing-fields" });
  });
});

describe("what names a token for its one browser", () => {
  const useOf = async (token: string) => {
    const reading = await readToken(token, keys, now);
    if (!reading.ok) throw new Error(`not read: ${reading.refusal}`);
    return reading.use;
  };

  it("a jti names the token, whatever else it says", async () => {
    const first = await freshToken({ ...payload, jti: "link-0001" });
    const again = await signedToken({ ...payload, jti: "link-0001", first_name: "Other" }, testTokenSecret, { issuedAt: now });
    expect(await useOf(first)).toEqual({ identity: "jti:link-0001", expiresAt: new Date(now.getTime() + 10 * 60_000) });
    expect((await useOf(again)).identity).toBe("jti:link-0001");
  });

  it.each([
    ["empty", ""],
    ["not text", 42],
    ["longer than 256 characters", "j".repeat(257)],
  ])("a jti %s is not used: the token is named by what was signed", async (_, jti) => {
    const token = await freshToken({ ...payload, jti });
    expect(await useOf(token)).toEqual(signedUse(token));
  });

  it("a signature re-spelled in base64url's spare bits is read as the same token", async () => {
    const token = await freshToken();
    const [header, body, signature] = token.split(".");
    // 32 bytes take 43 characters: the last one's two low bits are spare.
    const last = signature!.at(-1)!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const respelled = `${header}.${body}.${signature!.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`;
    expect(respelled).not.toBe(token);
    // The check of what this test proves: jose reads the other spelling as a good signature.
    expect(await useOf(respelled)).toEqual(await useOf(token));
  });

  it("two tokens without a jti are two tokens", async () => {
    const one = await freshToken();
    const other = await freshToken({ ...payload, phone: "+1 555 0101" });
    expect((await useOf(one)).identity).not.toBe((await useOf(other)).identity);
  });
});

describe("legacy obfuscated tokens", () => {
  it("reads one when the legacy key is set", async () => {
    const token = obfuscatedToken(payload, testLegacyKey);
    expect(await readToken(token, keys, now)).toEqual({
      ok: true,
      form: "legacy",
      details,
      // Never expires; named by its bytes.
      use: { identity: `legacy:${Buffer.from(token, "base64").toString("base64url")}`, expiresAt: null },
    });
    // Without a signing secret too: the two keys are independent.
    expect((await readToken(obfuscatedToken(payload, testLegacyKey), { legacyKey: testLegacyKey }, now)).ok).toBe(true);
  });

  it("accepts the url-safe alphabet with or without padding", async () => {
    // These two names make tokens with "+" (and padding) and with "/" in them.
    for (const firstName of ["Zoë-Marie", "Renée"]) {
      const standard = obfuscatedToken({ ...payload, first_name: firstName }, testLegacyKey);
      expect(standard).toMatch(/[+/]/); // otherwise this test would prove nothing
      const urlSafe = standard.replace(/\+/g, "-").replace(/\//g, "_");
      const use = { identity: `legacy:${Buffer.from(standard, "base64").toString("base64url")}`, expiresAt: null };
      for (const token of [urlSafe, urlSafe.replace(/=+$/, ""), standard.replace(/=+$/, "")]) {
        // Every spelling is the same token: one use for all of them.
        expect(await readToken(token, keys, now)).toEqual({ ok: true, form: "legacy", details: { ...details, firstName }, use });
      }
    }
  });

  it("is not configured without the legacy key", async () => {
    const token = obfuscatedToken(payload, testLegacyKey);
    expect(await readToken(token, { signingSecret: testTokenSecret }, now)).toEqual({ ok: false, refusal: "not-configured" });
    expect(await readToken(token, { signingSecret: testTokenSecret, legacyKey: "" }, now)).toEqual({
      ok: false,
      refusal: "not-configured",
    });
  });

  it.each([
    ["text that is not base64", "not base64!"],
    ["base64 that is not JSON", Buffer.from("hello there").toString("base64")],
    ["an impossible base64 length", "QUJDR"],
    ["JSON that is not an object", obfuscatedToken(["gel"] as unknown as Record<string, unknown>, testLegacyKey)],
  ])("refuses %s as malformed", async (_, token) => {
    expect(await readToken(token, keys, now)).toEqual({ ok: false, refusal: "malformed" });
  });

  it("refuses a token obfuscated with another key", async () => {
    expect(await readToken(obfuscatedToken(payload, "another-key"), keys, now)).toEqual({ ok: false, refusal: "malformed" });
  });

  it("refuses good JSON without an email, or without a responder uuid", async () => {
    const { email: _email, ...withoutEmail } = payload;
    const { responder_uuid: _uuid, ...withoutUuid } = payload;
    for (const body of [withoutEmail, withoutUuid]) {
      expect(await readToken(obfuscatedToken(body, testLegacyKey), keys, now)).toEqual({ ok: false, refusal: "missing-fields" });
    }
  });
});

describe("any token", () => {
  it.each([
    ["empty", ""],
    ["two parts", "abc.def"],
    ["four parts", "a.b.c.d"],
    ["a signed token with a fourth part", "SIGNED.extra"],
  ])("refuses %s as malformed", async (_, given) => {
    const token = given.replace("SIGNED", await freshToken());
    expect(await readToken(token, keys, now)).toEqual({ ok: false, refusal: "malformed" });
  });

  it("refuses a token longer than 4096 characters before reading it", async () => {
    const padding = "x".repeat(4000);
    const long = await freshToken({ ...payload, padding });
    expect(long.length).toBeGreaterThan(4096);
    expect(await readToken(long, keys, now)).toEqual({ ok: false, refusal: "malformed" });
    const legacy = obfuscatedToken({ ...payload, padding }, testLegacyKey);
    expect(await readToken(legacy, keys, now)).toEqual({ ok: false, refusal: "malformed" });
    // Just under the limit, the same kind of token is read.
    const fits = await freshToken({ ...payload, padding: "x".repeat(2500) });
    expect(fits.length).toBeLessThanOrEqual(4096);
    expect((await readToken(fits, keys, now)).ok).toBe(true);
  });
});

describe("configured keys", () => {
  restoreEnvironmentAfterEach();
  // config() keeps what it read first: the module is loaded afresh with the keys set.
  const tokensModule = () => import("../../app/server/flow/tokens.server");

  it("come from TOKEN_SECRET and LEGACY_TOKEN_KEY", async () => {
    const { configuredTokenKeys } = await loadWithEnvironment(
      { TOKEN_SECRET: testTokenSecret, LEGACY_TOKEN_KEY: testLegacyKey },
      tokensModule,
    );
    expect(configuredTokenKeys()).toEqual({ signingSecret: testTokenSecret, legacyKey: testLegacyKey });
  });

  it("are absent when neither is set", async () => {
    const { configuredTokenKeys } = await loadWithEnvironment({ TOKEN_SECRET: "", LEGACY_TOKEN_KEY: "" }, tokensModule);
    expect(configuredTokenKeys()).toEqual({ signingSecret: undefined, legacyKey: undefined });
  });
});
