// The provider's signature on what it posts to us (POST /api/review-outcome), made as Stripe
// signs its webhooks: `Provider-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<raw body>">` with PROVIDER_WEBHOOK_SECRET. The time bounds a replay to 5 minutes;
// several v1 values are accepted so that the provider can roll its secret over.
import { createHmac, timingSafeEqual } from "node:crypto";

export const signatureHeader = "Provider-Signature";
/** How old (or how far ahead, for a fast clock) a signature may be. */
export const signatureToleranceSeconds = 5 * 60;

export function signProviderPayload(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
}

/** The header as the provider sends it. */
export function providerSignatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signProviderPayload(secret, timestamp, body)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: "missing" | "malformed" | "stale" | "mismatch" };

export function verifyProviderSignature(header: string | null, body: string, secret: string, now: Date = new Date()): SignatureCheck {
  if (!header?.trim()) return { ok: false, reason: "missing" };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && value && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: "malformed" };
  if (Math.abs(now.getTime() / 1000 - timestamp) > signatureToleranceSeconds) return { ok: false, reason: "stale" };
  const expected = Buffer.from(signProviderPayload(secret, timestamp, body), "hex");
  const matches = signatures.some((signature) => timingSafeEqual(Buffer.from(signature, "hex"), expected));
  return matches ? { ok: true } : { ok: false, reason: "mismatch" };
}
