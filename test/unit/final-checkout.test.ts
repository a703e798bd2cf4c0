import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accountDetailsMissing,
  billingAddressMissing,
  billingMessages,
  finalCheckoutSchema,
  readBillingChoice,
  shippingMessages as shippingText,
  isPoBox,
  missingGroupMessage,
  shippingAddressMissing,
  shippingSchema,
} from "../../app/funnel/final-checkout";
import { usStateCodes } from "../../app/funnel/us-states";
import { aPerson, anAddress } from "../support/factories";
import { fieldMessages } from "../support/field-messages";

/** Her address without the optional second line: what every shipping rule needs. */
const { addressLine2: _line2, ...address } = anAddress();
const account = aPerson();
const whole = { ...account, ...anAddress(), subscriptionAgreement: "on" };

const shippingMessages = (input: Record<string, unknown>) => fieldMessages(shippingSchema, input);

describe("no PO Box delivery (spec sections 2 and 5)", () => {
  it.each([
    "PO Box 12",
    "P.O. Box 12",
    "P. O. Box 12",
    "P.O.Box12",
    "p o box 5",
    "po box 5",
    "Post Office Box 7",
    "Postal Office Box 3",
    "POB 3",
    "pob 7",
    "Box 99",
    "Box #4",
    "POBOX 4",
    // Run together, "Pobox" is a spelling of PO Box; no real street is named so, so it is refused.
    "12 Pobox Street",
    "Apt 5, Box 12",
    "PO Box",
    "P.O. Box",
  ])("refuses %j", (line) => {
    expect(isPoBox(line)).toBe(true);
  });

  it.each([
    "1 Boxwood Lane",
    "12 Box Hill Road",
    "12 Box Elder Street",
    "Box Canyon Road",
    "100 Sandbox Street",
    "1 Post Office Road",
    "12 Po Street",
    "221B Baker Street",
    "Apt 4",
  ])("accepts the street address %j", (line) => {
    expect(isPoBox(line)).toBe(false);
  });

  it("says why a PO Box is refused, on either address line", () => {
    const message = "We cannot deliver to a PO Box. Enter a street address.";
    expect(shippingMessages({ ...address, addressLine1: "PO Box 12" })).toEqual({ addressLine1: [message] });
    expect(shippingMessages({ ...address, addressLine2: "P.O. Box 12" })).toEqual({ addressLine2: [message] });
  });
});

describe("shipping address", () => {
  it("accepts a full address and drops an empty second line", () => {
    expect(shippingSchema.parse({ ...address, addressLine2: "   " })).toEqual(address);
    expect(shippingSchema.parse(address)).toEqual(address);
    expect(shippingSchema.parse({ ...address, addressLine2: " Apt 4 " })).toEqual({ ...address, addressLine2: "Apt 4" });
  });

  it("says what is missing, field by field, once each", () => {
    expect(shippingMessages({})).toEqual({
      addressLine1: ["Enter the first line of your address"],
      city: ["Enter your city"],
      state: ["Select your state"],
      zipCode: ["Enter your ZIP code"],
    });
    expect(shippingMessages({ addressLine1: " ", city: "\t", state: "", zipCode: "  " })).toEqual({
      addressLine1: ["Enter the first line of your address"],
      city: ["Enter your city"],
      state: ["Select your state"],
      zipCode: ["Enter your ZIP code"],
    });
  });

  it.each(["10001", "10001-1234", " 90210 "])("accepts the ZIP code %j", (zipCode) => {
    expect(shippingSchema.parse({ ...address, zipCode }).zipCode).toBe(zipCode.trim());
  });

  it.each(["1000", "100011", "10001-123", "10001 1234", "100011234", "ABCDE", "10001-"])("refuses the ZIP code %j", (zipCode) => {
    expect(shippingMessages({ ...address, zipCode })).toEqual({ zipCode: ["Enter a 5-digit ZIP code, like 10001"] });
  });

  it("accepts the 50 states and DC, and nothing else", () => {
    expect(usStateCodes).toHaveLength(51);
    for (const state of usStateCodes) expect(shippingSchema.parse({ ...address, state }).state).toBe(state);
    expect(shippingSchema.parse({ ...address, state: "DC" }).state).toBe("DC");
    for (const state of ["XX", "ny", "PR", "New York", "ON"]) {
      expect(shippingMessages({ ...address, state })).toEqual({ state: ["Select your state"] });
    }
  });

  it("refuses lines over 100 characters", () => {
    expect(shippingMessages({ ...address, city: "C".repeat(101) })).toEqual({
      city: ["This must be 100 characters or fewer"],
    });
  });
});

describe("the whole final checkout form", () => {
  it("accepts account, shipping and the agreement", () => {
    expect(finalCheckoutSchema.parse(whole)).toEqual(whole);
  });

  it("checks the account details as pre-checkout does", () => {
    // The account fields' messages are catalogue ids, as the shipping fields' are: read in English.
    expect(fieldMessages(finalCheckoutSchema, { ...whole, phone: "555-0123", email: " " })).toEqual({
      email: ["Enter your email address"],
      phone: ["Enter a US phone number with its area code, like (212) 555-0123"],
    });
  });

  it.each([undefined, "", "off", "true", "ON"])("needs the subscription agreement ticked (value %j refused)", (value) => {
    expect(fieldMessages(finalCheckoutSchema, { ...whole, subscriptionAgreement: value })).toEqual({
      subscriptionAgreement: ["Agree to the subscription terms to continue"],
    });
  });
});

describe("missingGroupMessage (spec section 5)", () => {
  it("names account details before shipping", () => {
    expect(missingGroupMessage({})).toBe("Please fill in all account details");
    expect(missingGroupMessage({ ...address, email: account.email })).toBe(accountDetailsMissing);
    expect(missingGroupMessage({ ...account, ...address, phone: "  " })).toBe(accountDetailsMissing);
  });

  it("then names shipping", () => {
    expect(missingGroupMessage(account)).toBe("Please fill in all shipping address fields");
    expect(missingGroupMessage({ ...account, ...address, state: "" })).toBe(shippingAddressMissing);
  });

  it("does not need address line 2", () => {
    expect(missingGroupMessage({ ...account, ...address })).toBeNull();
    expect(missingGroupMessage({ ...account, ...address, addressLine2: " " })).toBeNull();
  });

  it("picks the first incomplete group, whichever fields are blank (property)", () => {
    const accountFields = Object.keys(account);
    const shippingFields = Object.keys(address);
    const fields = [...accountFields, ...shippingFields, "addressLine2"];
    fc.assert(
      fc.property(fc.subarray(fields), fc.constantFrom(undefined, "", "  ", 0), (blanks, blank) => {
        const values: Record<string, unknown> = { ...account, ...address, addressLine2: "Apt 4" };
        for (const name of blanks) values[name] = blank;
        const expected = blanks.some((name) => accountFields.includes(name))
          ? accountDetailsMissing
          : blanks.some((name) => shippingFields.includes(name))
            ? shippingAddressMissing
            : null;
        expect(missingGroupMessage(values)).toBe(expected);
      }),
    );
  });
});

describe("the older variant's billing address (spec section 2)", () => {
  const billing = {
    billingFirstName: "Ann",
    billingLastName: "Lee",
    billingAddressLine1: "PO Box 12",
    billingAddressLine2: "",
    billingCity: "Albany",
    billingState: "NY",
    billingZipCode: "12207",
  };

  it("is the same as shipping while the box is ticked, whatever the fields hold", () => {
    expect(readBillingChoice({ billingSameAsShipping: "on", billingZipCode: "nonsense" })).toEqual({ ok: true, billing: null });
  });

  it("is her own address when the box is unticked, a PO Box allowed (it is not for delivery)", () => {
    expect(readBillingChoice(billing)).toEqual({
      ok: true,
      billing: {
        firstName: "Ann",
        lastName: "Lee",
        addressLine1: "PO Box 12",
        addressLine2: undefined,
        city: "Albany",
        state: "NY",
        zipCode: "12207",
      },
    });
  });

  it("names each missing or wrong field by its form name, once", () => {
    const choice = readBillingChoice({ ...billing, billingCity: " ", billingState: "ZZ", billingZipCode: "1220" });
    expect(choice).toEqual({
      ok: false,
      errors: {
        billingCity: [billingMessages.cityMissing],
        billingState: [billingMessages.stateMissing],
        billingZipCode: [shippingText.zipCodeFormat],
      },
    });
  });

  it("asks for every field when the box is unticked and nothing is typed", () => {
    const choice = readBillingChoice({});
    expect(choice.ok).toBe(false);
    if (!choice.ok) {
      expect(Object.keys(choice.errors).sort()).toEqual(
        ["billingAddressLine1", "billingCity", "billingFirstName", "billingLastName", "billingState", "billingZipCode"].sort(),
      );
    }
  });

  it("has its own group message, after the account and shipping ones, only where billing is asked", () => {
    const complete = { ...aPerson({ phone: "2125550123" }), ...address };
    expect(missingGroupMessage({ ...complete }, true)).toBe(billingAddressMissing);
    expect(missingGroupMessage({ ...complete, billingSameAsShipping: "on" }, true)).toBeNull();
    expect(missingGroupMessage({ ...complete, ...billing }, true)).toBeNull();
    expect(missingGroupMessage({ ...complete }, false)).toBeNull();
    expect(missingGroupMessage({ ...complete, city: "" }, true)).toBe(shippingAddressMissing);
  });
});
