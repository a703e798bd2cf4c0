// A public deployment on the sandbox gateway takes test cards as paid orders: config refuses
// it at start unless SANDBOX_PAYMENTS=true says it is meant, and the refusal names both ways
// out. Local servers (and `npm start` on a fresh clone, which sets no PUBLIC_URL) start as before.
import { describe, expect, it } from "vitest";
import { ConfigurationError, isLocalAddress, parseSettings } from "../../app/server/config.server";

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseSettings(env);
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems;
    throw error;
  }
  return [];
}

const stripeKeys = { STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_PUBLISHABLE_KEY: "pk_live_abc" };

describe("sandbox payments at start", () => {
  it.each(["https://shop.example.com", "http://203.0.113.7:3000", "https://localhost.example.com", "http://10.0.0.5"])(
    "refuses the sandbox with PUBLIC_URL %s, naming Stripe's keys and SANDBOX_PAYMENTS=true",
    (publicUrl) => {
      for (const NODE_ENV of ["production", "development"]) {
        const problems = problemsOf({ NODE_ENV, PUBLIC_URL: publicUrl });
        expect(problems).toHaveLength(1);
        expect(problems[0]).toMatch(/^SANDBOX_PAYMENTS: /);
        expect(problems[0]).toContain(`PUBLIC_URL ${publicUrl} is a public address`);
        expect(problems[0]).toContain("STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY");
        expect(problems[0]).toContain("SANDBOX_PAYMENTS=true");
      }
      // The message reaches the start log as the error's text.
      expect(() => parseSettings({ PUBLIC_URL: publicUrl })).toThrow(/SANDBOX_PAYMENTS=true/);
    },
  );

  it("starts a public server on the sandbox when SANDBOX_PAYMENTS=true says it is meant", () => {
    const settings = parseSettings({ NODE_ENV: "production", PUBLIC_URL: "https://shop.example.com", SANDBOX_PAYMENTS: "true" });
    expect(settings.SANDBOX_PAYMENTS).toBe("true");
    expect(settings.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it("starts a public server with Stripe's keys, SANDBOX_PAYMENTS unset or false", () => {
    expect(problemsOf({ NODE_ENV: "production", PUBLIC_URL: "https://shop.example.com", ...stripeKeys })).toEqual([]);
    expect(
      problemsOf({ NODE_ENV: "production", PUBLIC_URL: "https://shop.example.com", SANDBOX_PAYMENTS: "false", ...stripeKeys }),
    ).toEqual([]);
  });

  it.each([
    "http://localhost:3000",
    "https://localhost",
    "http://LOCALHOST.:3000/",
    "http://shop.localhost:8080",
    "http://127.0.0.1:3000",
    "http://127.1.2.3",
    "http://[::1]:3000",
  ])("starts a local server (PUBLIC_URL %s) on the sandbox with nothing more", (publicUrl) => {
    expect(problemsOf({ NODE_ENV: "production", PUBLIC_URL: publicUrl })).toEqual([]);
  });

  it("starts `npm start` on a fresh clone (NODE_ENV=production, no PUBLIC_URL) on the sandbox", () => {
    expect(problemsOf({ NODE_ENV: "production" })).toEqual([]);
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ NODE_ENV: "production", PUBLIC_URL: "" })).toEqual([]);
  });

  it("refuses a choice that contradicts the keys", () => {
    expect(problemsOf({ SANDBOX_PAYMENTS: "true", ...stripeKeys })).toEqual([
      "SANDBOX_PAYMENTS: SANDBOX_PAYMENTS=true asks for the sandbox gateway, but STRIPE_SECRET_KEY is set: keep one or the other",
    ]);
    expect(problemsOf({ SANDBOX_PAYMENTS: "false" })).toEqual([
      "SANDBOX_PAYMENTS: SANDBOX_PAYMENTS=false asks for real payments: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY",
    ]);
    expect(problemsOf({ SANDBOX_PAYMENTS: "yes" })[0]).toMatch(/^SANDBOX_PAYMENTS: /);
  });

  it("reads only localhost, 127.x and ::1 as this machine", () => {
    expect(isLocalAddress(undefined)).toBe(true);
    expect(isLocalAddress("http://127.0.0.1")).toBe(true);
    expect(isLocalAddress("http://[::1]")).toBe(true);
    expect(isLocalAddress("http://128.0.0.1")).toBe(false);
    expect(isLocalAddress("http://127.0.0.1.example.com")).toBe(false);
    expect(isLocalAddress("http://[::2]")).toBe(false);
    expect(isLocalAddress("http://0.0.0.0")).toBe(false);
  });
});
