// The card gateway (ARCHITECTURE "Adapters: Card payments"): the embedded sandbox with
// Stripe's test cards, and Stripe itself against an MSW stand-in of api.stripe.com.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "../../app/server/log.server";
import { InvalidCardInput, type AuthoriseRequest, type PaymentGateway } from "../../app/server/payments/gateway.server";
import { sandboxGateway } from "../../app/server/payments/sandbox.server";
import { stripeGateway } from "../../app/server/payments/stripe.server";
import { loadWithEnvironment, restoreEnvironmentAfterEach } from "../support/fresh-modules";
import { stripeApiBase, stripeTestSecretKey, useStripeStandIn } from "../support/fake-stripe/msw";

const standIn = useStripeStandIn();

const unexpected = "An unexpected error occurred. Please try again.";

let attempt = 0;
function request(overrides: Partial<AuthoriseRequest> = {}): AuthoriseRequest {
  attempt += 1;
  return {
    amountCents: 39_900,
    currency: "usd",
    orderId: `order-${attempt}`,
    responderUuid: "6f1c1d5e-8a47-4d3c-9a57-2f0c6a1b9e10",
    customer: {
      name: "Jane Doe",
      email: "jane@example.com",
      phone: "+12125550123",
      address: { line1: "1 Main Street", line2: "Apt 2", city: "Springfield", state: "IL", postal_code: "62701", country: "US" },
    },
    idempotencyKey: `attempt-${attempt}-${Math.random().toString(36).slice(2)}`,
    returnUrl: "https://shop.test/checkout/6f1c1d5e-8a47-4d3c-9a57-2f0c6a1b9e10/payment-return",
    ...overrides,
  };
}

const card = (number: string, securityCode = "123", expiry = "12/34") => ({ number, expiry, securityCode });

let consoleSpies: ReturnType<typeof vi.spyOn>[];
let warnings: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  warnings = vi.spyOn(log, "warn").mockImplementation(() => {});
  consoleSpies = (["log", "info", "error", "debug"] as const).map((level) => vi.spyOn(console, level));
});
afterEach(() => {
  warnings.mockRestore();
  for (const spy of consoleSpies) spy.mockRestore();
});

describe("sandbox gateway", () => {
  const gateway = sandboxGateway();

  it("is the sandbox and offers no hosted checkout", () => {
    expect(gateway.kind).toBe("sandbox");
    // eslint-disable-next-line @typescript-eslint/unbound-method -- only whether it exists is read; it is never called
    expect(gateway.startHostedCheckout).toBeUndefined();
  });

  it.each([
    ["4242 4242 4242 4242", "visa", "4242"],
    ["5555-5555-5555-4444", "mastercard", "4444"],
  ])("authorises %s, keeping only the brand and the last four", async (number, cardBrand, cardLast4) => {
    const result = await gateway.authorise(request({ card: card(number) }));
    expect(result).toEqual({
      status: "authorised",
      reference: expect.stringMatching(/^sandbox_pi_[0-9a-f]{24}$/),
      cardBrand,
      cardLast4,
      holdExpiresAt: expect.any(Date),
      holdPlacedAt: expect.any(Date),
    });
    // Placed now on the sandbox clock, lapsing 7 days on.
    if (result.status !== "authorised") throw new Error("not authorised");
    expect(result.holdExpiresAt!.getTime() - result.holdPlacedAt!.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    const said = JSON.stringify(result);
    expect(said).not.toContain(number.replace(/\D/g, "").slice(0, 12));
    expect(said).not.toContain("12/34");
    expect(said).not.toContain('123"');
  });

  it.each([
    ["4000000000000002", "Your card was declined."],
    ["4000000000009995", "Your card has insufficient funds."],
    ["4000000000000069", "Your card has expired."],
  ])("declines %s: %s", async (number, message) => {
    expect(await gateway.authorise(request({ card: card(number) }))).toEqual({ status: "declined", message });
  });

  it("refuses a card that is not a test card, and neither says nor logs its number", async () => {
    const amex = "378282246310005";
    const result = await gateway.authorise(request({ card: card(amex, "1234") }));
    expect(result).toEqual({
      status: "declined",
      message: "This is a sandbox: use one of Stripe's test cards, such as 4242 4242 4242 4242.",
    });
    for (const spy of [warnings, ...consoleSpies]) expect(spy).not.toHaveBeenCalled();
  });

  it.each(["4000002760003184", "4000002500003155"])("asks for authentication on %s, then resumes", async (number) => {
    const result = await gateway.authorise(request({ card: card(number) }));
    expect(result).toMatchObject({ status: "requires_action", cardBrand: "visa", cardLast4: number.slice(-4) });
    if (result.status !== "requires_action") throw new Error("expected requires_action");
    expect(result.action).toEqual({ kind: "redirect", url: `/sandbox/authenticate/${result.reference}` });

    // The sandbox kept the brand and the last four with its hold, and the hold runs from now.
    expect(await gateway.resume(result.reference, { authenticated: true })).toEqual({
      status: "authorised",
      reference: result.reference,
      cardBrand: "visa",
      cardLast4: number.slice(-4),
      holdExpiresAt: expect.any(Date),
    });
    const refused = {
      status: "declined",
      message: "We could not authenticate your payment. Please try again or use another card.",
    };
    expect(await gateway.resume(result.reference, { authenticated: false })).toEqual(refused);
    expect(await gateway.resume(result.reference)).toEqual(refused);
  });

  it("fails to resume a reference it never gave", async () => {
    expect(await gateway.resume("pi_123", { authenticated: true })).toEqual({ status: "failed", message: unexpected });
    expect(await gateway.resume("sandbox_pi_../../etc", { authenticated: true })).toMatchObject({ status: "failed" });
  });

  it("gives the same reference for the same idempotency key, another for another", async () => {
    const first = request({ card: card("4242424242424242") });
    const again = await gateway.authorise({ ...first });
    const once = await gateway.authorise(first);
    const other = await gateway.authorise(request({ card: card("4242424242424242") }));
    expect(once).toEqual(again);
    expect(once.status === "authorised" && other.status === "authorised" && once.reference !== other.reference).toBe(true);
  });

  it.each([
    ["cardNumber", card("4242 4242 4242 4241"), "Enter a valid card number"],
    ["cardNumber", card("4242"), "Enter a valid card number"],
    ["expiry", card("4242424242424242", "123", "1234"), "Enter the expiration date as MM/YY"],
    ["expiry", card("4242424242424242", "123", "13/30"), "Enter the expiration date as MM/YY"],
    ["expiry", card("4242424242424242", "123", "01/20"), "The card has expired"],
    ["securityCode", card("4242424242424242", "12"), "Enter the 3-digit security code"],
    ["securityCode", card("4242424242424242", "1234"), "Enter the 3-digit security code"],
    ["securityCode", card("378282246310005", "123"), "Enter the 4-digit security code"],
  ] as const)("refuses a malformed %s: %s", async (field, typed, message) => {
    const refusal = await gateway.authorise(request({ card: typed })).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InvalidCardInput);
    expect(refusal).toMatchObject({ field, message });
  });

  it("asks for the card number when none came", async () => {
    await expect(gateway.authorise(request())).rejects.toMatchObject({ field: "cardNumber", message: "Enter a valid card number" });
  });

  it("keeps the current month as a good expiry", async () => {
    const now = new Date();
    const expiry = `${String(now.getUTCMonth() + 1).padStart(2, "0")}/${String(now.getUTCFullYear()).slice(2)}`;
    expect(await gateway.authorise(request({ card: card("4242424242424242", "123", expiry) }))).toMatchObject({ status: "authorised" });
  });

  it("fails an amount Stripe would refuse (under 50 cents, or not whole cents)", async () => {
    for (const amountCents of [0, 49, 100.5]) {
      expect(await gateway.authorise(request({ amountCents, card: card("4242424242424242") }))).toEqual({
        status: "failed",
        message: unexpected,
      });
    }
  });
});

describe("Stripe gateway", () => {
  const gateway: PaymentGateway = stripeGateway(stripeTestSecretKey);

  it("is Stripe", () => {
    expect(gateway.kind).toBe("stripe");
  });

  it("authorises: a Customer, then a confirmed PaymentIntent held for manual capture", async () => {
    const attemptRequest = request({ paymentMethodId: "pm_card_visa" });
    const result = await gateway.authorise(attemptRequest);
    expect(result).toEqual({
      status: "authorised",
      reference: expect.stringMatching(/^pi_/),
      cardBrand: "visa",
      cardLast4: "4242",
      holdExpiresAt: expect.any(Date),
    });

    const [customerCall] = standIn.requestsTo("POST", "/v1/customers");
    expect(customerCall).toMatchObject({
      idempotencyKey: `${attemptRequest.idempotencyKey}:customer`,
      authorization: `Bearer ${stripeTestSecretKey}`,
      params: {
        name: "Jane Doe",
        email: "jane@example.com",
        phone: "+12125550123",
        address: { line1: "1 Main Street", line2: "Apt 2", city: "Springfield", state: "IL", postal_code: "62701", country: "US" },
      },
    });
    const [customerId] = [...standIn.customers.keys()];

    const intentCalls = standIn.requestsTo("POST", "/v1/payment_intents");
    expect(intentCalls).toHaveLength(1);
    expect(intentCalls[0]!.idempotencyKey).toBe(attemptRequest.idempotencyKey);
    expect(intentCalls[0]!.params).toEqual({
      amount: "39900",
      currency: "usd",
      customer: customerId,
      payment_method: "pm_card_visa",
      confirm: "true",
      capture_method: "manual",
      setup_future_usage: "off_session",
      use_stripe_sdk: "true",
      return_url: attemptRequest.returnUrl,
      metadata: {
        order_id: attemptRequest.orderId,
        responder_uuid: attemptRequest.responderUuid,
        attempt_key: attemptRequest.idempotencyKey,
      },
      expand: ["payment_method", "latest_charge"],
    });
    if (result.status !== "authorised") throw new Error("expected authorised");
    expect(standIn.paymentIntents.get(result.reference)).toMatchObject({ status: "requires_capture", amount: 39_900 });
  });

  it.each([
    ["pm_card_chargeDeclined", "Your card was declined."],
    ["pm_card_chargeDeclinedInsufficientFunds", "Your card has insufficient funds."],
  ])("declines %s with Stripe's message", async (paymentMethodId, message) => {
    expect(await gateway.authorise(request({ paymentMethodId }))).toEqual({ status: "declined", message });
    expect(warnings).not.toHaveBeenCalled();
  });

  it("asks for 3-D Secure in the page, then resumes once she has authenticated", async () => {
    const result = await gateway.authorise(request({ paymentMethodId: "pm_card_threeDSecure2Required" }));
    expect(result).toMatchObject({ status: "requires_action", cardBrand: "visa", cardLast4: "3184" });
    if (result.status !== "requires_action") throw new Error("expected requires_action");
    expect(result.action).toEqual({
      kind: "stripe-next-action",
      clientSecret: standIn.paymentIntents.get(result.reference)!.client_secret,
    });

    expect(await gateway.resume(result.reference)).toMatchObject({ status: "requires_action" });
    standIn.authenticate(result.reference);
    expect(await gateway.resume(result.reference)).toEqual({
      status: "authorised",
      reference: result.reference,
      cardBrand: "visa",
      cardLast4: "3184",
      holdExpiresAt: expect.any(Date),
    });
    const retrieve = standIn.requestsTo("GET", `/v1/payment_intents/${result.reference}`).at(-1)!;
    expect(retrieve.params).toEqual({ expand: ["payment_method", "latest_charge"] });
  });

  it("declines when authentication failed, with Stripe's message", async () => {
    const result = await gateway.authorise(request({ paymentMethodId: "pm_card_threeDSecure2Required" }));
    if (result.status !== "requires_action") throw new Error("expected requires_action");
    standIn.authenticate(result.reference, false);
    expect(await gateway.resume(result.reference)).toEqual({
      status: "declined",
      message: expect.stringMatching(/^We are unable to authenticate your payment method/),
    });
  });

  it("holds her money once for one checkout attempt, however often it is sent", async () => {
    const attemptRequest = request({ paymentMethodId: "pm_card_visa" });
    const first = await gateway.authorise(attemptRequest);
    const second = await gateway.authorise(attemptRequest);
    expect(second).toEqual(first);
    expect(standIn.created).toEqual({ customers: 1, paymentIntents: 1, checkoutSessions: 0 });
    expect(standIn.requestsTo("POST", "/v1/payment_intents").map((r) => r.replayed)).toEqual([false, true]);

    // A declined attempt replays its decline too; a new attempt is a new PaymentIntent.
    const declined = request({ paymentMethodId: "pm_card_chargeDeclined" });
    await gateway.authorise(declined);
    expect(await gateway.authorise(declined)).toEqual({ status: "declined", message: "Your card was declined." });
    expect(standIn.created.paymentIntents).toBe(2);
    await gateway.authorise(request({ paymentMethodId: "pm_card_visa" }));
    expect(standIn.created.paymentIntents).toBe(3);
  });

  it("fails without a PaymentMethod from the browser, asking Stripe nothing", async () => {
    for (const paymentMethodId of [undefined, "", "card_123", "pm_x&amount=1"]) {
      expect(await gateway.authorise(request({ paymentMethodId }))).toEqual({
        status: "failed",
        message: "Payment method creation failed",
      });
    }
    expect(standIn.requests).toEqual([]);
  });

  it("fails with the spec's message on an error that is not the card's, logging no personal data", async () => {
    expect(await gateway.authorise(request({ paymentMethodId: "pm_card_unknown" }))).toEqual({ status: "failed", message: unexpected });
    expect(warnings).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(warnings.mock.calls[0]);
    expect(warnings.mock.calls[0]).toEqual([
      { operation: "authorise", details: expect.stringMatching(/^StripeInvalidRequestError resource_missing 404/) },
      "Stripe call failed",
    ]);
    expect(logged).not.toMatch(/jane|Jane|Main Street|\+1212/);
  });

  it("fails when Stripe is down (after one retry) or cannot be reached", async () => {
    standIn.mode = "failing";
    // No answer: a hold may exist all the same, so the checkout asks what became of the attempt.
    expect(await gateway.authorise(request({ paymentMethodId: "pm_card_visa" }))).toEqual({
      status: "failed",
      message: unexpected,
      unanswered: true,
    });
    expect(standIn.requestsTo("POST", "/v1/customers")).toHaveLength(2);
    expect(standIn.requestsTo("POST", "/v1/payment_intents")).toHaveLength(0);

    standIn.mode = "refusing";
    expect(await gateway.resume("pi_standin000001")).toEqual({ status: "failed", message: unexpected });
  });

  it("fails to resume a reference that is not a PaymentIntent, or one Stripe does not know", async () => {
    expect(await gateway.resume("sandbox_pi_0123")).toEqual({ status: "failed", message: unexpected });
    expect(await gateway.resume("../customers/cus_1")).toEqual({ status: "failed", message: unexpected });
    expect(standIn.requests).toEqual([]);
    expect(await gateway.resume("pi_unknown")).toEqual({ status: "failed", message: unexpected });
  });

  it("can talk to another API address", async () => {
    // The same stand-in, named by its address: host, port and protocol come from apiBase.
    const elsewhere = stripeGateway(stripeTestSecretKey, { apiBase: `${stripeApiBase}:443` });
    expect(await elsewhere.authorise(request({ paymentMethodId: "pm_card_visa" }))).toMatchObject({ status: "authorised" });
  });
});

describe("Stripe hosted Checkout (no JavaScript)", () => {
  const gateway = stripeGateway(stripeTestSecretKey);

  function hostedRequest(returnUrl?: string) {
    const { card: _card, paymentMethodId: _paymentMethodId, ...rest } = request(returnUrl ? { returnUrl } : {});
    return { ...rest, cancelUrl: "https://shop.test/checkout/6f1c1d5e-8a47-4d3c-9a57-2f0c6a1b9e10" };
  }

  it("starts a Checkout Session for the total, held for manual capture", async () => {
    const started = hostedRequest();
    const session = await gateway.startHostedCheckout!(started);
    expect(session).toEqual({
      reference: expect.stringMatching(/^cs_test_/),
      url: `https://checkout.stripe.com/c/pay/${session.reference}`,
    });

    const [call] = standIn.requestsTo("POST", "/v1/checkout/sessions");
    expect(call!.idempotencyKey).toBe(`${started.idempotencyKey}:checkout`);
    expect(call!.params).toEqual({
      mode: "payment",
      customer_email: "jane@example.com",
      customer_creation: "always",
      client_reference_id: started.orderId,
      allowed_payment_method_types: ["card"],
      line_items: [
        { quantity: "1", price_data: { currency: "usd", unit_amount: "39900", product_data: { name: "Menopause treatment plan" } } },
      ],
      payment_intent_data: {
        capture_method: "manual",
        setup_future_usage: "off_session",
        metadata: { order_id: started.orderId, responder_uuid: started.responderUuid, attempt_key: started.idempotencyKey },
      },
      metadata: { order_id: started.orderId, responder_uuid: started.responderUuid },
      success_url: `${started.returnUrl}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: started.cancelUrl,
    });
  });

  it("adds session_id to a return address that already has a query", async () => {
    await gateway.startHostedCheckout!(hostedRequest("https://shop.test/payment-return?order=7"));
    expect(standIn.requestsTo("POST", "/v1/checkout/sessions")[0]!.params.success_url).toBe(
      "https://shop.test/payment-return?order=7&session_id={CHECKOUT_SESSION_ID}",
    );
  });

  it("makes one session for one attempt", async () => {
    const started = hostedRequest();
    const first = await gateway.startHostedCheckout!(started);
    expect(await gateway.startHostedCheckout!(started)).toEqual(first);
    expect(standIn.created.checkoutSessions).toBe(1);
  });

  it("resumes an authorised session with the PaymentIntent's reference and card", async () => {
    const { reference } = await gateway.startHostedCheckout!(hostedRequest());
    standIn.completeCheckout(reference, "pm_card_mastercard");
    const result = await gateway.resumeHostedCheckout!(reference);
    const intentId = standIn.checkoutSessions.get(reference)!.payment_intent!;
    expect(result).toEqual({
      status: "authorised",
      reference: intentId,
      cardBrand: "mastercard",
      cardLast4: "4444",
      holdExpiresAt: expect.any(Date),
    });
    expect(standIn.paymentIntents.get(intentId)).toMatchObject({
      capture_method: "manual",
      setup_future_usage: "off_session",
      amount: 39_900,
    });
    expect(standIn.requestsTo("GET", `/v1/checkout/sessions/${reference}`)[0]!.params).toEqual({
      expand: ["payment_intent", "payment_intent.payment_method", "payment_intent.latest_charge"],
    });
  });

  it("declines a session whose card was declined, and fails one never paid", async () => {
    const declined = await gateway.startHostedCheckout!(hostedRequest());
    standIn.completeCheckout(declined.reference, "pm_card_chargeDeclined");
    expect(await gateway.resumeHostedCheckout!(declined.reference)).toEqual({ status: "declined", message: "Your card was declined." });

    const unpaid = await gateway.startHostedCheckout!(hostedRequest());
    expect(await gateway.resumeHostedCheckout!(unpaid.reference)).toEqual({ status: "failed", message: unexpected });
    expect(await gateway.resumeHostedCheckout!("cs_test_unknown")).toEqual({ status: "failed", message: unexpected });
    expect(await gateway.resumeHostedCheckout!("not-a-session")).toEqual({ status: "failed", message: unexpected });
  });

  it("throws when the session cannot be made", async () => {
    standIn.mode = "refusing";
    await expect(gateway.startHostedCheckout!(hostedRequest())).rejects.toThrow();
    expect(JSON.stringify(warnings.mock.calls[0])).toMatch(
      /"operation":"hosted checkout".*"Stripe call failed"|StripeConnectionError.*Stripe call failed/,
    );
  });
});

describe("choosing the gateway by configuration", () => {
  restoreEnvironmentAfterEach();

  const gatewayModule = () => import("../../app/server/payments/index.server");

  it("uses the sandbox without Stripe keys, one instance per process", async () => {
    const payments = await loadWithEnvironment({ STRIPE_SECRET_KEY: "", STRIPE_PUBLISHABLE_KEY: "" }, gatewayModule);
    expect(payments.paymentGateway().kind).toBe("sandbox");
    expect(payments.paymentGateway()).toBe(payments.paymentGateway());
    expect(payments.publicPaymentSettings()).toEqual({ kind: "sandbox" });
  });

  it("uses Stripe with both keys, and tells the page only the publishable key", async () => {
    const payments = await loadWithEnvironment(
      { STRIPE_SECRET_KEY: "sk_test_123", STRIPE_PUBLISHABLE_KEY: "pk_test_456", STRIPE_JS_URL: "https://js.stripe.test/v3/" },
      gatewayModule,
    );
    expect(payments.paymentGateway().kind).toBe("stripe");
    expect(payments.paymentGateway()).toBe(payments.paymentGateway());
    const settings = payments.publicPaymentSettings();
    expect(settings).toEqual({ kind: "stripe", publishableKey: "pk_test_456", stripeJsUrl: "https://js.stripe.test/v3/" });
    expect(JSON.stringify(settings)).not.toContain("sk_");
  });
});
