// The sandbox's three card fields as a form posts them (the final checkout, another card on
// her page): read and checked, so the gateway never sees a malformed one. Its messages are
// catalogue ids, put into her words with the form's reply (`visitor.reply`, `translateReply`).
import type { MessageId } from "../../i18n/en";
import { cardBrand, readCardNumber, readExpiry, readSecurityCode } from "../../funnel/test-cards";
import { formText } from "../../funnel/form-text";

/** What each card field says when its value cannot be used (test-cards.ts keeps the gateway's English). */
export const cardFieldMessages = {
  cardNumber: "cardForm.cardNumberInvalid",
  expiryFormat: "cardForm.expiryFormat",
  expired: "cardForm.expired",
  securityCode3: "cardForm.securityCode3",
  securityCode4: "cardForm.securityCode4",
} as const satisfies Record<string, MessageId>;

export function readSandboxCard(formData: FormData) {
  const number = readCardNumber(formText(formData, "cardNumber"));
  const expiryText = formText(formData, "expiry");
  const expiry = readExpiry(expiryText, new Date());
  const brand = cardBrand(number ?? "");
  const securityCode = readSecurityCode(formText(formData, "securityCode"), brand);
  const errors: Record<string, string[]> = {};
  if (!number) errors.cardNumber = [cardFieldMessages.cardNumber];
  if (!expiry.ok) errors.expiry = [expiry.reason === "expired" ? cardFieldMessages.expired : cardFieldMessages.expiryFormat];
  if (!securityCode) errors.securityCode = [brand === "amex" ? cardFieldMessages.securityCode4 : cardFieldMessages.securityCode3];
  const card = number && expiry.ok && securityCode ? { number, expiry: expiryText, securityCode } : undefined;
  return { card, errors };
}
