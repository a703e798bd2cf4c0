// Checkout tokens (spec section 5): a JWT (HS256), or the legacy XOR form, which proves nothing
// and is read only with LEGACY_TOKEN_KEY. The visitor sees spec section 8's one "Token Error"
// whatever the reason. Tokens are personal data: never in a log line or error message.
import { errors, jwtVerify } from "jose";
import { readTokenPayload, type TokenDetails } from "../../funnel/token-payload";
import { config } from "../config.server";

export type TokenRefusal = "malformed" | "bad-signature" | "expired" | "not-configured" | "missing-fields";

/**
 * For one browser per token (token-arrival.server.ts). `identity`: the `jti`, else what was
 * signed (a signature re-spelled in base64url's spare bits verifies the same, so not the whole
 * text), for the legacy form its decoded bytes. It holds her details: hashed before kept, never
 * logged. The legacy form never expires.
 */
export interface TokenUse {
  identity: string;
  expiresAt: Date | null;
}

export type TokenReading =
  { ok: true; details: TokenDetails; form: "signed" | "legacy"; use: TokenUse } | { ok: false; refusal: TokenRefusal };

export interface TokenKeys {
  signingSecret?: string;
  legacyKey?: string;
}

/** Longer than any honest token; a query string is no place for a document. */
const maxTokenLength = 4096;

// Both base64 alphabets, padding optional. Node's decoder skips characters it does not know,
// so the alphabet is checked first.
const base64Pattern = /^[A-Za-z0-9+/_-]+={0,2}$/;

export async function readToken(token: string, keys: TokenKeys, now: Date = new Date()): Promise<TokenReading> {
  if (token.length === 0 || token.length > maxTokenLength) return refused("malformed");
  const parts = token.split(".");
  if (parts.length === 3) return readSignedToken(token, keys.signingSecret, now);
  // Anything else can only be the obfuscated form, and that has no dots.
  if (!base64Pattern.test(token)) return refused("malformed");
  if (!keys.legacyKey) return refused("not-configured");
  const decoded = decodeLegacyToken(token, keys.legacyKey);
  if (decoded === undefined) return refused("malformed");
  return detailsOf(decoded.payload, "legacy", { identity: `legacy:${decoded.bytes}`, expiresAt: null });
}

export function configuredTokenKeys(): TokenKeys {
  const settings = config();
  return { signingSecret: settings.TOKEN_SECRET, legacyKey: settings.LEGACY_TOKEN_KEY };
}

async function readSignedToken(token: string, secret: string | undefined, now: Date): Promise<TokenReading> {
  if (!secret) return refused("not-configured");
  try {
    // Pinning HS256 refuses "none" and every other algorithm a sender might slip in.
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ["HS256"],
      currentDate: now,
      // A token that never expires would be a key to her details for ever.
      requiredClaims: ["exp"],
    });
    return detailsOf(payload, "signed", signedTokenUse(token, payload));
  } catch (error) {
    const code = error instanceof errors.JOSEError ? error.code : undefined;
    if (code === "ERR_JWT_EXPIRED") return refused("expired");
    if (code === "ERR_JWS_SIGNATURE_VERIFICATION_FAILED") return refused("bad-signature");
    // A bad header or payload, another algorithm, or a token not valid yet (nbf).
    return refused("malformed");
  }
}

/** Longer than any honest token id. */
const maxJtiLength = 256;

/** See TokenUse. */
function signedTokenUse(token: string, payload: { jti?: unknown; exp?: unknown }): TokenUse {
  const expiresAt = typeof payload.exp === "number" ? new Date(payload.exp * 1000) : null;
  const { jti } = payload;
  if (typeof jti === "string" && jti.length > 0 && jti.length <= maxJtiLength) return { identity: `jti:${jti}`, expiresAt };
  return { identity: `signed:${token.slice(0, token.lastIndexOf("."))}`, expiresAt };
}

/** base64 → XOR the key's UTF-8 bytes → UTF-8 → JSON. `bytes`: the decoded bytes in base64url, the same for every spelling. */
function decodeLegacyToken(token: string, key: string): { payload: Record<string, unknown>; bytes: string } | undefined {
  const unpadded = token.replace(/=+$/, "");
  if (unpadded.length % 4 === 1) return undefined; // no base64 text has this length
  // Node's base64 decoder reads both alphabets, and text without padding.
  const bytes = Buffer.from(unpadded, "base64");
  const spelling = bytes.toString("base64url");
  const keyBytes = new TextEncoder().encode(key);
  for (let i = 0; i < bytes.length; i++) bytes[i] = bytes[i]! ^ keyBytes[i % keyBytes.length]!;
  try {
    const parsed: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    // A token is an object of fields; a bare number or list that happens to decode is noise.
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? { payload: parsed as Record<string, unknown>, bytes: spelling }
      : undefined;
  } catch {
    return undefined;
  }
}

function detailsOf(payload: unknown, form: "signed" | "legacy", use: TokenUse): TokenReading {
  const details = readTokenPayload(payload);
  return details ? { ok: true, details, form, use } : refused("missing-fields");
}

function refused(refusal: TokenRefusal): TokenReading {
  return { ok: false, refusal };
}

/**
 * Not held to one browser, as a link is: the provider's integration has no cookie, sends the
 * same token with each JSON post of a flow, and a header leaks through no history, Referer or
 * mail scanner. These routes show nothing of hers; they only save and pay.
 */
export async function bearerMayAct(request: Request, responderUuid: string): Promise<boolean> {
  const header = request.headers.get("Authorization") ?? "";
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) return false;
  const reading = await readToken(token, configuredTokenKeys());
  // Only a signed token: the obfuscated legacy form can be made by anyone who knows its key.
  return reading.ok && reading.form === "signed" && reading.details.responderUuid === responderUuid;
}
