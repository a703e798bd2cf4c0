// MSW handlers for the provider's HTTP API (spec section 7): a stand-in that can be up,
// answer 500, or refuse the connection, that records what it received, and whose catalogue
// and testimonials answers a test can set (including slow or malformed ones).
import { http, HttpResponse, type HttpHandler } from "msw";
import { useStandIn } from "../support/msw-server";

export const providerBaseUrl = "https://provider.test";
export const salesPath = "/api/hrt_checkout/sales_funnel";
export const saveProductSelectionPath = "/api/hrt_checkout/save_product_selection";
export const savePreCheckoutPath = "/api/patients/save_pre_checkout";
export const checkDiscountPath = "/api/payments/check_discount";
export const preAuthCheckoutPath = "/api/hrt_checkout/pre_auth_checkout";
export const medicationsPath = "/api/hrt_checkout/medications";
export const testimonialsPath = "/api/hrt_checkout/testimonials";
export const orderEventsPath = "/api/hrt_checkout/order_events";

/** Everything httpProvider needs to talk to this stand-in. */
export const providerPaths = {
  salesPath,
  saveProductSelectionPath,
  savePreCheckoutPath,
  checkDiscountPath,
  preAuthCheckoutPath,
  medicationsPath,
  testimonialsPath,
  orderEventsPath,
};

export type ProviderMode = "up" | "failing" | "refusing";

/** What a GET answers: JSON, or raw text (to send malformed JSON), after an optional delay. */
export interface StandInAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  delayMs?: number;
}

export interface ProviderStandIn {
  mode: ProviderMode;
  /** Every POST that reached the provider, delivered or not. */
  requests: {
    path: string;
    idempotencyKey: string | null;
    authorization: string | null;
    body: Record<string, unknown>;
  }[];
  /** Bodies the provider accepted, by idempotency key (a repeat replaces, as a real API would). */
  accepted: Map<string, Record<string, unknown>>;
  /** Every GET that reached the provider. */
  gets: { path: string; authorization: string | null }[];
  medications: StandInAnswer;
  testimonials: StandInAnswer;
  /** What the pre-auth-checkout answers when up. */
  orderDestination: { redirect_url: string; redirect_type: string };
  /** What the check-discount path answers (GET {path}/{code}/{price_in_cents}). */
  promo: StandInAnswer;
  /** Lets every delayed answer go now (call after a test, so no timer outlives it). */
  releaseHeld(): void;
  /** Back to up, nothing received, default answers. */
  reset(): void;
}

type Handler = HttpHandler;

export function providerStandIn(): { standIn: ProviderStandIn; handlers: Handler[] } {
  const held = new Set<() => void>();
  const standIn: ProviderStandIn = {
    mode: "up",
    requests: [],
    accepted: new Map(),
    gets: [],
    medications: { json: [] },
    testimonials: { json: [] },
    promo: { json: { valid: false, adjusted_price: 0, discount_amount: 0 } },
    orderDestination: { redirect_url: "https://booking.provider.test/book", redirect_type: "appointment" },
    releaseHeld() {
      for (const release of held) release();
      held.clear();
    },
    reset() {
      standIn.releaseHeld();
      standIn.mode = "up";
      standIn.requests.length = 0;
      standIn.accepted.clear();
      standIn.gets.length = 0;
      standIn.medications = { json: [] };
      standIn.testimonials = { json: [] };
      standIn.orderDestination = { redirect_url: "https://booking.provider.test/book", redirect_type: "appointment" };
      standIn.promo = { json: { valid: false, adjusted_price: 0, discount_amount: 0 } };
    },
  };

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer);
        held.delete(release);
        resolve();
      };
      const timer = setTimeout(release, ms);
      held.add(release);
    });
  }

  const receive = async ({ request }: { request: Request }) => {
    if (standIn.mode === "refusing") return HttpResponse.error();
    const body = (await request.json()) as Record<string, unknown>;
    const idempotencyKey = request.headers.get("Idempotency-Key");
    standIn.requests.push({
      path: new URL(request.url).pathname,
      idempotencyKey,
      authorization: request.headers.get("Authorization"),
      body,
    });
    if (standIn.mode === "failing") return HttpResponse.json({ message: "down" }, { status: 500 });
    standIn.accepted.set(idempotencyKey ?? "", body);
    return HttpResponse.json({ ok: true });
  };

  const answer =
    (which: "medications" | "testimonials" | "promo") =>
    async ({ request }: { request: Request }) => {
      if (standIn.mode === "refusing") return HttpResponse.error();
      standIn.gets.push({ path: new URL(request.url).pathname, authorization: request.headers.get("Authorization") });
      const planned = standIn[which];
      if (planned.delayMs) await wait(planned.delayMs);
      if (standIn.mode === "failing") return HttpResponse.json({ message: "down" }, { status: 500 });
      const status = planned.status ?? 200;
      if (planned.text !== undefined) {
        return new HttpResponse(planned.text, { status, headers: { "Content-Type": "application/json" } });
      }
      return HttpResponse.json(planned.json ?? null, { status });
    };

  const handlers: Handler[] = [
    http.post(`${providerBaseUrl}${salesPath}`, receive),
    http.post(`${providerBaseUrl}${saveProductSelectionPath}/:responderUuid`, receive),
    http.post(`${providerBaseUrl}${savePreCheckoutPath}/:responderUuid`, receive),
    http.post(`${providerBaseUrl}${orderEventsPath}`, receive),
    http.post(`${providerBaseUrl}${preAuthCheckoutPath}`, async (info) => {
      const answered = await receive(info);
      if (standIn.mode !== "up") return answered;
      return HttpResponse.json(standIn.orderDestination);
    }),
    http.get(`${providerBaseUrl}${medicationsPath}/:responderUuid`, answer("medications")),
    http.get(`${providerBaseUrl}${testimonialsPath}/:responderUuid`, answer("testimonials")),
    http.get(`${providerBaseUrl}${checkDiscountPath}/:code/:priceInCents`, answer("promo")),
  ];
  return { standIn, handlers };
}

/** The provider's stand-in for every test of a file: answering throughout, and fresh before each test. */
export const useProviderStandIn = (): ProviderStandIn => useStandIn(providerStandIn());
