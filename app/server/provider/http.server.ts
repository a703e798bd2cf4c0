// The provider's HTTP API at the configured base address (spec section 7).
import { ProviderError, type Provider } from "./provider.server";

export interface HttpProviderSettings {
  baseUrl: string;
  token: string | undefined;
  salesPath: string;
  timeoutMs?: number;
}

/** The base address and a path joined, keeping any path the base address has. */
export function providerUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

export function httpProvider(settings: HttpProviderSettings): Provider {
  const timeoutMs = settings.timeoutMs ?? 10_000;

  async function post(path: string, body: unknown, idempotencyKey: string): Promise<void> {
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      Accept: "application/json",
      "Idempotency-Key": idempotencyKey,
    };
    if (settings.token) headers.Authorization = `Bearer ${settings.token}`;
    let response: Response;
    try {
      response = await fetch(providerUrl(settings.baseUrl, path), {
        method: "POST",
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.name : "unknown";
      throw new ProviderError(`POST ${path} failed: ${reason}`);
    }
    // Only the status matters (spec section 7); the body is drained so the socket is reused.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new ProviderError(`POST ${path} answered ${response.status}`, response.status);
  }

  return {
    postSalesFunnelRecord: (body, idempotencyKey) => post(settings.salesPath, body, idempotencyKey),
  };
}
