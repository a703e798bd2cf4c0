// What the checkout services and the payment gateway say, in English, is put into her words on
// her pages by the English catalogue's wording: every message they make must be one it knows,
// or a Spanish page would show it in English.
import { describe, expect, it } from "vitest";
import { promoCartChanged } from "../../app/funnel/cart";
import { promoMessages, promoNoLongerAvailable, promoWithdrawnMessage } from "../../app/funnel/promo";
import { tooManyPaymentsMessage, tooManyPromoCodesMessage } from "../../app/funnel/rate-limits";
import { notServedMessage, stateUnavailableNotice } from "../../app/funnel/state-availability";
import { paymentMessages, testCards } from "../../app/funnel/test-cards";
import { zipStateProblem } from "../../app/funnel/zip-codes";
import { translator } from "../../app/i18n/messages";
import { herWords } from "../../app/server/checkout/checkout-words.server";

const es = translator("es");
const en = translator("en");

const servicesSay = [
  ...Object.values(paymentMessages),
  ...testCards.flatMap((card) => (card.declineMessage ? [card.declineMessage] : [])),
  "Payment failed. Please try again.",
  "No medications selected",
  "Your order total is $1,263.50. Please review your order and try again.",
  promoMessages.invalid,
  promoMessages.failed,
  promoMessages.applied(5000),
  promoNoLongerAvailable,
  promoWithdrawnMessage(126350),
  promoCartChanged,
  "Promo codes are not offered for this order.",
  stateUnavailableNotice,
  notServedMessage("AK"),
  zipStateProblem("90210", "NY", () => ({ city: "Beverly Hills", state: "CA" }))!,
  tooManyPaymentsMessage(61),
  tooManyPromoCodesMessage(30),
];

describe("herWords", () => {
  it.each(servicesSay)("knows %j, and says it in Spanish", (message) => {
    const words = herWords(es, message);
    expect(words.english).toBe(false);
    expect(words.text).not.toBe(message);
    // English is left exactly as the service said it.
    expect(herWords(en, message)).toEqual({ text: message, english: false });
  });

  it("keeps the values a message carries: amounts, states, a wait's minutes", () => {
    expect(herWords(es, promoMessages.applied(5000)).text).toBe("¡Código promocional aplicado! Ahorró $50.00");
    expect(herWords(es, notServedMessage("AK")).text).toContain("todavía no atendemos en Alaska");
    expect(herWords(es, tooManyPaymentsMessage(61)).text).toBe("Demasiados intentos de pago. Vuelva a intentarlo en 2 minutos.");
    expect(herWords(es, tooManyPromoCodesMessage(30)).text).toMatch(/en 1 minuto\.$/);
  });

  it("leaves a message it does not know (a card issuer's own) as it came, marked English on a Spanish page", () => {
    expect(herWords(es, "Your card does not support this type of purchase.")).toEqual({
      text: "Your card does not support this type of purchase.",
      english: true,
    });
    expect(herWords(en, "Your card does not support this type of purchase.").english).toBe(false);
  });
});
