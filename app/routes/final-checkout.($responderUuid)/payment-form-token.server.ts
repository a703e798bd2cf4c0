// The payment form's CSRF token: besides the cross-site check every post passes
// (server.mjs), the final checkout's form carries a token only a page drawn for this browser
// session and this flow could have. Keyed on the session secret, so nothing is stored.
import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "../../server/session-secret.server";

export const paymentFormTokenField = "csrf";

export function paymentFormToken(sessionId: string, responderUuid: string): string {
  return createHmac("sha256", sessionSecret()).update(`payment-form\0${sessionId}\0${responderUuid}`).digest("base64url");
}

export function paymentFormTokenIsValid(given: unknown, sessionId: string, responderUuid: string): boolean {
  if (typeof given !== "string" || !sessionId) return false;
  const expected = Buffer.from(paymentFormToken(sessionId, responderUuid));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
