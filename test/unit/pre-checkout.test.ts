import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fillEmptyFields,
  hasMissingField,
  isUsPhoneNumber,
  preCheckoutBody,
  preCheckoutFieldNames,
  preCheckoutSchema,
  type PreCheckoutDraft,
} from "../../app/funnel/pre-checkout";
import { aPerson } from "../support/factories";
import { fieldMessages } from "../support/field-messages";

const valid = aPerson();

/** Each field's messages, as the form shows them beside the field. */
const messagesOf = (input: Record<string, unknown>) => fieldMessages(preCheckoutSchema, input);

const blankish = fc.constantFrom(undefined, "", " ", "   ", "\t", "\n ");

describe("the four fields are required (spec section 5)", () => {
  it("accepts her details and trims what she typed around them", () => {
    expect(
      preCheckoutSchema.parse({
        firstName: ` ${valid.firstName} `,
        lastName: `${valid.lastName} `,
        email: ` ${valid.email} `,
        phone: ` ${valid.phone} `,
      }),
    ).toEqual(valid);
  });

  it.each([
    ["firstName", "Enter your first name"],
    ["lastName", "Enter your last name"],
    ["email", "Enter your email address"],
    ["phone", "Enter your phone number"],
  ] as const)("says what is missing when %s is left out", (field, message) => {
    const { [field]: _left, ...rest } = valid;
    expect(messagesOf(rest)).toEqual({ [field]: [message] });
    expect(messagesOf({ ...valid, [field]: "" })).toEqual({ [field]: [message] });
  });

  it("counts whitespace as missing, with exactly one message per field", () => {
    expect(messagesOf({ firstName: "  ", lastName: "\t", email: "   ", phone: " \n " })).toEqual({
      firstName: ["Enter your first name"],
      lastName: ["Enter your last name"],
      email: ["Enter your email address"],
      phone: ["Enter your phone number"],
    });
  });

  it("gives one message, never a missing one and a format one together (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...preCheckoutFieldNames), blankish, (field, blank) => {
        const messages = messagesOf({ ...valid, [field]: blank });
        expect(Object.keys(messages)).toEqual([field]);
        expect(messages[field]).toHaveLength(1);
        expect(messages[field]![0]).toMatch(/^Enter your /);
      }),
    );
  });

  it("refuses names over 100 characters", () => {
    expect(messagesOf({ ...valid, firstName: "A".repeat(101) })).toEqual({
      firstName: ["Names must be 100 characters or fewer"],
    });
    expect(messagesOf({ ...valid, lastName: "L".repeat(100) })).toEqual({});
  });
});

describe("email format", () => {
  it.each(["ann@example", "ann.example.com", "ann@@example.com", "ann @example.com", "@example.com"])(
    "refuses %j with the format message",
    (email) => {
      expect(messagesOf({ ...valid, email })).toEqual({
        email: ["Enter an email address in the correct format, like name@example.com"],
      });
    },
  );

  it("accepts ordinary addresses", () => {
    for (const email of ["ann@example.com", "ann.lee+hrt@mail.example.co.uk", "A_Lee@Example.org"]) {
      expect(messagesOf({ ...valid, email })).toEqual({});
    }
  });

  it("refuses an address over 254 characters with the length message only", () => {
    const email = `${"a".repeat(64)}@${"b".repeat(186)}.com`;
    expect(email).toHaveLength(255);
    expect(messagesOf({ ...valid, email })).toEqual({ email: ["Email address must be 254 characters or fewer"] });
  });
});

describe("US phone numbers", () => {
  const phoneFormat = "Enter a US phone number with its area code, like (212) 555-0123";

  it.each(["(212) 555-0123", "212-555-0123", "+1 212 555 0123", "2125550123", "212.555.0123", "+1 (212) 555-0123", "1 212 555 0123"])(
    "accepts %j",
    (phone) => {
      expect(isUsPhoneNumber(phone)).toBe(true);
      expect(messagesOf({ ...valid, phone })).toEqual({});
    },
  );

  it.each([
    ["no area code", "555-0123"],
    ["a UK number", "+44 20 7946 0958"],
    ["an area code that does not exist", "(111) 555-0123"],
    ["an exchange starting with 1", "(212) 155-0123"],
    ["a letter O for a zero", "212-555-O123"],
    ["letters", "call me maybe"],
    ["an extension", "212 555 0123 ext 4"],
    ["nine digits", "212555012"],
    ["eleven digits without the 1", "21255501234"],
  ])("refuses %s (%j)", (_why, phone) => {
    expect(isUsPhoneNumber(phone)).toBe(false);
    expect(messagesOf({ ...valid, phone })).toEqual({ phone: [phoneFormat] });
  });

  it("refuses more than 40 characters, even when the digits are a good number", () => {
    const spaced = `(212)${" ".repeat(28)}555-0123`;
    expect(spaced).toHaveLength(41);
    expect(isUsPhoneNumber(spaced)).toBe(false);
    expect(isUsPhoneNumber(`(212)${" ".repeat(27)}555-0123`)).toBe(true);
    expect(messagesOf({ ...valid, phone: spaced })).toEqual({ phone: [phoneFormat] });
  });

  it("does not count spaces she left around the number towards the limit", () => {
    expect(preCheckoutSchema.parse({ ...valid, phone: `  2125550123${" ".repeat(35)}` }).phone).toBe("2125550123");
  });
});

describe("hasMissingField: the Missing Information toast", () => {
  it("is false only when all four have text", () => {
    expect(hasMissingField(valid)).toBe(false);
    expect(hasMissingField({ ...valid, phone: " " })).toBe(true);
    expect(hasMissingField({ firstName: "Ann", lastName: "Lee", email: "ann@example.com" })).toBe(true);
    expect(hasMissingField({ ...valid, phone: 2125550123 })).toBe(true);
    expect(hasMissingField({})).toBe(true);
  });

  it("agrees with the form's own missing-field messages (property)", () => {
    const field = fc.oneof(blankish, fc.constant("x"), fc.string());
    fc.assert(
      fc.property(fc.record({ firstName: field, lastName: field, email: field, phone: field }), (draft) => {
        const missingMessages = Object.values(messagesOf(draft))
          .flat()
          .filter((message) => /^Enter your (first name|last name|email address|phone number)$/.test(message));
        expect(hasMissingField(draft)).toBe(missingMessages.length > 0);
      }),
    );
  });
});

describe("fillEmptyFields: prefill from the URL or a token", () => {
  it("fills only the empty fields, trimming what it brings", () => {
    expect(
      fillEmptyFields(
        { firstName: "Annie", lastName: "  ", phone: "" },
        { firstName: "Ann", lastName: " Lee ", email: " ann@example.com", phone: "2125550123" },
      ),
    ).toEqual({ firstName: "Annie", lastName: "Lee", email: "ann@example.com", phone: "2125550123" });
  });

  it("leaves an empty field as it was when the prefill is blank too", () => {
    expect(fillEmptyFields({ firstName: " " }, { firstName: "  ", email: "" })).toEqual({ firstName: " " });
  });

  it("never overwrites a non-blank saved value, and fills every blank one it can (property)", () => {
    const value = fc.option(
      fc.oneof(
        blankish.filter((v) => v !== undefined),
        fc.string(),
      ),
      { nil: undefined },
    );
    const draft: fc.Arbitrary<PreCheckoutDraft> = fc.record(
      { firstName: value, lastName: value, email: value, phone: value },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(draft, draft, (saved, prefill) => {
        const filled = fillEmptyFields(saved, prefill);
        for (const name of preCheckoutFieldNames) {
          const mine = saved[name];
          const offered = prefill[name];
          if (mine?.trim()) expect(filled[name]).toBe(mine);
          else if (offered?.trim()) expect(filled[name]).toBe(offered.trim());
          else expect(filled[name]).toBe(mine);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("preCheckoutBody: POST /api/save-pre-checkout (spec section 7)", () => {
  it("carries her four details, the product ids as a list and the plan", () => {
    const productIds = ["gel", "progesterone_pill"];
    const body = preCheckoutBody(valid, productIds, "6_month");
    expect(body).toStrictEqual({
      ...valid,
      product_id: ["gel", "progesterone_pill"],
      selected_plan: "6_month",
    });
    productIds.push("patch");
    expect(body.product_id).toEqual(["gel", "progesterone_pill"]);
  });

  it("sends an empty list when nothing is chosen", () => {
    expect(preCheckoutBody(valid, [], "quarterly").product_id).toEqual([]);
  });
});
