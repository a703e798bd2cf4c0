import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cardBrand,
  cardInputMessages,
  luhnValid,
  paymentMessages,
  readCardNumber,
  readExpiry,
  readSecurityCode,
  sandboxDeclineMessage,
  sandboxDisputesCharges,
  sandboxOffSessionOutcome,
  sandboxOutcome,
  testCards,
} from "../../app/funnel/test-cards";

/** The digit that makes `body` + digit pass the Luhn check. */
function luhnCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (luhnValid(`${body}${digit}`)) return String(digit);
  }
  throw new Error("unreachable");
}

describe("card number", () => {
  it("passes every published test card through the Luhn check", () => {
    for (const card of testCards) expect(luhnValid(card.number), card.number).toBe(true);
    expect(luhnValid("378282246310005")).toBe(true); // amex test card
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("4242 4242")).toBe(false);
  });

  it("reads a number typed with spaces or dashes into its digits", () => {
    expect(readCardNumber("4242 4242 4242 4242")).toBe("4242424242424242");
    expect(readCardNumber(" 5555-5555-5555-4444 ")).toBe("5555555555554444");
    expect(readCardNumber("4000\t0000 0000 0002")).toBe("4000000000000002");
  });

  it.each([
    ["a wrong check digit", "4242424242424241"],
    ["letters", "4242 4242 4242 424a"],
    ["too short (11 digits)", `${"4".repeat(10)}${luhnCheckDigit("4".repeat(10))}`],
    ["too long (20 digits)", `${"4".repeat(19)}${luhnCheckDigit("4".repeat(19))}`],
    ["nothing", ""],
    ["other separators", "4242.4242.4242.4242"],
  ])("refuses %s", (_, raw) => {
    expect(readCardNumber(raw)).toBeUndefined();
  });

  it("accepts 12 and 19 digits when Luhn-valid", () => {
    const twelve = `${"4".repeat(11)}${luhnCheckDigit("4".repeat(11))}`;
    const nineteen = `${"4".repeat(18)}${luhnCheckDigit("4".repeat(18))}`;
    expect(readCardNumber(twelve)).toBe(twelve);
    expect(readCardNumber(nineteen)).toBe(nineteen);
  });

  it.each([
    ["4242424242424242", "visa"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "amex"],
    ["371449635398431", "amex"],
    ["6011111111111117", "discover"],
    ["6445644564456445", "discover"],
    ["6500000000000002", "discover"],
    ["3056930009020004", "unknown"], // diners
    ["1234567812345670", "unknown"],
  ] as const)("names the brand of %s: %s", (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
  });
});

describe("what the sandbox does with each test card", () => {
  it.each([
    ["4242424242424242", "authorise", undefined],
    ["5555555555554444", "authorise", undefined],
    ["4000000000000002", "decline", "Your card was declined."],
    ["4000000000009995", "decline", "Your card has insufficient funds."],
    ["4000000000000069", "decline", "Your card has expired."],
    ["4000002760003184", "authenticate", undefined],
    ["4000002500003155", "authenticate", undefined],
    ["4000000000000259", "authorise", undefined],
  ] as const)("%s: %s", (digits, outcome, message) => {
    expect(sandboxOutcome(digits)).toBe(outcome);
    expect(sandboxDeclineMessage(digits)).toBe(message);
  });

  it("disputes the payments of 4000 0000 0000 0259 alone, a Visa charged again without her as 4242 is", () => {
    expect(testCards.filter((card) => sandboxDisputesCharges(card.number)).map((card) => card.number)).toEqual(["4000000000000259"]);
    expect(cardBrand("4000000000000259")).toBe("visa");
    expect(sandboxOffSessionOutcome("4000000000000259")).toBe("charge");
    expect(sandboxDisputesCharges("4242424242424242")).toBe(false);
    expect(sandboxDisputesCharges("378282246310005")).toBe(false);
  });

  it("refuses any other number, telling her to use a test card", () => {
    expect(sandboxOutcome("378282246310005")).toBe("refuse");
    expect(sandboxDeclineMessage("378282246310005")).toBe(paymentMessages.sandboxRefused);
    expect(paymentMessages.sandboxRefused).toBe("This is a sandbox: use one of Stripe's test cards, such as 4242 4242 4242 4242.");
  });

  it("refuses any random 16-digit Luhn-valid number that is not a listed test card", () => {
    const listed = new Set(testCards.map((card) => card.number));
    const cardNumber = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 15, maxLength: 15 }).map((digits) => {
      const body = digits.join("");
      return `${body}${luhnCheckDigit(body)}`;
    });
    fc.assert(
      fc.property(cardNumber, (digits) => {
        expect(readCardNumber(digits)).toBe(digits);
        fc.pre(!listed.has(digits));
        expect(sandboxOutcome(digits)).toBe("refuse");
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("expiration date", () => {
  // 15 May 2026, in UTC.
  const now = new Date(Date.UTC(2026, 4, 15, 12));

  it("reads MM/YY and MM / YYYY", () => {
    expect(readExpiry("12/30", now)).toEqual({ ok: true, month: 12, year: 2030 });
    expect(readExpiry("07 / 2031", now)).toEqual({ ok: true, month: 7, year: 2031 });
    expect(readExpiry(" 8/27 ", now)).toEqual({ ok: true, month: 8, year: 2027 });
    expect(readExpiry("01/2027", now)).toEqual({ ok: true, month: 1, year: 2027 });
  });

  it("keeps the current month good and refuses last month", () => {
    expect(readExpiry("05/26", now)).toEqual({ ok: true, month: 5, year: 2026 });
    expect(readExpiry("04/26", now)).toEqual({ ok: false, reason: "expired", message: "The card has expired" });
    expect(readExpiry("12/25", now)).toMatchObject({ ok: false, reason: "expired" });
  });

  it("counts the month in UTC, at the turn of a year too", () => {
    const newYear = new Date(Date.UTC(2027, 0, 1, 0, 0, 1));
    expect(readExpiry("12/26", newYear)).toMatchObject({ ok: false, reason: "expired" });
    expect(readExpiry("01/27", newYear)).toMatchObject({ ok: true });
  });

  it.each(["13/30", "00/30", "1230", "12/3", "12/203", "aa/bb", "", "12-30", "12//30"])("refuses %j as not a date", (raw) => {
    expect(readExpiry(raw, now)).toEqual({
      ok: false,
      reason: "format",
      message: cardInputMessages.expiryFormat,
    });
  });

  it("says how to type it", () => {
    expect(cardInputMessages.expiryFormat).toBe("Enter the expiration date as MM/YY");
  });
});

describe("security code", () => {
  it("wants 3 digits, 4 for American Express", () => {
    expect(readSecurityCode("123", "visa")).toBe("123");
    expect(readSecurityCode(" 123 ", "mastercard")).toBe("123");
    expect(readSecurityCode("1234", "amex")).toBe("1234");
    expect(readSecurityCode("1234", "visa")).toBeUndefined();
    expect(readSecurityCode("123", "amex")).toBeUndefined();
    expect(readSecurityCode("12a", "unknown")).toBeUndefined();
    expect(readSecurityCode("", "discover")).toBeUndefined();
  });

  it("names the length in its message", () => {
    expect(cardInputMessages.securityCode("visa")).toBe("Enter the 3-digit security code");
    expect(cardInputMessages.securityCode("amex")).toBe("Enter the 4-digit security code");
  });
});
