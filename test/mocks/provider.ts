// MSW handlers for the provider's HTTP API (spec section 7): a stand-in that can be up,
// answer 500, or refuse the connection, and that records what it received.
import { http, HttpResponse } from "msw";

export const providerBaseUrl = "https://provider.test";
export const salesPath = "/api/hrt_checkout/sales_funnel";

export type ProviderMode = "up" | "failing" | "refusing";

export interface ProviderStandIn {
  mode: ProviderMode;
  /** Every request that reached the provider, delivered or not. */
  requests: { idempotencyKey: string | null; authorization: string | null; body: Record<string, unknown> }[];
  /** Bodies the provider accepted, by idempotency key (a repeat replaces, as a real API would). */
  accepted: Map<string, Record<string, unknown>>;
}

export function providerStandIn(): { standIn: ProviderStandIn; handlers: ReturnType<typeof http.post>[] } {
  const standIn: ProviderStandIn = { mode: "up", requests: [], accepted: new Map() };
  const handlers = [
    http.post(`${providerBaseUrl}${salesPath}`, async ({ request }) => {
      if (standIn.mode === "refusing") return HttpResponse.error();
      const body = (await request.json()) as Record<string, unknown>;
      const idempotencyKey = request.headers.get("Idempotency-Key");
      standIn.requests.push({ idempotencyKey, authorization: request.headers.get("Authorization"), body });
      if (standIn.mode === "failing") return HttpResponse.json({ message: "down" }, { status: 500 });
      standIn.accepted.set(idempotencyKey ?? "", body);
      return HttpResponse.json({ ok: true });
    }),
  ];
  return { standIn, handlers };
}
