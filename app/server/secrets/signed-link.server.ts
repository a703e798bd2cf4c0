// Addresses carrying what they name with the server's signature, so they open that and nothing
// else. Each purpose signs its own way (no token passes for another's) and keeps its format, so
// links already sent keep opening. Signatures are compared as text in constant time, ids
// accepted in their one spelling. Keys come from the session secret:
// - a key of its own, HMAC(HMAC(secret, purpose), text): her private link, the plan link;
// - the purpose before the text, HMAC(secret, purpose + text): the flow claim, the payment form's
//   token, and keyed hashes (a secure link's first use, a rate limit's counter).
import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "../visitor/session-secret.server";

export interface Signer {
  /** base64url. */
  sign(text: string): string;
  /** Spelled exactly so. */
  matches(given: unknown, text: string): boolean;
}

/** Under the session secret, base64url. */
export function keyedHash(text: string): string {
  return createHmac("sha256", sessionSecret()).update(text).digest("base64url");
}

/** `length` keeps the signature's first characters only (the flow claim's 32). */
export function signerFor(purpose: { key: string } | { prefix: string }, length?: number): Signer {
  // Made once per secret: a page may sign on every view.
  let keyOf: { secret: unknown; key: Buffer } | undefined;
  const purposeKey = (key: string) => {
    const secret = sessionSecret();
    if (keyOf?.secret !== secret) keyOf = { secret, key: createHmac("sha256", secret).update(key).digest() };
    return keyOf.key;
  };
  const full =
    "key" in purpose
      ? (text: string) => createHmac("sha256", purposeKey(purpose.key)).update(text).digest("base64url")
      : (text: string) => keyedHash(`${purpose.prefix}${text}`);
  const sign = (text: string) => (length === undefined ? full(text) : full(text).slice(0, length));
  return { sign, matches: (given, text) => typeof given === "string" && sameText(given, sign(text)) };
}

/** base64url's last character carries spare bits a decoder ignores: two spellings must not both pass. */
export function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function idOfUuid(uuid: string): string {
  return Buffer.from(uuid.replace(/-/g, ""), "hex").toString("base64url");
}

/** Only its one spelling (its last character has spare bits too). */
export function uuidOfId(id: string): string | undefined {
  const hex = Buffer.from(id, "base64url").toString("hex");
  if (!/^[0-9a-f]{32}$/.test(hex) || Buffer.from(hex, "hex").toString("base64url") !== id) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
