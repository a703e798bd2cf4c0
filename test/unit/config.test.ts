import { describe, expect, it } from "vitest";
import { ConfigurationError, developmentSessionSecret, isLocalAddress, parseSettings } from "../../app/server/config.server";

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseSettings(env);
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems;
    throw error;
  }
  return [];
}

describe("configuration", () => {
  it("has a working default for every setting", () => {
    const settings = parseSettings({});
    expect(settings).toMatchObject({
      PORT: 3000,
      DATA_DIR: ".data",
      INTAKE_URL: "/checkout/{responderUuid}",
      VISIBLE_PLANS: ["monthly", "quarterly"],
      REDIRECT_DELAY_MS: 3000,
    });
    // Unset database and provider mean the embedded PGlite and the embedded provider.
    expect(settings.DATABASE_URL).toBeUndefined();
    expect(settings.PROVIDER_BASE_URL).toBeUndefined();
  });

  it("caps the doctor emails a day at 200 unless told otherwise; 0 sends none; a count it cannot read stops the server", () => {
    expect(parseSettings({}).DOCTOR_EMAILS_PER_DAY).toBe(200);
    expect(parseSettings({ DOCTOR_EMAILS_PER_DAY: "0" }).DOCTOR_EMAILS_PER_DAY).toBe(0);
    for (const wrong of ["-1", "1.5", "lots"]) expect(problemsOf({ DOCTOR_EMAILS_PER_DAY: wrong })[0]).toMatch(/^DOCTOR_EMAILS_PER_DAY: /);
  });

  it("keeps 4 connections to PostgreSQL unless told otherwise; a count under 1, over 100 or not whole stops the server", () => {
    expect(parseSettings({}).DATABASE_CONNECTIONS).toBe(4);
    expect(parseSettings({ DATABASE_CONNECTIONS: "12" }).DATABASE_CONNECTIONS).toBe(12);
    for (const wrong of ["0", "101", "2.5", "many"])
      expect(problemsOf({ DATABASE_CONNECTIONS: wrong })[0]).toMatch(/^DATABASE_CONNECTIONS: /);
  });

  it("starts the subscription agreement unticked unless AGREEMENT_STARTS_TICKED=true; another value stops the server", () => {
    expect(parseSettings({}).AGREEMENT_STARTS_TICKED).toBe(false);
    expect(parseSettings({ AGREEMENT_STARTS_TICKED: "" }).AGREEMENT_STARTS_TICKED).toBe(false);
    expect(parseSettings({ AGREEMENT_STARTS_TICKED: "false" }).AGREEMENT_STARTS_TICKED).toBe(false);
    expect(parseSettings({ AGREEMENT_STARTS_TICKED: "true" }).AGREEMENT_STARTS_TICKED).toBe(true);
    expect(problemsOf({ AGREEMENT_STARTS_TICKED: "yes" })[0]).toMatch(/^AGREEMENT_STARTS_TICKED: /);
  });

  it("starts in production with no settings at all (the secret is generated then)", () => {
    expect(parseSettings({ NODE_ENV: "production" }).SESSION_SECRET).toBeUndefined();
  });

  it("refuses the development secret and short secrets in production", () => {
    expect(problemsOf({ NODE_ENV: "production", SESSION_SECRET: developmentSessionSecret })).toEqual([
      "SESSION_SECRET: the development secret is refused when NODE_ENV=production",
    ]);
    expect(problemsOf({ NODE_ENV: "production", SESSION_SECRET: "short" })).toEqual([
      "SESSION_SECRET: must be at least 32 characters when NODE_ENV=production",
    ]);
    expect(problemsOf({ NODE_ENV: "development", SESSION_SECRET: developmentSessionSecret })).toEqual([]);
  });

  it("lists every wrong setting at once, by name", () => {
    const problems = problemsOf({
      PORT: "seventy",
      DATABASE_URL: "mysql://nope",
      PROVIDER_BASE_URL: "not a url",
      VISIBLE_PLANS: "monthly,weekly",
      REDIRECT_DELAY_MS: "-1",
      INTAKE_URL: "javascript:alert(1)",
      PROVIDER_SALES_PATH: "no-slash",
    });
    const names = problems.map((p) => p.split(/[.:]/)[0]);
    expect(new Set(names)).toEqual(
      new Set(["PORT", "DATABASE_URL", "PROVIDER_BASE_URL", "VISIBLE_PLANS", "REDIRECT_DELAY_MS", "INTAKE_URL", "PROVIDER_SALES_PATH"]),
    );
  });

  it("reads visible plans as a list and refuses an empty one", () => {
    expect(parseSettings({ VISIBLE_PLANS: " yearly , 6_month" }).VISIBLE_PLANS).toEqual(["yearly", "6_month"]);
    expect(problemsOf({ VISIBLE_PLANS: "," })).toEqual(["VISIBLE_PLANS: must name at least one plan"]);
  });

  it("treats a blank optional setting as unset", () => {
    expect(parseSettings({ DATABASE_URL: "", PROVIDER_BASE_URL: " " })).toMatchObject({
      DATABASE_URL: undefined,
      PROVIDER_BASE_URL: undefined,
    });
  });
});

// A public deployment on the sandbox gateway takes test cards as paid orders: config refuses
// it at start unless SANDBOX_PAYMENTS=true says it is meant, and the refusal names both ways
// out. Local servers (and `npm start` on a fresh clone, which sets no PUBLIC_URL) start as before.
const stripeKeys = { STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_PUBLISHABLE_KEY: "pk_live_abc" };
/** A public server's mail server (its emails must be sent: see "her emails at start" below). */
const mailServer = { SMTP_URL: "smtps://mailer:secret@smtp.example.com:465" };

describe("sandbox payments at start", () => {
  it.each(["https://shop.example.com", "http://203.0.113.7:3000", "https://localhost.example.com", "http://10.0.0.5"])(
    "refuses the sandbox with PUBLIC_URL %s, naming Stripe's keys and SANDBOX_PAYMENTS=true",
    (publicUrl) => {
      for (const NODE_ENV of ["production", "development"]) {
        const problems = problemsOf({ NODE_ENV, PUBLIC_URL: publicUrl, ...mailServer });
        expect(problems).toHaveLength(1);
        expect(problems[0]).toMatch(/^SANDBOX_PAYMENTS: /);
        expect(problems[0]).toContain(`PUBLIC_URL ${publicUrl} is a public address`);
        expect(problems[0]).toContain("STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY");
        expect(problems[0]).toContain("SANDBOX_PAYMENTS=true");
      }
      // The message reaches the start log as the error's text.
      expect(() => parseSettings({ PUBLIC_URL: publicUrl, ...mailServer })).toThrow(/SANDBOX_PAYMENTS=true/);
    },
  );

  it("starts a public server on the sandbox when SANDBOX_PAYMENTS=true says it is meant", () => {
    const settings = parseSettings({
      NODE_ENV: "production",
      PUBLIC_URL: "https://shop.example.com",
      SANDBOX_PAYMENTS: "true",
      ...mailServer,
    });
    expect(settings.SANDBOX_PAYMENTS).toBe("true");
    expect(settings.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it("starts a public server with Stripe's keys, SANDBOX_PAYMENTS unset or false", () => {
    expect(problemsOf({ NODE_ENV: "production", PUBLIC_URL: "https://shop.example.com", ...stripeKeys, ...mailServer })).toEqual([]);
    expect(
      problemsOf({
        NODE_ENV: "production",
        PUBLIC_URL: "https://shop.example.com",
        SANDBOX_PAYMENTS: "false",
        ...stripeKeys,
        ...mailServer,
      }),
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

// Without SMTP_URL her emails are kept and listed in the console instead of being sent, each
// with her private link. A public server must send them: config refuses it at start, naming
// SMTP_URL. A local server (the quick start, QA following her story) keeps them as before.
describe("her emails at start", () => {
  const meant = { SANDBOX_PAYMENTS: "true" };

  it.each(["https://shop.example.com", "http://203.0.113.7:3000", "https://localhost.example.com", "http://10.0.0.5"])(
    "refuses PUBLIC_URL %s without SMTP_URL, saying why and what to set",
    (publicUrl) => {
      for (const NODE_ENV of ["production", "development"]) {
        for (const payments of [meant, stripeKeys]) {
          const problems = problemsOf({ NODE_ENV, PUBLIC_URL: publicUrl, ...payments });
          expect(problems).toHaveLength(1);
          expect(problems[0]).toMatch(/^SMTP_URL: /);
          expect(problems[0]).toContain(`PUBLIC_URL ${publicUrl} is a public address, but SMTP_URL is not set`);
          expect(problems[0]).toContain("no one would receive her private link");
        }
      }
      expect(() => parseSettings({ PUBLIC_URL: publicUrl, ...meant, SMTP_URL: " " })).toThrow(/Set SMTP_URL to your mail server/);
      expect(problemsOf({ PUBLIC_URL: publicUrl, ...meant, ...mailServer })).toEqual([]);
    },
  );

  it("names both problems of a public server on the sandbox without a mail server", () => {
    expect(problemsOf({ PUBLIC_URL: "https://shop.example.com" }).map((problem) => problem.split(":")[0])).toEqual([
      "SANDBOX_PAYMENTS",
      "SMTP_URL",
    ]);
  });

  it.each([undefined, "", "http://localhost:3000", "http://127.0.0.1:3100", "http://[::1]:3000"])(
    "keeps her emails in the console on a local server (PUBLIC_URL %s) with no mail server",
    (publicUrl) => {
      const env: Record<string, string> = { NODE_ENV: "production", ...(publicUrl === undefined ? {} : { PUBLIC_URL: publicUrl }) };
      expect(problemsOf(env)).toEqual([]);
      expect(parseSettings(env).SMTP_URL).toBeUndefined();
    },
  );
});
