// The provider's HTTP API at the configured base address (spec section 7).
import { fallbackCatalogue } from "../../funnel/catalogue";
import { readCatalogue } from "../../funnel/catalogue-answer";
import { readTestimonials, type Testimonial } from "../../funnel/testimonials";
import { ProviderError, standInAnswer, type Provider } from "./provider.server";

export interface HttpProviderSettings {
  baseUrl: string;
  token: string | undefined;
  salesPath: string;
  saveProductSelectionPath: string;
  savePreCheckoutPath: string;
  medicationsPath: string;
  testimonialsPath: string;
  /** Time limit of a post (the outbox waits; the visitor does not). */
  timeoutMs?: number;
  /** Time limit of the catalogue: the selection page waits for it, then uses the fallback. */
  medicationsTimeoutMs?: number;
  /** Time limit of the testimonials: short, so a slow provider never holds the page. */
  testimonialsTimeoutMs?: number;
}

/** The base address and a path joined, keeping any path the base address has. */
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

  /** The path for one responder: path + /{responder_uuid}. */
  const forResponder = (path: string, responderUuid: string) => `${path}/${encodeURIComponent(responderUuid)}`;
  /** How a call is named in errors and logs: the path, with the uuid left out. */
  const labelOf = (path: string) => `${path}/{uuid}`;

  async function post(path: string, body: unknown, idempotencyKey: string, label = path): Promise<void> {
    let response: Response;
    try {
      response = await fetch(providerUrl(settings.baseUrl, path), {
        method: "POST",
        headers: headers({ "Content-Type": "application/json", "Idempotency-Key": idempotencyKey }),
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.name : "unknown";
      throw new ProviderError(`POST ${label} failed: ${reason}`);
    }
    // Only the status matters (spec section 7); the body is drained so the socket is reused.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new ProviderError(`POST ${label} answered ${response.status}`, response.status);
  }

  /** GET and parse JSON, all of it (body included) within the time limit. */
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

  /** Says why an answer was replaced; the message names no uuid. */
  function warn(error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(JSON.stringify({ msg: "provider answer replaced", reason }));
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
        return readTestimonials(
          await getJson(forResponder(path, responderUuid), testimonialsTimeoutMs, labelOf(path)),
        );
      } catch (error) {
        warn(error);
        return standInAnswer<Testimonial[]>([]);
      }
    },

    saveProductSelection: (responderUuid, body, idempotencyKey) =>
      post(
        forResponder(settings.saveProductSelectionPath, responderUuid),
        body,
        idempotencyKey,
        labelOf(settings.saveProductSelectionPath),
      ),

    savePreCheckout: (responderUuid, body, idempotencyKey) =>
      post(
        forResponder(settings.savePreCheckoutPath, responderUuid),
        body,
        idempotencyKey,
        labelOf(settings.savePreCheckoutPath),
      ),
  };
}
