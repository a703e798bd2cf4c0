// The payment form's CSRF token: besides the cross-site check every post passes
// (server.mjs), the final checkout's form carries a token only a page drawn for this browser
// session and this flow could have. Keyed on the session secret, so nothing is stored.
import { signerFor } from "../../server/secrets/signed-link.server";

export const paymentFormTokenField = "csrf";

const paymentForms = signerFor({ prefix: "payment-form\0" });

export function paymentFormToken(sessionId: string, responderUuid: string): string {
  return paymentForms.sign(`${sessionId}\0${responderUuid}`);
}

export function paymentFormTokenIsValid(given: unknown, sessionId: string, responderUuid: string): boolean {
  return Boolean(sessionId) && paymentForms.matches(given, `${sessionId}\0${responderUuid}`);
}
