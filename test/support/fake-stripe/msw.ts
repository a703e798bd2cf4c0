// The fake Stripe (state.ts) for the integration tests: MSW handlers for Stripe's API at
// https://api.stripe.com/v1, one for each request the fake answers, so that any other request
// to Stripe is an unhandled one the test hears about.
import { http, HttpResponse, type HttpHandler } from "msw";
import { useStandIn } from "../msw-server";
import { createFakeStripe, stripeRoutes, type StripeStandIn } from "./state";

export const stripeApiBase = "https://api.stripe.com";
export const stripeTestSecretKey = "sk_test_123";

export function stripeStandIn(): { standIn: StripeStandIn; handlers: HttpHandler[] } {
  const standIn = createFakeStripe();
  const handlers = stripeRoutes.map(({ method, path }) =>
    (method === "GET" ? http.get : http.post)(`${stripeApiBase}${path}`, async ({ request }) => {
      const url = new URL(request.url);
      const reply = standIn.receive({
        method,
        path: url.pathname,
        encoded: method === "POST" ? await request.text() : url.search.slice(1),
        authorization: request.headers.get("Authorization"),
        idempotencyKey: request.headers.get("Idempotency-Key"),
      });
      if (reply === "connection lost") return HttpResponse.error();
      return HttpResponse.json(reply.json, { status: reply.status, headers: reply.headers });
    }),
  );
  return { standIn, handlers };
}

/** The fake Stripe for every test of a file: answering throughout, and fresh before each test. */
export const useStripeStandIn = (): StripeStandIn => useStandIn(stripeStandIn());
