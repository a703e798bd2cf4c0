import { describe, expect, it } from "vitest";
import { ConfigurationError, developmentSessionSecret, parseSettings } from "../../app/server/config.server";

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
      new Set([
        "PORT",
        "DATABASE_URL",
        "PROVIDER_BASE_URL",
        "VISIBLE_PLANS",
        "REDIRECT_DELAY_MS",
        "INTAKE_URL",
        "PROVIDER_SALES_PATH",
      ]),
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
