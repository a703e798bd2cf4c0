import { testTokenSecret } from "../../support/tokens";

// Where the end-to-end servers listen: the app under test (with the sandbox gateway), the
// same app in Stripe mode, with a maps key, and for the journeys that move the sandbox clock,
// and the intake stand-in (which also plays Stripe).
// Fixed ports (override by env) so the config and the tests agree without discovery.
export const appPort = Number(process.env.E2E_APP_PORT ?? 3100);
export const stripeAppPort = Number(process.env.E2E_STRIPE_APP_PORT ?? 3101);
export const mapsAppPort = Number(process.env.E2E_MAPS_APP_PORT ?? 3102);
/** The app whose sandbox clock the clock project's journeys move (no other test uses it). */
export const clockAppPort = Number(process.env.E2E_CLOCK_APP_PORT ?? 3103);
export const intakePort = Number(process.env.E2E_INTAKE_PORT ?? 3199);

/** The mail stand-in: SMTP for the apps, HTTP for the tests (mailbox-stand-in.mjs). */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3198);
export const mailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? 3197);
export const mailboxOrigin = `http://127.0.0.1:${mailboxPort}`;

export const appOrigin = `http://127.0.0.1:${appPort}`;
export const stripeAppOrigin = `http://127.0.0.1:${stripeAppPort}`;
export const mapsAppOrigin = `http://127.0.0.1:${mapsAppPort}`;
export const clockAppOrigin = `http://127.0.0.1:${clockAppPort}`;
export const intakeOrigin = `http://127.0.0.1:${intakePort}`;

/** The INTAKE_URL the app is started with; {responderUuid} is filled in by the app. */
export const intakeTemplate = `${intakeOrigin}/intake/{responderUuid}`;

/** The provider's API, played by the same stand-in, and the bearer token the app sends it. */
export const providerBaseUrl = `${intakeOrigin}/provider`;
export const providerToken = "e2e-provider-token";

/** The owner's console password of the apps under test (at least 16 characters). */
export const ownerPassword = "e2e-owner-password-0123456789";
/** The first owner (OWNER_EMAIL's default). */
export const ownerEmail = "owner@example.com";

/** Where the app started on this data folder writes its log. */
export function logFileOf(dataDir: string): string {
  return `${dataDir.replace(/[\\/]+$/, "")}/app.log`;
}

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
    // The payment-complete page moves on by itself after this: long enough for a test to read
    // it and check it with axe on a loaded machine first (at 3 s, the default, a slow check
    // raced the page away).
    REDIRECT_DELAY_MS: "6000",
    // The server's log, kept for logs.e2e.ts to read.
    LOG_FILE: logFileOf(dataDir),
    // Tests sign their tokens with this secret (test/support/tokens.ts).
    TOKEN_SECRET: testTokenSecret,
    // The owner's console signs in with this (owner-console.e2e.ts).
    OWNER_PASSWORD: ownerPassword,
    // Her emails go to the mail stand-in, their links to this app.
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Menopause Care <care@example.com>",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The sandbox gateway whatever the shell says (stripeAppEnvironment sets its own).
    STRIPE_SECRET_KEY: "",
    STRIPE_PUBLISHABLE_KEY: "",
    STRIPE_API_BASE: "",
  };
}

/** Stripe's API as the stand-in plays it: the app's STRIPE_API_BASE (Stripe's client adds /v1/...). */
export const stripeApiBase = intakeOrigin;
/** Where the Stripe.js stand-in posts how 3-D Secure went (its ?authenticate= parameter). */
export const stripeAuthenticateUrl = `${intakeOrigin}/stripe-api/authenticate`;
/** The PaymentIntents the API stand-in created: GET, optionally ?responder_uuid=. */
export const stripeReceivedUrl = `${intakeOrigin}/stripe-api/received`;

/** Another app's database folder: a sibling of the main app's, so no two apps share one. */
function siblingDataDir(dataDir: string, app: "stripe" | "maps" | "clock"): string {
  return `${dataDir.replace(/[\\/]+$/, "")}-${app}`;
}

/** The Stripe app's database folder. */
export const stripeDataDirOf = (dataDir: string): string => siblingDataDir(dataDir, "stripe");
/** The maps app's database folder. */
export const mapsDataDirOf = (dataDir: string): string => siblingDataDir(dataDir, "maps");
/** The clock app's database folder. */
export const clockDataDirOf = (dataDir: string): string => siblingDataDir(dataDir, "clock");

/**
 * The settings of the same app in Stripe mode: the card element drawn by the Stripe.js
 * stand-in, the PaymentIntents made at the API stand-in; nothing reaches Stripe itself.
 */
export function stripeAppEnvironment(port: number, dataDir: string): Record<string, string> {
  return {
    ...appEnvironment(port, stripeDataDirOf(dataDir)),
    STRIPE_SECRET_KEY: "sk_test_e2e",
    STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
    STRIPE_API_BASE: stripeApiBase,
    STRIPE_JS_URL: `${intakeOrigin}/stripe-js/v3/?authenticate=${encodeURIComponent(stripeAuthenticateUrl)}`,
  };
}

/**
 * The same app with address suggestions: a maps key, and the places script played by the
 * stand-in (maps-stand-in.js, served by the intake stand-in); nothing reaches Google.
 */
export function mapsAppEnvironment(port: number, dataDir: string): Record<string, string> {
  return {
    ...appEnvironment(port, mapsDataDirOf(dataDir)),
    MAPS_API_KEY: "e2e-maps-browser-key",
    MAPS_SCRIPT_URL: `${intakeOrigin}/maps-js/api/js?libraries=places`,
  };
}

/**
 * The same app for the journeys that move the sandbox clock. The clock is one per server: a
 * move lets every hold placed before it lapse, so a journey waiting between a payment and its
 * approval on the same server would see its hold lapse. Here they take turns (the clock
 * project runs one test at a time), and every other test's server keeps real time.
 */
export function clockAppEnvironment(port: number, dataDir: string): Record<string, string> {
  return appEnvironment(port, clockDataDirOf(dataDir));
}
