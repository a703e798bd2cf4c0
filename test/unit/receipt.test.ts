// Her receipt's content: which payments have one, the period each covers, which card paid it
// (named only when certain), the lines and total (a promo code's discount on the first
// period, a refund's amount back), and the words a plan administrator looks for.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderEmail } from "../../app/funnel/emails";
import {
  cardOfPayment,
  cardText,
  hasReceipt,
  periodCovered,
  planOfPayment,
  prescribedWords,
  receiptContent,
  receiptNumber,
  type CardHistory,
  type ReceiptFacts,
  type ReceiptPayment,
  type ReceiptTimelineLine,
} from "../../app/funnel/receipt";
import { planChangeDetail } from "../../app/funnel/plan-change";
import { anEmailOrder } from "../support/factories";

const at = (iso: string) => new Date(iso);
const merchant = {
  name: "Menopause Care",
  address: "100 Example Street, Portland, OR 97201, USA",
  phone: "1-888-555-0142",
  email: "care@example.com",
};

const capture: ReceiptPayment = {
  id: 12,
  kind: "capture",
  status: "succeeded",
  period: 0,
  amountCents: 12_900,
  at: at("2027-01-31T15:00:00Z"),
  refundOf: null,
};
const renewal: ReceiptPayment = {
  id: 15,
  kind: "charge",
  status: "succeeded",
  period: 1,
  amountCents: 13_900,
  at: at("2027-02-28T15:00:00Z"),
  refundOf: null,
};

function facts(overrides: Partial<ReceiptFacts> = {}): ReceiptFacts {
  return {
    merchant,
    reference: "MC-7KQ2-94XD",
    customer: { firstName: "Jane", lastName: "Doe" },
    plan: "monthly",
    medications: [
      { name: "Estradiol Patch", dosage: "0.05 mg", price: 99 },
      { name: "Progesterone", dosage: "100 mg", price: 40 },
    ],
    payment: capture,
    period: { from: capture.at, to: at("2027-02-27T15:00:00Z") },
    card: { brand: "visa", last4: "4242" },
    prescribed: true,
    ...overrides,
  };
}

describe("which payments have a receipt", () => {
  it("a capture, a paid charge and a refund made; never a hold, a release, a failed charge or a refund on its way", () => {
    expect(hasReceipt({ kind: "capture", status: "succeeded" })).toBe(true);
    expect(hasReceipt({ kind: "charge", status: "succeeded" })).toBe(true);
    expect(hasReceipt({ kind: "refund", status: "succeeded" })).toBe(true);
    expect(hasReceipt({ kind: "hold", status: "succeeded" })).toBe(false);
    expect(hasReceipt({ kind: "release", status: "succeeded" })).toBe(false);
    expect(hasReceipt({ kind: "charge", status: "failed" })).toBe(false);
    expect(hasReceipt({ kind: "charge", status: "pending" })).toBe(false);
    expect(hasReceipt({ kind: "refund", status: "pending" })).toBe(false);
    expect(hasReceipt({ kind: "refund", status: "failed" })).toBe(false);
  });

  it("numbers each receipt by the order's reference and the payment", () => {
    expect(receiptNumber("MC-7KQ2-94XD", 15)).toBe("MC-7KQ2-94XD-15");
  });
});

describe("the period a payment covers", () => {
  it("runs until the day before the next period was paid", () => {
    const covered = periodCovered(capture, [capture, renewal], "monthly", at("2027-03-31T15:00:00Z"));
    expect(covered).toEqual({ from: capture.at, to: at("2027-02-27T15:00:00Z") });
  });

  it("the latest period runs until the day before her next billing date (a date she moved included)", () => {
    const moved = at("2027-04-14T15:00:00Z");
    expect(periodCovered(renewal, [capture, renewal], "monthly", moved)).toEqual({ from: renewal.at, to: at("2027-04-13T15:00:00Z") });
  });

  it("once her plan no longer renews, the latest period is one plan length", () => {
    expect(periodCovered(renewal, [capture, renewal], "quarterly", null)).toEqual({ from: renewal.at, to: at("2027-05-27T15:00:00Z") });
  });

  it("a failed try of the next period does not end this one", () => {
    const failed: ReceiptPayment = { ...renewal, id: 14, status: "failed" };
    expect(periodCovered(capture, [capture, failed], "monthly", null).to).toEqual(at("2027-02-27T15:00:00Z"));
  });

  it("always ends on or after the day it began, whatever the payments and dates", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 6 }),
        fc.option(fc.integer({ min: -30, max: 400 })),
        fc.constantFrom("monthly", "quarterly", "6_month", "yearly" as const),
        (days, nextDays, plan) => {
          const start = at("2027-01-01T12:00:00Z").getTime();
          const paid = days.map((d, period) => ({
            kind: "charge" as const,
            status: "succeeded" as const,
            period,
            at: new Date(start + d * 86_400_000),
          }));
          const next = nextDays === null ? null : new Date(start + nextDays * 86_400_000);
          for (const payment of paid) {
            const covered = periodCovered(payment, paid, plan, next);
            expect(covered.from).toEqual(payment.at);
            expect(covered.to.getTime()).toBeGreaterThanOrEqual(covered.from.getTime());
          }
        },
      ),
    );
  });
});

describe("the card a payment was taken from", () => {
  const hold = { brand: "visa", last4: "4242" };
  const given = { brand: "mastercard", last4: "4444" };
  const base: CardHistory = { hold, current: null, currentSince: null, firstChangeAt: null, holdLapsed: false };

  it("the capture, and every charge while she gave no other card, is the hold's card", () => {
    expect(cardOfPayment(capture, base)).toBe(hold);
    expect(cardOfPayment(renewal, base)).toBe(hold);
  });

  it("a card she gave: charges from then on are on it, charges before on the hold's", () => {
    const cards: CardHistory = { ...base, current: given, currentSince: renewal.at, firstChangeAt: renewal.at };
    expect(cardOfPayment(renewal, cards)).toBe(given);
    expect(cardOfPayment({ kind: "charge", at: at("2027-01-31T15:00:00Z") }, cards)).toBe(hold);
    expect(cardOfPayment(capture, cards)).toBe(hold);
  });

  it("names no card when it is not certain (a card given while the hold lapsed, then another)", () => {
    const cards: CardHistory = {
      ...base,
      current: given,
      currentSince: at("2027-03-01T00:00:00Z"),
      firstChangeAt: at("2027-02-15T00:00:00Z"),
      holdLapsed: true,
    };
    expect(cardOfPayment({ kind: "charge", at: at("2027-01-31T15:00:00Z") }, cards)).toBeNull();
    expect(cardOfPayment({ kind: "charge", at: at("2027-02-20T00:00:00Z") }, cards)).toBeNull();
    expect(cardText(null)).toBe("Paid by card");
  });

  it("says the brand and the last four digits", () => {
    expect(cardText(given)).toBe("Mastercard ending 4444");
    expect(cardText({ brand: null, last4: "1881" })).toBe("Card ending 1881");
  });
});

describe("the receipt", () => {
  it("a first period paid with a promo code: merchant, date, her name, reference, each line with its dosage and period, the discount, the total, the card and the prescription", () => {
    const receipt = receiptContent(facts());
    expect(receipt).toMatchObject({
      kind: "payment",
      label: "Payment",
      receiptNumber: "MC-7KQ2-94XD-12",
      date: "January 31, 2027",
      merchant,
      customerName: "Jane Doe",
      reference: "MC-7KQ2-94XD",
      plan: "Monthly (billed every month)",
      card: "Visa ending 4242",
      total: { label: "Total paid", amount: "$129.00" },
      prescribed: prescribedWords,
    });
    expect(receipt.lines).toEqual([
      { item: "Estradiol Patch", dosage: "0.05 mg", period: "January 31, 2027 to February 27, 2027", amount: "$99.00" },
      { item: "Progesterone", dosage: "100 mg", period: "January 31, 2027 to February 27, 2027", amount: "$40.00" },
    ]);
    expect(receipt.adjustments).toEqual([{ label: "Promo code discount", amount: "-$10.00" }]);
  });

  it("a renewal at the plan's price: the lines add up to the total, no discount", () => {
    const receipt = receiptContent(facts({ payment: renewal, period: { from: renewal.at, to: at("2027-03-30T15:00:00Z") } }));
    expect(receipt.lines.map((line) => line.amount)).toEqual(["$99.00", "$40.00"]);
    expect(receipt.adjustments).toEqual([]);
    expect(receipt.total.amount).toBe("$139.00");
    expect(receipt.lines[0]!.period).toBe("February 28, 2027 to March 30, 2027");
  });

  it("lines whose prices do not add up to what was paid carry no amounts of their own: the total says it", () => {
    const receipt = receiptContent(facts({ payment: { ...renewal, amountCents: 15_000 } }));
    expect(receipt.lines.map((line) => line.amount)).toEqual([null, null]);
    expect(receipt.adjustments).toEqual([]);
    expect(receipt.total.amount).toBe("$150.00");
  });

  it("a refund says Refund and the amount back, beside the payment it gives back", () => {
    const refund: ReceiptPayment = {
      id: 20,
      kind: "refund",
      status: "succeeded",
      period: 1,
      amountCents: 5_000,
      at: at("2027-03-05T10:00:00Z"),
      refundOf: renewal.id,
    };
    const receipt = receiptContent(facts({ payment: refund, refunded: renewal }));
    expect(receipt).toMatchObject({
      kind: "refund",
      label: "Refund",
      receiptNumber: "MC-7KQ2-94XD-20",
      date: "March 5, 2027",
      total: { label: "Refund: amount back to your card", amount: "$50.00" },
      summary: "Refund of $50.00 to Visa ending 4242.",
    });
    expect(receipt.adjustments).toEqual([{ label: "Original payment on February 28, 2027 (receipt MC-7KQ2-94XD-15)", amount: "$139.00" }]);
  });

  it("says nothing of a prescription before a provider prescribed", () => {
    expect(receiptContent(facts({ prescribed: false })).prescribed).toBeNull();
  });

  it("for any prices and promo discount, the lines and the discount add up to the total paid", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 100 }),
        (prices, percentOff) => {
          const sum = prices.reduce((a, b) => a + b, 0);
          const paid = Math.round((sum * (100 - percentOff)) / 100);
          const medications = prices.map((cents, i) => ({ name: `Medication ${i}`, dosage: "1 mg", price: cents / 100 }));
          const receipt = receiptContent(facts({ medications, payment: { ...capture, amountCents: paid } }));
          const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);
          const lines = receipt.lines.reduce((total, line) => total + cents(line.amount!), 0);
          const adjustments = receipt.adjustments.reduce((total, a) => total + cents(a.amount), 0);
          expect(lines + adjustments).toBe(cents(receipt.total.amount));
        },
      ),
    );
  });
});

describe("her receipt emails", () => {
  const order = anEmailOrder();
  const page = "https://care.example/subscription/abc.1.sig";
  const links = { subscription: page, payment: `${page}/payment`, receipt: `${page}/receipts/15` };

  it.each(["approved", "renewal_charged", "refunded"] as const)("%s links to its receipt", (kind) => {
    const email = renderEmail(order, { kind, amountCents: 13_900, period: 1 }, links);
    expect(email.text).toContain(`View and print your receipt: ${links.receipt}`);
    expect(email.html).toContain(`href="${links.receipt}"`);
  });

  it("other emails, and a receipt email without a receipt to link, carry no receipt link", () => {
    expect(renderEmail(order, { kind: "renewal_failed" }, links).text).not.toContain("receipt");
    expect(renderEmail(order, { kind: "approved" }, { subscription: page, payment: `${page}/payment` }).text).not.toContain(
      "View and print your receipt",
    );
  });
});

describe("the plan a payment was made on", () => {
  // Monthly from January 31; a period paid each month on the 28th.
  const paid = (period: number, iso: string) => ({ period, at: at(iso) });
  const periodStart = (event: string, period: number, iso: string, detail: Record<string, unknown> = {}): ReceiptTimelineLine => ({
    event,
    at: at(iso),
    detail: { amount_cents: 13_900, period, ...detail },
  });
  type Change = Parameters<typeof planChangeDetail>[0];
  /** Her change made at `iso`: `kind`, from one plan to another at `cents` a period from `startsAt`. */
  const changed = (
    iso: string,
    kind: Change["kind"],
    [fromPlan, toPlan]: [Change["fromPlan"], Change["toPlan"]],
    cents: number,
    startsAt: string,
    fixed: Pick<Change, "fixedAt" | "fixedCents"> = {},
  ): ReceiptTimelineLine => ({
    event: "plan_changed",
    at: at(iso),
    detail: planChangeDetail({ kind, fromPlan, toPlan, cents, startsAt: at(startsAt), ...fixed }),
  });

  it("is her plan when it never changed", () => {
    const timeline = [
      periodStart("approved_captured", 0, "2027-01-31T15:00:00Z"),
      periodStart("renewal_charged", 1, "2027-02-28T15:00:00Z"),
    ];
    expect(planOfPayment(paid(1, "2027-02-28T15:00:00Z"), "monthly", timeline)).toBe("monthly");
  });

  it("a change made at once: the plan before for the payments before it, the new plan from it on", () => {
    const timeline = [
      periodStart("approved_captured", 0, "2027-01-31T15:00:00Z"),
      changed("2027-02-10T09:00:00Z", "switched", ["monthly", "quarterly"], 39_900, "2027-02-28T15:00:00Z"),
      periodStart("renewal_charged", 1, "2027-02-28T15:00:00Z"),
    ];
    // Her plan now is quarterly: the capture was still monthly.
    expect(planOfPayment(paid(0, "2027-01-31T15:00:00Z"), "quarterly", timeline)).toBe("monthly");
    expect(planOfPayment(paid(1, "2027-02-28T15:00:00Z"), "quarterly", timeline)).toBe("quarterly");
  });

  it("a change that waited behind a fixed renewal: that renewal on the plan before, the next on the new one", () => {
    const fixed = at("2027-02-28T15:00:00Z");
    const timeline = [
      periodStart("approved_captured", 0, "2027-01-31T15:00:00Z"),
      changed("2027-02-27T09:00:00Z", "waiting", ["monthly", "quarterly"], 39_900, "2027-03-28T15:00:00Z", {
        fixedAt: fixed,
        fixedCents: 13_900,
      }),
      periodStart("renewal_charged", 1, "2027-02-28T15:00:00Z", { new_plan: "quarterly" }),
      periodStart("renewal_charged", 2, "2027-03-28T15:00:00Z"),
    ];
    expect(planOfPayment(paid(0, "2027-01-31T15:00:00Z"), "quarterly", timeline)).toBe("monthly");
    expect(planOfPayment(paid(1, "2027-02-28T15:00:00Z"), "quarterly", timeline)).toBe("monthly");
    expect(planOfPayment(paid(2, "2027-03-28T15:00:00Z"), "quarterly", timeline)).toBe("quarterly");
  });

  it("a waiting change she took back moves no plan, and a switch back is followed", () => {
    const timeline = [
      periodStart("approved_captured", 0, "2027-01-31T15:00:00Z"),
      changed("2027-02-27T09:00:00Z", "waiting", ["monthly", "quarterly"], 39_900, "2027-03-28T15:00:00Z"),
      changed("2027-02-27T10:00:00Z", "kept", ["quarterly", "monthly"], 13_900, "2027-02-28T15:00:00Z"),
      periodStart("renewal_charged", 1, "2027-02-28T15:00:00Z"),
      changed("2027-03-05T09:00:00Z", "switched", ["monthly", "6_month"], 75_000, "2027-03-28T15:00:00Z"),
      changed("2027-03-06T09:00:00Z", "switched", ["6_month", "monthly"], 13_900, "2027-03-28T15:00:00Z"),
      periodStart("renewal_charged", 2, "2027-03-28T15:00:00Z"),
    ];
    for (const period of [0, 1, 2])
      expect(
        planOfPayment(paid(period, ["2027-01-31T15:00:00Z", "2027-02-28T15:00:00Z", "2027-03-28T15:00:00Z"][period]!), "monthly", timeline),
      ).toBe("monthly");
  });
});
