// The provider's HTTP API at the configured base address (spec section 7).
import { fallbackCatalogue } from "../../funnel/catalogue";
import { readCatalogue } from "../../funnel/catalogue-answer";
import { readTestimonials, type Testimonial } from "../../funnel/testimonials";
import { readOrderDestination } from "../../funnel/pre-auth-order";
import type { PromoCheck, PromoResult } from "../../funnel/promo";
import { ProviderError, standInAnswer, type Provider } from "./provider.server";
import { log } from "../log.server";

export interface HttpProviderSettings {
  baseUrl: string;
  token: string | undefined;
  salesPath: string;
  saveProductSelectionPath: string;
  savePreCheckoutPath: string;
  checkDiscountPath: string;
  preAuthCheckoutPath: string;
  orderEventsPath: string;
  medicationsPath: string;
  testimonialsPath: string;
  /** The outbox waits; the visitor does not. */
  timeoutMs?: number;
  /** The selection page waits for it, then uses the fallback. */
  medicationsTimeoutMs?: number;
  /** Short, so a slow provider never holds the page. */
  testimonialsTimeoutMs?: number;
}

/** Keeping any path the base address has. */
export function providerUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

export function httpProvider(settings: HttpProviderSettings): Provider {
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const medicationsTimeoutMs = settings.medicationsTimeoutMs ?? 5_000;
  const testimonialsTimeoutMs = settings.testimonialsTimeoutMs ?? 1_500;

  function headers(extra: Record<string, string>): Record<string, string> {
    const all: Record<string, string> = { Accept: "application/json", ...extra };
    if (settings.token) all.Authorization = `Bearer ${settings.token}`;
    return all;
  }

  const forResponder = (path: string, responderUuid: string) => `${path}/${encodeURIComponent(responderUuid)}`;
  /** Errors and logs never name her uuid. */
  const labelOf = (path: string) => `${path}/{uuid}`;

  /** A network failure or timeout is a ProviderError. */
  async function send(path: string, body: unknown, idempotencyKey: string, label: string): Promise<Response> {
    try {
      return await fetch(providerUrl(settings.baseUrl, path), {
        method: "POST",
        headers: headers({ "Content-Type": "application/json", "Idempotency-Key": idempotencyKey }),
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.name : "unknown";
      throw new ProviderError(`POST ${label} failed: ${reason}`);
    }
  }

  async function post(path: string, body: unknown, idempotencyKey: string, label = path): Promise<void> {
    const response = await send(path, body, idempotencyKey, label);
    // Only the status matters (spec section 7); the body is drained so the socket is reused.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new ProviderError(`POST ${label} answered ${response.status}`, response.status);
  }

  const postForResponder = (path: string, responderUuid: string, body: unknown, idempotencyKey: string) =>
    post(forResponder(path, responderUuid), body, idempotencyKey, labelOf(path));

  /** All of it, body included, within the time limit. */
  async function getJson(path: string, limitMs: number, label: string): Promise<unknown> {
    try {
      const response = await fetch(providerUrl(settings.baseUrl, path), {
        headers: headers({}),
        signal: AbortSignal.timeout(limitMs),
      });
      if (!response.ok) {
        await response.arrayBuffer().catch(() => undefined);
        throw new ProviderError(`GET ${label} answered ${response.status}`, response.status);
      }
      return await response.json();
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      const reason = error instanceof Error ? error.name : "unknown";
      throw new ProviderError(`GET ${label} failed: ${reason}`);
    }
  }

  /** The message names no uuid. */
  function warn(error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ reason }, "provider answer replaced");
  }

  return {
    postSalesFunnelRecord: (body, idempotencyKey) => post(settings.salesPath, body, idempotencyKey),

    async getMedications(responderUuid) {
      const path = settings.medicationsPath;
      try {
        const catalogue = readCatalogue(await getJson(forResponder(path, responderUuid), medicationsTimeoutMs, labelOf(path)));
        if (catalogue) return catalogue;
        warn(new ProviderError(`GET ${labelOf(path)} answered no catalogue we can show`));
      } catch (error) {
        warn(error);
      }
      return standInAnswer(fallbackCatalogue);
    },

    async getTestimonials(responderUuid) {
      const path = settings.testimonialsPath;
      try {
        return readTestimonials(await getJson(forResponder(path, responderUuid), testimonialsTimeoutMs, labelOf(path)));
      } catch (error) {
        warn(error);
        return standInAnswer<Testimonial[]>([]);
      }
    },

    saveProductSelection: (responderUuid, body, idempotencyKey) =>
      postForResponder(settings.saveProductSelectionPath, responderUuid, body, idempotencyKey),

    checkPromoCode: (code, priceInCents) => checkHttpPromoCode(settings, code, priceInCents),

    /** Spec section 7. Another answer is named by its status only: its body may repeat what she typed, and errors are logged. */
    async preAuthCheckout(body, idempotencyKey) {
      const label = settings.preAuthCheckoutPath;
      const response = await send(label, body, idempotencyKey, label);
      const answer: unknown = await response.json().catch(() => null);
      if (response.status !== 200) throw new ProviderError(`POST ${label} answered ${response.status}`, response.status);
      return readOrderDestination(answer);
    },

    savePreCheckout: (responderUuid, body, idempotencyKey) =>
      postForResponder(settings.savePreCheckoutPath, responderUuid, body, idempotencyKey),

    async reportOrderEvent(body, idempotencyKey) {
      const label = settings.orderEventsPath;
      const response = await send(label, body, idempotencyKey, label);
      if (!response.ok) throw new ProviderError(`POST ${label} answered ${response.status}`, response.status);
    },
  };
}

/** She is waiting on the final checkout. */
const promoCheckTimeoutMs = 5_000;

/** From a number or numeric string. */
function centsIn(value: unknown): number | undefined {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isFinite(number) || number < 0) return undefined;
  return Math.round(number);
}

/** Spec section 3, "Promo result". A refusal may leave the amounts out: nothing comes off. */
export function readPromoResult(answer: unknown, priceInCents: number): PromoResult | undefined {
  if (typeof answer !== "object" || answer === null || Array.isArray(answer)) return undefined;
  const { valid, adjusted_price, discount_amount, message } = answer as Record<string, unknown>;
  if (typeof valid !== "boolean") return undefined;
  const adjusted = centsIn(adjusted_price);
  const discount = centsIn(discount_amount);
  if ((adjusted_price != null && adjusted === undefined) || (discount_amount != null && discount === undefined)) {
    return undefined;
  }
  if (valid && adjusted === undefined && discount === undefined) return undefined;
  const result: PromoResult = {
    valid,
    adjusted_price: adjusted ?? Math.max(0, priceInCents - (discount ?? 0)),
    discount_amount: discount ?? Math.max(0, priceInCents - (adjusted ?? priceInCents)),
  };
  if (typeof message === "string" && message.trim() !== "") result.message = message.trim().slice(0, 300);
  return result;
}

/** Spec section 7. Never throws; logged with the path only, never the code. */
export async function checkHttpPromoCode(
  settings: Pick<HttpProviderSettings, "baseUrl" | "token" | "checkDiscountPath">,
  code: string,
  priceInCents: number,
): Promise<PromoCheck> {
  const price = Number.isFinite(priceInCents) ? Math.max(0, Math.round(priceInCents)) : 0;
  const label = `GET ${settings.checkDiscountPath}/{code}/{price}`;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (settings.token) headers.Authorization = `Bearer ${settings.token}`;
  const url = providerUrl(settings.baseUrl, `${settings.checkDiscountPath}/${encodeURIComponent(code)}/${price}`);
  const warn = (reason: string) => log.warn({ reason: `${label} ${reason}` }, "promo check failed");

  let response: Response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(promoCheckTimeoutMs) });
  } catch (error) {
    warn(`failed: ${error instanceof Error ? error.name : "unknown"}`);
    return { outcome: "unreachable" };
  }
  if (response.status !== 200) {
    await response.arrayBuffer().catch(() => undefined);
    warn(`answered ${response.status}`);
    return { outcome: "http-error", status: response.status };
  }
  let answer: unknown;
  try {
    answer = await response.json();
  } catch (error) {
    // A body cut off by the time limit is no answer; a body that is not JSON is a bad one.
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      warn(`failed: ${error.name}`);
      return { outcome: "unreachable" };
    }
    warn("answered malformed JSON");
    return { outcome: "http-error", status: 502 };
  }
  const result = readPromoResult(answer, price);
  if (!result) {
    warn("answered no promo result we can read");
    return { outcome: "http-error", status: 502 };
  }
  return { outcome: "answered", result };
}
