// A test file of her pages with the Stripe gateway (against the MSW stand-in of api.stripe.com):
// import this before any app module (its first import sets Stripe's keys), then call
// useStripeMode() once at the top of the file.
import "./stripe-keys";
import { afterEach, beforeEach, vi } from "vitest";
import { log } from "../../app/server/log.server";
import { useStripeStandIn } from "./fake-stripe/msw";
import type { StripeStandIn } from "./fake-stripe/state";
import { resetDatabase } from "./route-harness";

/** The fake Stripe, a fresh database before each test, and the gateway's warnings kept quiet (the tests read results). */
export function useStripeMode(): StripeStandIn {
  const standIn = useStripeStandIn();
  beforeEach(async () => {
    await resetDatabase();
    vi.spyOn(log, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return standIn;
}

/** The charges made without her (off session), each once: the ones her saved card pays. */
export const offSessionCharges = (standIn: StripeStandIn) =>
  standIn.requestsTo("POST", "/v1/payment_intents").filter((call) => call.params.off_session === "true" && !call.replayed);
