// The sandbox's three card fields as a form posts them (the final checkout, another card on
// her page): read and checked, so the gateway never sees a malformed one.
import { cardBrand, cardInputMessages, readCardNumber, readExpiry, readSecurityCode } from "../../funnel/test-cards";

export function readSandboxCard(formData: FormData) {
  const number = readCardNumber(String(formData.get("cardNumber") ?? ""));
  const expiryText = String(formData.get("expiry") ?? "");
  const expiry = readExpiry(expiryText, new Date());
  const brand = cardBrand(number ?? "");
  const securityCode = readSecurityCode(String(formData.get("securityCode") ?? ""), brand);
  const errors: Record<string, string[]> = {};
  if (!number) errors.cardNumber = [cardInputMessages.cardNumber];
  if (!expiry.ok) errors.expiry = [expiry.message];
  if (!securityCode) errors.securityCode = [cardInputMessages.securityCode(brand)];
  const card = number && expiry.ok && securityCode ? { number, expiry: expiryText, securityCode } : undefined;
  return { card, errors };
}
