// Configuration, parsed once at boot (every setting: docs/configuration.md). Every setting has an
// embedded default that works offline; a wrong value stops the server with a readable list.
import { isIP } from "node:net";
import { z } from "zod";
import { planCodes } from "../funnel/plans";
import { usStateCodes } from "../funnel/us-states";

/** A production server refuses it. */
export const developmentSessionSecret = "development-session-secret-change-me";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const path = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((value) => value.startsWith("/"), "must start with /");

const settingsSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // 127.0.0.1 keeps it to this machine (a proxy on the same host); unset: every interface, as a container needs.
    HOST: optionalText.pipe(
      z.string().refine(isListenHost, "must be an IP address (127.0.0.1, ::1) or a host name (localhost)").optional(),
    ),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .refine((v) => /^postgres(ql)?:\/\//.test(v), "must be a postgres:// address")
        .optional(),
    ),
    // The connections each instance keeps open to PostgreSQL (the embedded engine has its own).
    DATABASE_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(4),
    DATA_DIR: z.string().trim().min(1).default(".data"),
    // A migrated embedded database image a memory:// database starts from instead of initdb (the tests').
    MEMORY_DATABASE_IMAGE: optionalText,
    SESSION_SECRET: optionalText,
    COOKIE_SECURE: z.enum(["true", "false"]).optional(),
    PROVIDER_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    PROVIDER_TOKEN: optionalText,
    PROVIDER_SALES_PATH: path("/api/hrt_checkout/sales_funnel"),
    PROVIDER_SAVE_PRODUCT_SELECTION_PATH: path("/api/hrt_checkout/save_product_selection"),
    PROVIDER_MEDICATIONS_PATH: path("/api/hrt_checkout/medications"),
    PROVIDER_TESTIMONIALS_PATH: path("/api/hrt_checkout/testimonials"),
    PROVIDER_SAVE_PRE_CHECKOUT_PATH: path("/api/patients/save_pre_checkout"),
    PROVIDER_CHECK_DISCOUNT_PATH: path("/api/payments/check_discount"),
    PROVIDER_PRE_AUTH_CHECKOUT_PATH: path("/api/hrt_checkout/pre_auth_checkout"),
    PROVIDER_ORDER_EVENTS_PATH: path("/api/hrt_checkout/order_events"),
    // Signs the provider's review outcomes; unset, that route answers 404 and the owner decides in the console.
    PROVIDER_WEBHOOK_SECRET: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    // The embedded provider approves by itself this long after the hold; unset, the owner decides.
    EMBEDDED_AUTO_APPROVE_SECONDS: optionalText.pipe(
      z
        .string()
        .regex(/^\d+$/, "must be a whole number of seconds")
        .transform(Number)
        .pipe(z.number().max(30 * 86_400, "must be at most 30 days"))
        .optional(),
    ),
    // Stripe's webhook signing secret for POST /api/stripe/webhook; unset, the route answers 404.
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(z.string().startsWith("whsec_", "must start with whsec_").optional()),
    // The owner's console password (/owner); unset, one is made once into DATA_DIR/owner-password.
    OWNER_PASSWORD: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    // The first owner's email: the account made at start when no active owner exists.
    OWNER_EMAIL: z.string().trim().toLowerCase().pipe(z.email("must be an email address")).default("owner@example.com"),
    // Two-step sign-in for the console: always on a public PUBLIC_URL; locally only when "required".
    STAFF_TWO_STEP: optionalText.pipe(z.enum(["required"]).optional()),
    // An abandoned flow (no order) loses her name, email, phone, address and answers after this many days.
    ABANDONED_FLOW_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    INTAKE_URL: z
      .string()
      .trim()
      .default("/checkout/{responderUuid}")
      .refine((v) => v.startsWith("/") || /^https?:\/\/[^/]/.test(v), "must be a path on this site or an http(s) address"),
    VISIBLE_PLANS: z
      .string()
      .default("monthly,quarterly")
      .transform((v) =>
        v
          .split(",")
          .map((plan) => plan.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(planCodes)).min(1, "must name at least one plan")),
    // Spec section 5: tokens are HS256 under TOKEN_SECRET; the legacy XOR form only with LEGACY_TOKEN_KEY.
    TOKEN_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    LEGACY_TOKEN_KEY: optionalText,
    // The embedded provider's after-payment destination (type "appointment"); unset, /thank-you.
    BOOKING_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    // Spec section 5: with referral code 199sema the promo box shows only when this product is selected first.
    PROMO_SPECIAL_PRODUCT_ID: z.string().trim().default("i_dont_know_no_preference"),
    // Card payments: Stripe when both keys are set, otherwise the sandbox gateway.
    STRIPE_SECRET_KEY: optionalText.pipe(z.string().startsWith("sk_", "must start with sk_").optional()),
    STRIPE_PUBLISHABLE_KEY: optionalText.pipe(z.string().startsWith("pk_", "must start with pk_").optional()),
    // The sandbox approves public test cards and moves no money: on a public PUBLIC_URL only when "true";
    // "false" insists on Stripe.
    SANDBOX_PAYMENTS: optionalText.pipe(z.enum(["true", "false"]).optional()),
    STRIPE_JS_URL: z.url({ protocol: /^https?$/ }).default("https://js.stripe.com/v3/"),
    /** Tests only: a stand-in's scheme, host and port (Stripe's client always calls /v1/..., a path is ignored). */
    STRIPE_API_BASE: optionalText.pipe(
      z
        .url({ protocol: /^https?$/ })
        .refine((v) => /^https?:\/\/[^/?#]+\/?$/.test(v), "must be an address without a path (Stripe's client calls /v1/... there)")
        .optional(),
    ),
    // Address suggestions (Google Places) with this browser key; unset, she types her address.
    MAPS_API_KEY: optionalText,
    MAPS_SCRIPT_URL: z.url({ protocol: /^https?$/ }).default("https://maps.googleapis.com/maps/api/js?libraries=places&loading=async"),
    // Where the service operates (two-letter codes): a shipping state outside is refused. Default: 50 states and DC.
    SERVED_STATES: z
      .string()
      .default(usStateCodes.join(","))
      .transform((v) =>
        v
          .split(",")
          .map((code) => code.trim().toUpperCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(usStateCodes)).min(1, "must name at least one state")),
    // Unset, emails are kept and listed in the console, which only a local server may do: a public
    // PUBLIC_URL without it is refused at start.
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .refine((v) => /^smtps?:\/\/[^/]/.test(v), "must be an smtp:// or smtps:// address")
        .optional(),
    ),
    MAIL_FROM: z.string().trim().min(3).default("Menopause Care <care@example.com>"),
    // Printed on her receipts (an HSA or FSA plan asks for it).
    MERCHANT_ADDRESS: z.string().trim().min(5).max(200).default("100 Example Street, Suite 200, Portland, OR 97201, USA"),
    // "Email it to my doctor" sends to an address she types: at most this many a day, all plans (0: none).
    DOCTOR_EMAILS_PER_DAY: z.coerce.number().int().min(0).max(100_000).default(200),
    // For the links in her emails, which are read away from any request.
    PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    // Percent of new visitors given "classic"; a `variant` parameter or her earlier assignment comes first.
    CLASSIC_VARIANT_PERCENT: z.coerce.number().min(0).max(100).default(0),
    REDIRECT_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
    // "true" draws the final checkout's subscription agreement ticked, as the original did; unset, she
    // ticks it herself, as ROSCA's express informed consent and the FTC's policy statement ask.
    AGREEMENT_STARTS_TICKED: optionalText.pipe(z.enum(["true", "false"]).optional()).transform((value) => value === "true"),
    OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
    BILLING_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
    // Site-wide ceilings: a script no per-visitor limit tells apart still cannot test cards or guess
    // promo codes faster. Well above a real peak.
    PAYMENT_FAILURE_CEILING_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    PROMO_CHECK_CEILING_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  })
  .superRefine((settings, ctx) => {
    if ((settings.STRIPE_SECRET_KEY === undefined) !== (settings.STRIPE_PUBLISHABLE_KEY === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [settings.STRIPE_SECRET_KEY ? "STRIPE_PUBLISHABLE_KEY" : "STRIPE_SECRET_KEY"],
        message: "Stripe needs both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY",
      });
    }
    const sandboxProblem = sandboxPaymentsProblem(settings);
    if (sandboxProblem) ctx.addIssue({ code: "custom", path: ["SANDBOX_PAYMENTS"], message: sandboxProblem });
    const mailProblem = keptEmailsProblem(settings);
    if (mailProblem) ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: mailProblem });
    if (settings.NODE_ENV !== "production" || settings.SESSION_SECRET === undefined) return;
    if (settings.SESSION_SECRET === developmentSessionSecret) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "the development secret is refused when NODE_ENV=production",
      });
    } else if (settings.SESSION_SECRET.length < 32) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "must be at least 32 characters when NODE_ENV=production",
      });
    }
  });

export type Settings = z.output<typeof settingsSchema>;

function isListenHost(value: string): boolean {
  return isIP(value) !== 0 || /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i.test(value);
}

/** localhost (or a name under it), 127.x or ::1. Without PUBLIC_URL a server is local: its emails could only link to localhost. */
export function isLocalAddress(address: string | undefined): boolean {
  if (address === undefined) return true;
  const host = new URL(address).hostname.toLowerCase().replace(/\.$/, "");
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "[::1]";
}

function sandboxPaymentsProblem(s: Pick<Settings, "SANDBOX_PAYMENTS" | "STRIPE_SECRET_KEY" | "PUBLIC_URL">): string | undefined {
  const stripe = s.STRIPE_SECRET_KEY !== undefined;
  if (s.SANDBOX_PAYMENTS === "true" && stripe) {
    return "SANDBOX_PAYMENTS=true asks for the sandbox gateway, but STRIPE_SECRET_KEY is set: keep one or the other";
  }
  if (s.SANDBOX_PAYMENTS === "false" && !stripe) {
    return "SANDBOX_PAYMENTS=false asks for real payments: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY";
  }
  if (s.SANDBOX_PAYMENTS === undefined && !stripe && !isLocalAddress(s.PUBLIC_URL)) {
    return (
      `PUBLIC_URL ${s.PUBLIC_URL} is a public address, but without Stripe keys card payments go to the sandbox ` +
      "gateway, which accepts public test cards and takes no real money. Set STRIPE_SECRET_KEY and " +
      "STRIPE_PUBLISHABLE_KEY for real payments, or SANDBOX_PAYMENTS=true if this server is meant to take test cards only"
    );
  }
  return undefined;
}

/**
 * Without a mail server her emails, each holding her private link, are only listed in the
 * console: on a public address nobody would receive them. Locally the owner reads them there.
 */
function keptEmailsProblem(s: Pick<Settings, "SMTP_URL" | "PUBLIC_URL">): string | undefined {
  if (s.SMTP_URL !== undefined || isLocalAddress(s.PUBLIC_URL)) return undefined;
  return (
    `PUBLIC_URL ${s.PUBLIC_URL} is a public address, but SMTP_URL is not set: her emails would be kept in the ` +
    "console instead of being sent, and no one would receive her private link. Set SMTP_URL to your mail server " +
    "(smtp:// or smtps://, credentials in the address)"
  );
}

export class ConfigurationError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuration is not valid:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigurationError";
  }
}

/** Throws a ConfigurationError naming each problem. */
export function parseSettings(env: Record<string, string | undefined>): Settings {
  const result = settingsSchema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigurationError(result.error.issues.map((issue) => `${issue.path.join(".") || "settings"}: ${issue.message}`));
}

let settings: Settings | undefined;

export function config(): Settings {
  settings ??= parseSettings(process.env);
  return settings;
}

export function cookiesAreSecure(s: Settings = config()): boolean {
  return s.COOKIE_SECURE ? s.COOKIE_SECURE === "true" : s.NODE_ENV === "production";
}

/** PUBLIC_URL, else this server on localhost. */
export function publicUrl(s: Settings = config()): string {
  return (s.PUBLIC_URL ?? `http://localhost:${s.PORT}`).replace(/\/+$/, "");
}
