// A paid order for the tests that are about what follows a payment, as Epic Stack's `login`
// fixture writes the session rather than typing it: her browser arrives at the final checkout
// with a secure token (seeding.ts), then places the order through the product's own JSON route,
// POST /api/pre-auth-checkout, with the sandbox's pm_card_visa. No form is filled and no payment
// page waited out (it moves on after 6 s in the tests). Paying itself, its pages and its errors,
// are the checkout's own tests' (final-checkout, stripe-checkout, classic-variant, spanish).
// Imports only types from fixtures.ts, which imports this file.
import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { aPerson } from "../../support/factories";
import { subscriptionLinkIn, waitForEmail, type ReceivedEmail } from "./inbox";
import { seedVisitor } from "./seeding";
import type { Visitor } from "./funnel";

export const referencePattern = /MC-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}/;

/** Where she has her order sent: the address the final checkout's own tests type. */
export const paidOrderAddress = { addressLine1: "1 Main Street", city: "New York", state: "NY", zipCode: "10001" } as const;

export interface PaidOrderOptions {
  /** Another visitor's page (from newVisitor) instead of the test's own. */
  page?: Page;
  /** Her details; by default a person with an inbox of her own. */
  details?: Visitor;
  /** selected_plan: "monthly", "quarterly" (the default), "6_month" or "yearly". */
  plan?: string;
  /**
   * A flow her page is already at the final checkout of (seeded with `details`): paid as it
   * is, not seeded again.
   */
  responderUuid?: string;
}

export interface PaidOrder {
  person: Visitor;
  email: string;
  responderUuid: string;
  /** Her order reference, as the acknowledgment email gives it. */
  reference: string;
  /** The acknowledgment email ("We've received your order ..."). */
  received: ReceivedEmail;
  /** Her private link from that email: its path. */
  link: string;
}

export type PayForOrder = (options?: PaidOrderOptions) => Promise<PaidOrder>;

/** A new inbox for each order, so each test reads only its own emails. */
function personWithInbox(): Visitor {
  return aPerson({ email: `jane.${randomUUID().slice(0, 8)}@example.org` });
}

/** Her order placed and acknowledged; her page is left at the final checkout it was paid from. */
export async function payForOrder(testPage: Page, options: PaidOrderOptions = {}): Promise<PaidOrder> {
  const page = options.page ?? testPage;
  const person = options.details ?? personWithInbox();
  const responderUuid =
    options.responderUuid ??
    (await seedVisitor(page, "final-checkout", { details: person, ...(options.plan ? { plan: options.plan } : {}) }));
  const name = { firstName: person.firstName, lastName: person.lastName };
  // The body of spec section 7, as a Stripe.js client sends it; the server prices her stored
  // cart. Sent from her browser's context, so her session's cookie says the flow is hers.
  const answer = await page.request.post("/api/pre-auth-checkout", {
    headers: { "Idempotency-Key": `e2e-${randomUUID()}` },
    data: {
      customer: { ...name, email: person.email, phone: person.phone },
      shippingAddress: { ...name, ...paidOrderAddress },
      billingAddress: { sameAsShipping: true },
      payment: { stripePaymentMethodId: "pm_card_visa", currency: "usd" },
      metadata: { responder_uuid: responderUuid, orderSource: "website", checkoutFlow: "three-step", timestamp: new Date().toISOString() },
      // She ticked the subscription agreement: the route holds nothing without it.
      subscriptionAgreement: true,
    },
  });
  expect(answer.status(), `the order's answer: ${await answer.text()}`).toBe(200);
  expect(await answer.json()).toMatchObject({ success: true });

  const received = await waitForEmail(person.email, /We've received your order/);
  const reference = referencePattern.exec(received.subject)?.[0];
  expect(reference, `an order reference in "${received.subject}"`).toBeDefined();
  return { person, email: person.email, responderUuid, reference: reference!, received, link: subscriptionLinkIn(received.text) };
}
