import { testTokenSecret } from "../../support/tokens";

// Where the end-to-end servers listen: the app under test and the intake stand-in.
// Fixed ports (override by env) so the config and the tests agree without discovery.
export const appPort = Number(process.env.E2E_APP_PORT ?? 3100);
export const intakePort = Number(process.env.E2E_INTAKE_PORT ?? 3199);

export const appOrigin = `http://127.0.0.1:${appPort}`;
export const intakeOrigin = `http://127.0.0.1:${intakePort}`;

/** The INTAKE_URL the app is started with; {responderUuid} is filled in by the app. */
export const intakeTemplate = `${intakeOrigin}/intake/{responderUuid}`;

/** The provider's API, played by the same stand-in, and the bearer token the app sends it. */
export const providerBaseUrl = `${intakeOrigin}/provider`;
export const providerToken = "e2e-provider-token";

/** The settings the app under test runs with, on a port and data folder of its own. */
export function appEnvironment(port: number, dataDir: string): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    // The embedded database whatever the developer's shell says; the provider is the
    // stand-in, so a test can see what the provider received.
    DATABASE_URL: "",
    PROVIDER_BASE_URL: providerBaseUrl,
    PROVIDER_TOKEN: providerToken,
    COOKIE_SECURE: "false",
    INTAKE_URL: intakeTemplate,
    OUTBOX_POLL_MS: "200",
    // Tests sign their tokens with this secret (test/support/tokens.ts).
    TOKEN_SECRET: testTokenSecret,
  };
}
