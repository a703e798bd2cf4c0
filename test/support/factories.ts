// The test person and the forms she posts, written once: a test names only what it changes
// (`aPerson({ phone: "" })`), so what a test is about stands out from what it merely needs.
// Types, not interfaces: a form's fields must fit Record<string, string>.
import { randomUUID } from "node:crypto";
import type { EmailOrder } from "../../app/funnel/emails";

/** Her account details, as the pre-checkout and final checkout forms post them. */
export type Person = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
};

/** A shipping address, as the final checkout form posts it. */
export type Address = {
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zipCode: string;
};

/** The sandbox gateway's card fields. */
export type CardFields = {
  cardNumber: string;
  expiry: string;
  securityCode: string;
};

export function aPerson(overrides: Partial<Person> = {}): Person {
  return { firstName: "Jane", lastName: "Doe", email: "jane@example.org", phone: "(212) 555-0123", ...overrides };
}

export function anAddress(overrides: Partial<Address> = {}): Address {
  return { addressLine1: "1 Main Street", addressLine2: "Apt 4", city: "New York", state: "NY", zipCode: "10001", ...overrides };
}

/** Stripe's test Visa that the sandbox authorises; the expiry is years away. */
export function aTestCard(overrides: Partial<CardFields> = {}): CardFields {
  return { cardNumber: "4242 4242 4242 4242", expiry: "12/30", securityCode: "123", ...overrides };
}

/**
 * The final checkout's COMPLETE PURCHASE form with every field filled: her details, her
 * address, the ticked subscription agreement and a fresh attempt key. With the Stripe
 * gateway the page has no card fields (Stripe.js holds the card), so "stripe" leaves them out.
 */
export function checkoutForm(overrides: Record<string, string> = {}, gateway: "sandbox" | "stripe" = "sandbox"): Record<string, string> {
  return {
    ...aPerson(),
    ...anAddress(),
    ...(gateway === "sandbox" ? aTestCard() : {}),
    subscriptionAgreement: "on",
    intent: "complete-purchase",
    attemptKey: randomUUID(),
    ...overrides,
  };
}

/** Her order as her emails read it: a monthly Estradiol Patch at $139.00. */
export function anEmailOrder(overrides: Partial<EmailOrder> = {}): EmailOrder {
  return {
    reference: "MC-7KQ2-94XD",
    firstName: "Jane",
    plan: "monthly",
    medications: [{ name: "Estradiol Patch", dosage: "0.05 mg" }],
    firstPeriodCents: 13_900,
    renewalCents: 13_900,
    ...overrides,
  };
}
