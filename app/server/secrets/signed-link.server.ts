// Signed links: an address that carries what it names (a flow, a subscription) with the
// server's signature, so the address alone opens that and nothing else. Each kind signs for
// its own purpose, so no token of ours passes for another's, and each keeps its own format:
// links already sent keep opening. All are read the same way: the signature compared as text
// in constant time, an id accepted only in its one spelling.
//
// The keys come from the session secret. How a purpose keys its signatures is part of its
// format and never changes:
// - a key of its own, HMAC(HMAC(secret, purpose), text): her private link, the plan link;
// - the purpose written before the text, HMAC(secret, purpose + text): the flow claim, the
//   payment form's token, and the keyed hashes that name a thing without telling it (a
//   secure link's first use, a rate limit's counter).
import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "../visitor/session-secret.server";

export interface Signer {
  /** The signature of `text`, in base64url. */
  sign(text: string): string;
  /** Whether `given` is that signature, spelled exactly so. */
  matches(given: unknown, text: string): boolean;
}

/** HMAC-SHA256 of `text` under the session secret, in base64url. */
export function keyedHash(text: string): string {
  return createHmac("sha256", sessionSecret()).update(text).digest("base64url");
}

/**
 * The signer of one purpose: `{ key }` signs under a key of its own, `{ prefix }` under the
 * session secret with the prefix before the text. `length` keeps the signature's first
 * characters only (the flow claim's 32).
 */
export function signerFor(purpose: { key: string } | { prefix: string }, length?: number): Signer {
  // A purpose's key is made once for the secret it comes from (a page may sign on every view).
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

/**
 * Compared as text, in a time that does not say where they differ: base64url's last character
 * carries spare bits a decoder ignores, so two spellings of one signature must not both pass.
 */
export function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A uuid as 22 base64url characters: its 16 bytes. */
export function idOfUuid(uuid: string): string {
  return Buffer.from(uuid.replace(/-/g, ""), "hex").toString("base64url");
}

/** The uuid an id spells, or undefined: only its one spelling (its last character has spare bits too). */
export function uuidOfId(id: string): string | undefined {
  const hex = Buffer.from(id, "base64url").toString("hex");
  if (!/^[0-9a-f]{32}$/.test(hex) || Buffer.from(hex, "hex").toString("base64url") !== id) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
