// Chooses the card gateway by configuration: Stripe when STRIPE_SECRET_KEY is set (config
// insists the publishable key comes with it), otherwise the embedded sandbox, which config
// allows on a public address only with SANDBOX_PAYMENTS=true.
import { config } from "../config.server";
import type { PaymentGateway } from "./gateway.server";
import { sandboxGateway } from "./sandbox.server";
import { stripeGateway } from "./stripe.server";

export {
  InvalidCardInput,
  paymentMessages,
  type AuthorisationResult,
  type AuthoriseRequest,
  type PaymentCustomer,
  type PaymentGateway,
} from "./gateway.server";

/** What the checkout page may know about the gateway: never the secret key. */
export type PublicPaymentSettings = { kind: "sandbox" } | { kind: "stripe"; publishableKey: string; stripeJsUrl: string };

let cached: { secretKey: string | undefined; gateway: PaymentGateway } | undefined;

/** The gateway of this process: one instance (one Stripe client and its sockets), kept. */
export function paymentGateway(): PaymentGateway {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_API_BASE: apiBase } = config();
  if (cached === undefined || cached.secretKey !== secretKey) {
    // apiBase: tests only, a local stand-in for Stripe's API; unset, api.stripe.com.
    cached = { secretKey, gateway: secretKey ? stripeGateway(secretKey, { apiBase }) : sandboxGateway() };
  }
  return cached.gateway;
}

export function publicPaymentSettings(): PublicPaymentSettings {
  const settings = config();
  if (settings.STRIPE_SECRET_KEY && settings.STRIPE_PUBLISHABLE_KEY) {
    return { kind: "stripe", publishableKey: settings.STRIPE_PUBLISHABLE_KEY, stripeJsUrl: settings.STRIPE_JS_URL };
  }
  return { kind: "sandbox" };
}

/**
 * Whether this server takes its payments on the sandbox: no real money moves. The console says
 * so on every page, and the provider hears it with every order.
 */
export function paymentsAreSandbox(): boolean {
  return config().STRIPE_SECRET_KEY === undefined;
}
