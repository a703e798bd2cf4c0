// Her card update's words: the card named by its brand and last four only, and when the new
// card is first charged (under review the hold pays the first period, so from the first renewal).
import { describe, expect, it } from "vitest";
import { formatEmailDate, renderEmail } from "../../app/funnel/emails";
import { canUpdateCard, cardName } from "../../app/funnel/her-card";
import { anEmailOrder } from "../support/factories";

const order = anEmailOrder();
const links = {
  subscription: "https://care.example/subscription/abc.1.sig",
  payment: "https://care.example/subscription/abc.1.sig/payment",
};

describe("her card update", () => {
  it("names a card by its brand and last four digits", () => {
    expect(cardName({ brand: "visa", last4: "4242" })).toBe("Visa ending 4242");
    expect(cardName({ brand: "unknown", last4: "0005" })).toBe("Card ending 0005");
    expect(cardName({ brand: "visa", last4: null })).toBeUndefined();
  });

  it("is open while her plan is under review, running or ending; not while a payment is due or once ended", () => {
    expect(["on_hold", "active", "ending"].every((state) => canUpdateCard(state as never))).toBe(true);
    expect(
      ["payment_needed", "past_due", "hold_expired", "cancelled", "lapsed", "declined", "disqualified"].some((state) =>
        canUpdateCard(state as never),
      ),
    ).toBe(false);
  });

  it("her email says the new card, from when, and how to undo it", () => {
    const next = new Date("2027-03-03T10:00:00Z");
    const running = renderEmail(order, { kind: "card_updated", card: "Mastercard ending 4444", nextBillingAt: next }, links).text;
    expect(running).toContain("Your card for future payments is now Mastercard ending 4444.");
    expect(running).toContain(
      `We will use it from your next payment, on ${formatEmailDate(next)}, and no longer charge the card you used before.`,
    );
    expect(running).toContain("To undo it, update your card again from your subscription page.");
    const underReview = renderEmail(order, { kind: "card_updated", card: "Mastercard ending 4444", beforeReview: true }, links).text;
    expect(underReview).toContain("your first payment is taken from the hold already on the card you gave at checkout");
    expect(underReview).toContain("Your new card is used from your first renewal on.");
  });
});
