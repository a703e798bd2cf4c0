// Checkout tokens as their senders make them (spec section 5), for unit, integration and e2e
// tests. Playwright imports this too, so it needs nothing but jose and Node.
import { SignJWT } from "jose";

/** TOKEN_SECRET for tests: long enough for the config's 32-character minimum. */
export const testTokenSecret = "test-token-secret-0123456789-abcdefghijklmnop";

/** LEGACY_TOKEN_KEY for tests. */
export const testLegacyKey = "test-legacy-key";

/** The uuid of Tina's flow, the one the tokens of the arrival tests name. */
export const tinasTokenUuid = "0b9f8c1e-2d3a-4b5c-8d6e-7f8091a2b3c4";

/** What a sender puts in Tina's token (spec section 3, "Token payload"): her details, a Gel, monthly. */
export const tinasTokenPayload = {
  responder_uuid: tinasTokenUuid,
  first_name: "Tina",
  last_name: "Token",
  email_address: "tina@example.org",
  phone: "212-555-0188",
  product_id: "gel",
  selected_plan: "monthly",
};

/** The toasts of a token's arrival in the spec's words (section 8), as a page hands them on. */
export const tokenToasts = {
  "details-loaded": {
    title: "Details Loaded",
    description: "Your information has been pre-filled from the secure token.",
    tone: "success",
  },
  "account-found": {
    title: "Account Found",
    description: "Your information has been pre-filled from your secure session.",
    tone: "success",
  },
  "token-error": {
    title: "Token Error",
    description: "The token format is invalid or corrupted. Please proceed with manual entry.",
    tone: "error",
  },
} as const;

/** A signed token (JWT) that expires 15 minutes after it was issued unless told otherwise. */
export async function signedToken(
  payload: Record<string, unknown>,
  secret: string,
  options: { expiresInSeconds?: number; issuedAt?: Date; alg?: "HS256" | "HS512" } = {},
): Promise<string> {
  const issuedAt = Math.floor((options.issuedAt ?? new Date()).getTime() / 1000);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: options.alg ?? "HS256", typ: "JWT" })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (options.expiresInSeconds ?? 15 * 60))
    .sign(new TextEncoder().encode(secret));
}

/** The obfuscated legacy form: JSON, XOR the key's UTF-8 bytes repeated, standard base64. */
export function obfuscatedToken(payload: Record<string, unknown>, key: string): string {
  const bytes = Buffer.from(JSON.stringify(payload), "utf8");
  const keyBytes = Buffer.from(key, "utf8");
  for (let i = 0; i < bytes.length; i++) bytes[i] = bytes[i]! ^ keyBytes[i % keyBytes.length]!;
  return bytes.toString("base64");
}
