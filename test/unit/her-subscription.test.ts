// Her emails and her page's words: each email carries her link and what she needs, the HTML
// is escaped, the renewal reminder falls 15 to 45 days before every renewal of a plan longer
// than a month in every state (each law's window: renewal-notice-rules.test.ts),
// and the cancel preview follows the 72-hour rule.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emailKinds, escapeHtml, renderEmail } from "../../app/funnel/emails";
import { cancelPreview, disqualifiedMoneyText, herPaymentText, maskEmail } from "../../app/funnel/her-subscription";
import { planCodes } from "../../app/funnel/plans";
import { reminderFor } from "../../app/funnel/renewal-notice-rules";
import { billingDate, reminderStillUseful } from "../../app/funnel/subscription-life";
import { usStateCodes } from "../../app/funnel/us-states";
import { renewalDisclosure } from "../../app/funnel/subscription-terms";
import { translator } from "../../app/i18n/messages";
import { anEmailOrder } from "../support/factories";

const day = 24 * 60 * 60 * 1000;
const order = anEmailOrder({ plan: "quarterly", firstPeriodCents: 29_900, renewalCents: 29_900 });
const links = {
  subscription: "https://care.example/subscription/abc.1.sig",
  payment: "https://care.example/subscription/abc.1.sig/payment",
};

describe("her emails", () => {
  it.each(emailKinds)("%s has a subject, greets her, carries her link in text and HTML, and how to reach us", (kind) => {
    const email = renderEmail(order, { kind, amountCents: 29_900, nextBillingAt: new Date("2027-02-23T10:00:00Z") }, links);
    expect(email.subject.length).toBeGreaterThan(10);
    expect(email.text.startsWith("Hi Jane,")).toBe(true);
    expect(email.text).toContain(links.subscription);
    expect(email.html).toContain(`href="${links.subscription}"`);
    expect(email.text).toContain("1-888-555-0142");
  });

  it("the acknowledgment says the amount and how often, the hold, and every term", () => {
    const { text } = renderEmail(order, { kind: "order_received" }, links);
    expect(text).toContain("Price: $299.00 every 3 months");
    expect(text).toContain("We have placed a hold of $299.00 on your card.");
    expect(text).toContain("Your subscription renews automatically");
    expect(text).toContain("cancel at least 72 hours before your next billing date");
    expect(text).toContain("not refunded once charged");
  });

  it("a promo's first period is named beside the price", () => {
    const { text } = renderEmail({ ...order, firstPeriodCents: 24_900 }, { kind: "order_received" }, links);
    expect(text).toContain("First period: $249.00 (promo code applied)");
  });

  it("payment needed and a failed renewal link to the page for another card; a cancelled one does not", () => {
    expect(renderEmail(order, { kind: "payment_needed" }, links).text).toContain(links.payment);
    expect(renderEmail(order, { kind: "renewal_failed", retryAt: new Date("2027-02-24T00:00:00Z") }, links).text).toContain(
      "We will try your card again on February 24, 2027.",
    );
    expect(renderEmail(order, { kind: "renewal_failed", ends: true }, links).text).not.toContain(links.payment);
  });

  it("the reminder names the date, the amount, and the last day to cancel (72 hours before)", () => {
    const { subject, text } = renderEmail(
      { ...order, plan: "yearly", renewalCents: 100_000 },
      { kind: "renewal_reminder", amountCents: 100_000, nextBillingAt: new Date("2027-11-23T09:00:00Z") },
      links,
    );
    expect(subject).toBe("Your yearly plan renews on November 23, 2027");
    expect(text).toContain("we will charge $1,000.00 to your card for the next 12 months");
    // The 72 hours begin November 20 at 09:00 UTC, still November 19 in Hawaii: before the 19th.
    expect(text).toContain("cancel online before November 19, 2027");
  });

  it("the yearly notice names her terms: the price and cadence, her next billing date, the last day to cancel it, and how to cancel", () => {
    const { subject, text } = renderEmail(
      { ...order, plan: "monthly", renewalCents: 13_900, firstPeriodCents: 13_900 },
      { kind: "annual_notice", amountCents: 13_900, nextBillingAt: new Date("2027-11-23T09:00:00Z") },
      links,
    );
    expect(subject).toBe("Your monthly plan: a yearly reminder of its terms");
    expect(text).toContain("It renews automatically until you cancel");
    expect(text).toContain("Price: $139.00 every month");
    expect(text).toContain("Your next billing date is November 23, 2027: $139.00 for the following month.");
    expect(text).toContain("cancel online before November 19, 2027");
    expect(text).toContain("You can cancel online at any time from your subscription page.");
    expect(text).toContain(links.subscription);
  });

  it("what she typed cannot become markup in the HTML part", () => {
    const { html } = renderEmail({ ...order, firstName: '<img src=x onerror="alert(1)">' }, { kind: "order_received" }, links);
    expect(html).not.toContain("<img");
    expect(html).toContain(escapeHtml('<img src=x onerror="alert(1)">'));
  });
});

describe("money given back", () => {
  it("a refund says how much, of which payment, to which card, and when she sees it", () => {
    const { subject, text } = renderEmail(order, { kind: "refunded", amountCents: 14_950, period: 1, card: "Visa ending 4242" }, links);
    expect(subject).toBe("Your refund for order MC-7KQ2-94XD");
    expect(text).toContain("We have refunded $149.50 of your renewal payment to your Visa ending 4242.");
    expect(text).toContain("within 5 to 10 business days");
    expect(renderEmail(order, { kind: "refunded", amountCents: 500, period: 0 }, links).text).toContain(
      "We have refunded $5.00 of your first payment to the card you paid with.",
    );
  });

  it("medically disqualified, after a charge: ended, kindly, with the refund in full and no reason given", () => {
    const { subject, text, html } = renderEmail(
      order,
      { kind: "disqualified", amountCents: 29_900, card: "Mastercard ending 4444" },
      links,
    );
    expect(subject).toBe("Your treatment plan MC-7KQ2-94XD has ended");
    expect(text).toContain("a licensed provider has found that this treatment is not right for you at this time");
    expect(text).toContain("We are sorry");
    expect(text).toContain("we are refunding your most recent payment in full: $299.00 to your Mastercard ending 4444");
    expect(text).toContain("within 5 to 10 business days");
    expect(text).toContain("Nothing more will be charged and no more medication will be sent.");
    // Said once, not twice.
    expect(text.match(/Nothing more will be charged/g)).toHaveLength(1);
    expect(html).toContain("refunding your most recent payment in full");
  });

  it("medically disqualified before a charge: the hold released, or already ended; nothing refunded", () => {
    const released = renderEmail(order, { kind: "disqualified", holdReleased: true }, links).text;
    expect(released).toContain("Nothing was charged: we released the $299.00 hold on your card.");
    expect(released).not.toContain("refund");
    const lapsed = renderEmail(order, { kind: "disqualified", holdReleased: false }, links).text;
    expect(lapsed).toContain("Nothing was charged: the hold on your card had already ended.");
    const unpaid = renderEmail(order, { kind: "disqualified" }, links).text;
    expect(unpaid).not.toMatch(/refund|released|hold/);
    expect(unpaid).toContain("Nothing more will be charged");
  });

  it("her page names each refund and what became of her money when her plan ended", () => {
    expect(herPaymentText("refund", "succeeded")).toBe("Refunded to your card");
    expect(herPaymentText("refund", "pending")).toBe("Refund on its way to your card");
    const paid = { kind: "capture" as const, status: "succeeded" as const, amountCents: 13_900, reason: null };
    const refund = { kind: "refund" as const, amountCents: 13_900, reason: "medically_disqualified" };
    expect(disqualifiedMoneyText([paid, { ...refund, status: "succeeded" }])).toContain("refunded in full: $139.00");
    expect(disqualifiedMoneyText([paid, { ...refund, status: "pending" }])).toContain(
      "we are refunding your most recent payment in full: $139.00",
    );
    expect(
      disqualifiedMoneyText([
        { ...paid, kind: "hold" },
        { kind: "release", status: "succeeded", amountCents: 13_900, reason: null },
      ]),
    ).toBe("Nothing was charged: the hold on your card was released.");
    expect(disqualifiedMoneyText([{ ...paid, kind: "hold" }])).toBe("Nothing was charged.");
    // Refunded in full before, for another reason: nothing more to say.
    expect(disqualifiedMoneyText([paid, { ...refund, reason: "goodwill", status: "succeeded" }])).toBeUndefined();
  });
});

describe("the renewal reminder", () => {
  it("falls 15 to 45 days before every renewal of a plan longer than a month, in every state; none for a monthly plan", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2025-01-01"), max: new Date("2035-01-01"), noInvalidDate: true }),
        fc.constantFrom(...planCodes),
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom(...usStateCodes, null),
        (start, plan, period, state) => {
          const billingAt = billingDate(start, plan, period);
          const reminder = reminderFor(plan, state, billingAt);
          if (plan === "monthly") return reminder === null;
          const ahead = billingAt.getTime() - reminder!.getTime();
          return ahead >= 15 * day && ahead <= 45 * day && reminderStillUseful(reminder!, billingAt);
        },
      ),
    );
  });

  it("is still sent late while she can cancel, never within 72 hours", () => {
    const billingAt = new Date("2027-06-01T12:00:00Z");
    expect(reminderStillUseful(new Date(billingAt.getTime() - 72 * 60 * 60 * 1000 - 1), billingAt)).toBe(true);
    expect(reminderStillUseful(new Date(billingAt.getTime() - 72 * 60 * 60 * 1000 + 1), billingAt)).toBe(false);
  });
});

describe("the cancel preview", () => {
  const facts = { plan: "monthly" as const, firstPeriodCents: 13_900, renewalCents: 13_900, decided: false };
  const billingAt = new Date("2027-03-01T12:00:00Z");

  it("before review: the hold is released", () => {
    expect(cancelPreview({ ...facts, state: "on_hold", nextBillingAt: null }, billingAt).text).toContain(
      "the $139.00 hold on your card is released at once",
    );
  });

  it("active: within 72 hours that renewal is still billed; a moment earlier it is not", () => {
    const within = cancelPreview(
      { ...facts, state: "active", nextBillingAt: billingAt },
      new Date(billingAt.getTime() - 71 * 60 * 60 * 1000),
    );
    expect(within).toMatchObject({ can: true, stillBilled: { at: billingAt, amountCents: 13_900 } });
    const before = cancelPreview(
      { ...facts, state: "active", nextBillingAt: billingAt },
      new Date(billingAt.getTime() - 73 * 60 * 60 * 1000),
    );
    expect(before).toMatchObject({ can: true });
    expect("stillBilled" in before && before.stillBilled).toBeFalsy();
  });

  it("closed states cannot be cancelled, and a decision being settled waits a minute", () => {
    for (const state of ["declined", "cancelled", "lapsed", "ending"] as const) {
      expect(cancelPreview({ ...facts, state, nextBillingAt: null }, billingAt).can).toBe(false);
    }
    expect(cancelPreview({ ...facts, state: "on_hold", nextBillingAt: null, decided: true }, billingAt).can).toBe(false);
  });
});

describe("small words", () => {
  it("masks her email to its first letter and domain", () => {
    expect(maskEmail("jane.doe@example.com")).toBe("j•••@example.com");
    expect(maskEmail("broken")).toBe("•••");
  });

  it("the checkout's disclosure names amount and cadence, the hold, cancelling online, and her last day to cancel", () => {
    expect(renewalDisclosure(translator("en"), "$299.00 every 3 months", "$299.00", false, "March 5, 2027")).toEqual([
      "$299.00 every 3 months, renewing automatically until you cancel.",
      "We place a hold of $299.00 on your card now and charge it only if a provider prescribes your treatment; otherwise the hold is released.",
      "You can cancel online at any time from the link we email you.",
      "Your last day to cancel before the first renewal is March 5, 2027.",
    ]);
  });
});

describe("her plan for her doctor", () => {
  it("summarises what she chose with each category's description, and says nothing without a choice", async () => {
    const { fallbackCatalogue } = await import("../../app/funnel/catalogue");
    const { planSummary } = await import("../../app/funnel/plan-summary");
    const summary = planSummary(fallbackCatalogue, "quarterly", { systemic_estrogen: "patch", progesterone: "progesterone_pill" });
    expect(summary?.medications.map((m) => m.name)).toEqual(["Patch", "Pill"]);
    expect(summary?.medications[0]?.description).toBe("Relieves hot flashes, night sweats, sleep and mood symptoms.");
    expect(summary?.total).toBe("$399.00 every 3 months");
    expect(planSummary(fallbackCatalogue, "quarterly", {})).toBeNull();
  });

  it("the doctor's email escapes her note in HTML and carries the printable link", async () => {
    const { fallbackCatalogue } = await import("../../app/funnel/catalogue");
    const { planSummary } = await import("../../app/funnel/plan-summary");
    const { renderDoctorEmail } = await import("../../app/funnel/emails");
    const summary = planSummary(fallbackCatalogue, "quarterly", { systemic_estrogen: "gel" })!;
    const email = renderDoctorEmail(summary, { firstName: null, note: "<b>hi</b>" }, "https://care.example/plan/abc");
    expect(email.subject).toBe("A patient shared a menopause treatment plan with you");
    expect(email.html).not.toContain("<b>hi</b>");
    expect(email.text).toContain("<b>hi</b>");
    expect(email.text).toContain("View or print the plan: https://care.example/plan/abc");
  });

  it("the doctor's email has our subject whatever she typed, and names her only by a name", async () => {
    const { fallbackCatalogue } = await import("../../app/funnel/catalogue");
    const { planSummary, patientName, doctorEmailSubject } = await import("../../app/funnel/plan-summary");
    const { renderDoctorEmail } = await import("../../app/funnel/emails");
    const summary = planSummary(fallbackCatalogue, "quarterly", { systemic_estrogen: "gel" })!;
    for (const firstName of ["Jane", "WIN $500 NOW", "see prize.example", null]) {
      expect(renderDoctorEmail(summary, { firstName, note: "Call me" }, "https://care.example/plan/abc").subject).toBe(doctorEmailSubject);
    }
    expect(renderDoctorEmail(summary, { firstName: "Jane", note: null }, "https://care.example/plan/abc").text).toContain(
      "Jane is considering",
    );
    for (const name of ["Jane", "Mary-Ann", "O'Brien", "Zoë", "Anne Marie", "  Jane  "]) expect(patientName(name)).toBe(name.trim());
    for (const notAName of ["prize.example", "Jane.Com", "WIN $500", "x".repeat(41), "Call 555 0123", "", null, undefined, "-Jane"]) {
      expect(patientName(notAName)).toBe("Your patient");
    }
  });
});
