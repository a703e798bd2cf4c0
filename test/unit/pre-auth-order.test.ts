import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartFor, cartTotals } from "../../app/funnel/cart";
import { fallbackCatalogue } from "../../app/funnel/catalogue";
import { preAuthOrderBody, readOrderDestination, variantDestination, type OrderInput } from "../../app/funnel/pre-auth-order";
import { aPerson, anAddress } from "../support/factories";

const cart = cartFor(fallbackCatalogue, ["gel", "progesterone_pill"], "quarterly", ["monthly", "quarterly"]);

const input: OrderInput = {
  responderUuid: "0b7e6a2c-4f1d-4c8e-9a3b-5d6e7f809a1b",
  customer: aPerson(),
  shipping: anAddress(),
  medications: cart.medications,
  selectedPlan: "quarterly",
  totals: cartTotals(cart, 0),
  tracking: {},
  paymentMethodId: "pm_card_visa",
  timestamp: new Date("2025-03-01T10:00:00.000Z"),
  variant: "current",
};

const shippingAddress = { firstName: input.customer.firstName, lastName: input.customer.lastName, ...input.shipping };

describe("preAuthOrderBody: POST /api/pre-auth-checkout (spec section 7)", () => {
  it("has the spec's shape, in dollars except the payment's cents", () => {
    expect(preAuthOrderBody(input)).toStrictEqual({
      customer: input.customer,
      shippingAddress,
      billingAddress: { sameAsShipping: true, ...shippingAddress },
      medications: [
        {
          id: "gel",
          product_id: "gel",
          name: "Gel",
          dosage: "Starting dose set by your provider",
          price: 399,
          planType: "quarterly",
          billing_frequency: "every 3 months",
          recommended: false,
          category_name: "Estrogen",
        },
        {
          id: "progesterone_pill",
          product_id: "progesterone_pill",
          name: "Pill",
          dosage: "Starting dose set by your provider",
          price: 0,
          planType: "quarterly",
          billing_frequency: "every 3 months",
          recommended: true,
          category_name: "Progesterone",
        },
      ],
      pricing: { subtotal: 399, shipping: 0, tax: 0, total: 399, currency: "USD" },
      payment: { stripePaymentMethodId: "pm_card_visa", amount: 39_900, currency: "usd" },
      metadata: {
        orderSource: "website",
        checkoutFlow: "three-step",
        timestamp: "2025-03-01T10:00:00.000Z",
        responder_uuid: "0b7e6a2c-4f1d-4c8e-9a3b-5d6e7f809a1b",
        variant: "current",
      },
    });
  });

  it("sends an empty address line 2 when she gave none", () => {
    const body = preAuthOrderBody({ ...input, shipping: { ...input.shipping, addressLine2: undefined } });
    expect(body.shippingAddress.addressLine2).toBe("");
    expect(body.billingAddress).toStrictEqual({ sameAsShipping: true, ...shippingAddress, addressLine2: "" });
  });

  it("adds the discount and the original price, and the promo code, when a promo applies", () => {
    const body = preAuthOrderBody({ ...input, totals: cartTotals(cart, 10_050), promoCode: "HRT100" });
    expect(body.pricing).toStrictEqual({
      subtotal: 399,
      shipping: 0,
      tax: 0,
      total: 298.5,
      currency: "USD",
      discount_amount: 100.5,
      original_price: 399,
    });
    expect(body.payment).toStrictEqual({ stripePaymentMethodId: "pm_card_visa", amount: 29_850, currency: "usd" });
    expect(body.metadata.discount_code).toBe("HRT100");
  });

  it("leaves the discount fields and the code out without a promo", () => {
    const body = preAuthOrderBody({ ...input, promoCode: "" });
    expect(body.pricing).not.toHaveProperty("discount_amount");
    expect(body.pricing).not.toHaveProperty("original_price");
    expect(body.metadata).not.toHaveProperty("discount_code");
  });

  it("carries the referral code and the UTM fields only when present, and never her email from the URL", () => {
    const body = preAuthOrderBody({
      ...input,
      tracking: {
        utm_source: "newsletter",
        utm_campaign: "spring",
        utm_content: "",
        referral_code: "FRIEND10",
        email_address: input.customer.email,
      },
    });
    expect(body.metadata).toStrictEqual({
      orderSource: "website",
      checkoutFlow: "three-step",
      timestamp: "2025-03-01T10:00:00.000Z",
      responder_uuid: "0b7e6a2c-4f1d-4c8e-9a3b-5d6e7f809a1b",
      variant: "current",
      referral_code: "FRIEND10",
      utm_source: "newsletter",
      utm_campaign: "spring",
    });
  });

  it("names the plan and its cadence on every medication", () => {
    const yearly = cartFor(fallbackCatalogue, ["non_hormonal_therapy"], "yearly", ["monthly", "yearly"]);
    const body = preAuthOrderBody({ ...input, medications: yearly.medications, selectedPlan: "yearly", totals: cartTotals(yearly, 0) });
    expect(body.medications.map((m) => [m.name, m.price, m.planType, m.billing_frequency])).toEqual([
      ["Paroxetine/\nDesvenlafaxine", 1000, "yearly", "every 12 months"],
    ]);
    expect(body.payment.amount).toBe(100_000);
    expect(body.pricing.total).toBe(1000);
  });

  it("charges the card the total in cents, and the dollars add up (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (subtotalCents, discount) => {
        const totals = cartTotals({ ...cart, subtotal: subtotalCents / 100 }, discount);
        const body = preAuthOrderBody({ ...input, totals });
        expect(body.payment.amount).toBe(totals.totalCents);
        expect(Math.round(body.pricing.total * 100)).toBe(totals.totalCents);
        expect(Math.round(body.pricing.subtotal * 100)).toBe(subtotalCents);
        if (totals.discountCents > 0) {
          expect(Math.round(body.pricing.discount_amount! * 100)).toBe(totals.discountCents);
          expect(body.pricing.original_price).toBe(body.pricing.subtotal);
        } else {
          expect(body.pricing).not.toHaveProperty("discount_amount");
        }
      }),
    );
  });
});

describe("readOrderDestination: where she goes after payment", () => {
  it.each([
    ["/thank-you", "other"],
    ["/book?treatment_id=1", "appointment"],
    ["https://booking.example/schedule?treatment_id=1", "appointment"],
    ["http://activate.example/start", "activation"],
    ["https://login.example/", "login"],
  ] as const)("keeps %j with type %s", (url, type) => {
    expect(readOrderDestination({ redirect_url: url, redirect_type: type })).toEqual({ redirect_url: url, redirect_type: type });
  });

  it("writes an address the way a browser reads it", () => {
    expect(readOrderDestination({ redirect_url: "HTTPS://Login.Example", redirect_type: "login" }).redirect_url).toBe(
      "https://login.example/",
    );
  });

  it.each([
    ["a protocol-relative address", "//evil.example"],
    ["a javascript: address", "javascript:alert(1)"],
    ["a data: address", "data:text/html,hi"],
    ["an address without a host", "https://"],
    ["a relative path", "thank-you"],
    ["leading whitespace", " /thank-you"],
    ["a backslash after the slash, read as another site", "/\\evil.example"],
    ["a tab after the slash, read as another site", "/\t/evil.example"],
    ["a line break, which would split the Refresh header", "/\n/evil.example"],
    ["an empty address", ""],
    ["a number", 42],
    ["nothing", undefined],
  ])("sends her to /thank-you instead of %s", (_why, url) => {
    expect(readOrderDestination({ redirect_url: url, redirect_type: "appointment" })).toEqual({
      redirect_url: "/thank-you",
      redirect_type: "other",
    });
  });

  it.each([null, undefined, "https://booking.example", 200, []])("reads %j, which is no answer at all, as /thank-you", (answer) => {
    expect(readOrderDestination(answer)).toEqual({ redirect_url: "/thank-you", redirect_type: "other" });
  });

  it.each(["booking", "APPOINTMENT", "", null, 1])("reads the unknown redirect_type %j as other", (type) => {
    expect(readOrderDestination({ redirect_url: "https://booking.example/", redirect_type: type })).toEqual({
      redirect_url: "https://booking.example/",
      redirect_type: "other",
    });
  });

  it("reads a missing redirect_type as other", () => {
    expect(readOrderDestination({ redirect_url: "/thank-you" })).toEqual({ redirect_url: "/thank-you", redirect_type: "other" });
  });
});

describe("an order paid on the sandbox", () => {
  it("says sandbox: true, and a real payment's body says nothing of it", () => {
    expect(preAuthOrderBody({ ...input, sandbox: true })).toStrictEqual({ sandbox: true, ...preAuthOrderBody(input) });
    expect(preAuthOrderBody({ ...input, sandbox: false })).not.toHaveProperty("sandbox");
    expect(preAuthOrderBody(input)).not.toHaveProperty("sandbox");
  });
});

describe("the older variant in the order", () => {
  it("names the variant in the metadata", () => {
    expect(preAuthOrderBody({ ...input, variant: "classic" }).metadata.variant).toBe("classic");
  });

  it("sends her own billing address with sameAsShipping false", () => {
    const billing = { firstName: "Bo", lastName: "Lee", addressLine1: "PO Box 9", city: "Albany", state: "NY", zipCode: "12207" };
    expect(preAuthOrderBody({ ...input, billing }).billingAddress).toStrictEqual({
      sameAsShipping: false,
      ...billing,
      addressLine2: "",
    });
    expect(preAuthOrderBody({ ...input, billing: null }).billingAddress).toStrictEqual({ sameAsShipping: true, ...shippingAddress });
  });

  it("carries an injection's own dosage and recommendation", () => {
    const injection = { ...cart.medications[0]!, dosage: "0.25 mg weekly injection", recommended: true, is_default: false };
    const [medication] = preAuthOrderBody({ ...input, medications: [injection] }).medications;
    expect(medication).toMatchObject({ dosage: "0.25 mg weekly injection", recommended: true });
  });

  it("adds treatment_id=1 to an appointment booking address in the older variant only", () => {
    const booking = { redirect_url: "https://book.example.com/visit", redirect_type: "appointment" } as const;
    expect(variantDestination(booking, "classic").redirect_url).toBe("https://book.example.com/visit?treatment_id=1");
    expect(variantDestination(booking, "current")).toEqual(booking);
    const other = { redirect_url: "/thank-you", redirect_type: "other" } as const;
    expect(variantDestination(other, "classic")).toBe(other);
  });
});
