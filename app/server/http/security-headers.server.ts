// Every answer's security headers (Mozilla HTTP Observatory's rules). Pure: built from the given settings.
import type { Settings } from "../config.server";

export interface PolicySources {
  /** When on another site: the questionnaire posts lead there. */
  intakeOrigin?: string;
  stripeJsOrigin?: string;
  stripeApiOrigin?: string;
  mapsScriptOrigin?: string;
  production: boolean;
}

function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function policySources(settings: Settings): PolicySources {
  const stripe = Boolean(settings.STRIPE_SECRET_KEY && settings.STRIPE_PUBLISHABLE_KEY);
  return {
    intakeOrigin: originOf(settings.INTAKE_URL.replace("{responderUuid}", "x")),
    stripeJsOrigin: stripe ? originOf(settings.STRIPE_JS_URL) : undefined,
    stripeApiOrigin: stripe ? originOf(settings.STRIPE_API_BASE) : undefined,
    mapsScriptOrigin: settings.MAPS_API_KEY ? originOf(settings.MAPS_SCRIPT_URL) : undefined,
    production: settings.NODE_ENV === "production",
  };
}

/** Stripe's own hosts (docs.stripe.com/security/guide#content-security-policy). */
const stripeHosts = {
  script: ["https://js.stripe.com"],
  frame: ["https://js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
  form: ["https://checkout.stripe.com"],
};

/** Google's hosts for the Maps JavaScript API (developers.google.com/maps/documentation/javascript/content-security-policy). */
const mapsHosts = {
  script: ["https://maps.googleapis.com"],
  connect: ["https://maps.googleapis.com"],
  font: ["https://fonts.gstatic.com"],
  style: ["https://fonts.googleapis.com"],
};

const unique = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];

/**
 * Only our scripts carrying this request's nonce, our styles, images from us or the provider,
 * forms to us, the intake and Stripe's hosted checkout; no framing. A page shipping no script
 * allows none, and is then the same for everyone.
 */
export function pagePolicy(nonce: string | undefined, sources: PolicySources): string {
  const stripe = sources.stripeJsOrigin !== undefined;
  const maps = sources.mapsScriptOrigin !== undefined;
  const mapsOnly = (hosts: string[]) => (maps ? [...hosts, sources.mapsScriptOrigin] : []);
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    [
      "script-src",
      nonce === undefined
        ? ["'none'"]
        : unique([
            "'self'",
            `'nonce-${nonce}'`,
            ...(stripe ? [...stripeHosts.script, sources.stripeJsOrigin] : []),
            ...mapsOnly(mapsHosts.script),
          ]),
    ],
    // Stripe.js and the places suggestions style their elements inline (styles cannot run code).
    ["style-src", stripe || maps ? unique(["'self'", "'unsafe-inline'", ...(maps ? mapsHosts.style : [])]) : ["'self'"]],
    ["img-src", ["'self'", "data:", "https:"]],
    ["font-src", unique(["'self'", ...(maps ? mapsHosts.font : [])])],
    [
      "connect-src",
      unique([
        "'self'",
        ...(stripe ? [...stripeHosts.connect, sources.stripeJsOrigin, sources.stripeApiOrigin] : []),
        ...mapsOnly(mapsHosts.connect),
      ]),
    ],
    ["frame-src", stripe ? unique([...stripeHosts.frame, sources.stripeJsOrigin]) : ["'none'"]],
    ["form-action", unique(["'self'", sources.intakeOrigin, ...(stripe ? [...stripeHosts.form, sources.stripeApiOrigin] : [])])],
    ["frame-ancestors", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["object-src", ["'none'"]],
  ];
  return directives.map(([name, values]) => [name, ...values].join(" ")).join("; ");
}

/** Answers that are not pages: nothing may run or frame them (server.mjs). */
export const resourcePolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Two years, the subdomains too (Observatory: at least six months). */
export const strictTransportSecurity = "max-age=63072000; includeSubDomains";

/** Pages and files alike. */
export function baseSecurityHeaders(sources: PolicySources): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)"],
  ];
  if (sources.production) headers.push(["Strict-Transport-Security", strictTransportSecurity]);
  return headers;
}
