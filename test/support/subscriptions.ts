// Subscriptions for the lifecycle tests: a paid order through the funnel (the real path from
// the checkout to the hold), or a hold placed straight on the sandbox with a given test card
// (3-D Secure done), and readers for what the tests count.
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { emailPayload } from "../../app/funnel/email-messages";
import type { OrderEventBody } from "../../app/funnel/order-event";
import { orderReference } from "../../app/funnel/subscription-life";
import type { PlanCode } from "../../app/funnel/plans";
import { database } from "../../app/server/db/client.server";
import { orders, outboxMessages, sandboxPayments, subscriptionPayments } from "../../app/server/db/schema.server";
import { findSubscription, findSubscriptionByResponder, type SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import type { PaymentGateway } from "../../app/server/payments/gateway.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { sandboxGateway } from "../../app/server/payments/sandbox.server";
import { deliverDueOutboxMessages } from "../../app/server/outbox/delivery.server";
import { provider } from "../../app/server/provider/index.server";
import { lifecycleNow, moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { subscriptionWrites } from "../../app/server/checkout/place-order.server";
import { sendAsOne } from "../../app/server/db/writes-as-one.server";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import { aPerson, checkoutForm, type Person } from "./factories";
import { paymentForm, payForPlan, readyToPay, saveDetails, type PlanChoice } from "./funnel-steps";
import { TestBrowser } from "./route-harness";
import type { Language } from "../../app/i18n/languages";

/** A visitor pays for `choice` on the final checkout; her subscription, on hold. */
export async function paidSubscription(choice: PlanChoice = {}): Promise<SubscriptionRow> {
  const browser = new TestBrowser();
  const { responderUuid } = await payForPlan(browser, choice);
  const subscription = await findSubscriptionByResponder(responderUuid);
  if (!subscription) throw new Error("the payment made no subscription");
  return subscription;
}

/** She pays for `plan` through the funnel as `person`; her subscription, on hold. */
export async function paidAs(person: Partial<Person> = {}, plan: "monthly" | "quarterly" = "monthly"): Promise<SubscriptionRow> {
  const browser = new TestBrowser();
  const her = aPerson(person);
  const responderUuid = await readyToPay(browser, { plan });
  await saveDetails(browser, responderUuid, her);
  const paid = await browser.call(finalCheckout.action, `/final-checkout/${responderUuid}`, {
    params: { responderUuid },
    form: await paymentForm(browser, responderUuid, checkoutForm(her)),
  });
  if (paid.status !== 303) throw new Error(`the payment answered ${paid.status}`);
  return (await findSubscriptionByResponder(responderUuid))!;
}

/**
 * A hold of `amountCents` placed on the sandbox with `cardNumber` (3-D Secure passed where
 * the card asks), with its order and subscription, as the checkout writes them.
 */
export async function heldSubscription(
  options: {
    cardNumber?: string;
    plan?: PlanCode;
    /** The language she ordered in. */
    language?: Language;
    amountCents?: number;
    renewalCents?: number;
    /** Another gateway (Stripe against its stand-in), paying with `paymentMethodId`. */
    gateway?: PaymentGateway;
    paymentMethodId?: string;
    /** Stripe: what passes her 3-D Secure at the stand-in. */
    authenticate?: (reference: string) => void | Promise<void>;
    /** Her shipping address's state (the renewal notices' rules). */
    shipState?: string;
  } = {},
): Promise<SubscriptionRow> {
  const gateway = options.gateway ?? sandboxGateway();
  const amountCents = options.amountCents ?? 13_900;
  const responderUuid = randomUUID();
  const person = aPerson();
  let result = await gateway.authorise({
    amountCents,
    currency: "usd",
    orderId: randomUUID(),
    responderUuid,
    customer: {
      name: `${person.firstName} ${person.lastName}`,
      email: person.email,
      phone: person.phone,
      address: { line1: "1 Main St", city: "Portland", state: "OR", postal_code: "97201", country: "US" },
    },
    idempotencyKey: randomUUID(),
    returnUrl: "http://localhost/return",
    ...(gateway.kind === "sandbox"
      ? { card: { number: options.cardNumber ?? "4242424242424242", expiry: "12/30", securityCode: "123" } }
      : { paymentMethodId: options.paymentMethodId ?? "pm_card_visa" }),
  });
  if (result.status === "requires_action") {
    if (options.authenticate) await options.authenticate(result.reference);
    result = await gateway.resume(result.reference, { authenticated: true });
  }
  if (result.status !== "authorised") throw new Error(`the test card was not authorised: ${result.status}`);
  const db = await database();
  const reference = orderReference(randomBytes(8));
  const [order] = await db
    .insert(orders)
    .values({
      responderUuid,
      reference,
      status: "authorised",
      // What her emails and her page read of the order (the checkout writes the whole body).
      body: {
        customer: { firstName: person.firstName, lastName: person.lastName, email: person.email, phone: person.phone },
        medications: [{ name: "Estradiol Patch", dosage: "0.05 mg" }],
      },
      amountCents,
      gateway: gateway.kind,
      paymentReference: result.reference,
    })
    .returning();
  const at = await lifecycleNow();
  const writes = subscriptionWrites({
    subscription: {
      orderId: order!.id,
      responderUuid,
      reference,
      plan: options.plan ?? "monthly",
      language: options.language ?? "en",
      variant: "current",
      gateway: gateway.kind,
      firstPeriodCents: amountCents,
      renewalCents: options.renewalCents ?? amountCents,
      holdReference: result.reference,
      holdExpiresAt: result.holdExpiresAt!,
      shipState: options.shipState ?? "OR",
      at,
    },
    email: emailPayload(reference, "order_received", at),
  });
  await sendAsOne(db, writes);
  return (await findSubscriptionByResponder(responderUuid))!;
}

/**
 * Approved and paid on `plan`, with her medications in her order as the checkout writes them
 * (a gel, and a cream if asked), ordered in `language`.
 */
export async function activeWithMedications(
  plan: PlanCode = "monthly",
  withCream = false,
  language: Language = "en",
): Promise<SubscriptionRow> {
  const medication = (productId: string, name: string, price: number) => ({
    id: productId,
    product_id: productId,
    name,
    dosage: "",
    price,
    planType: plan,
    billing_frequency: plan,
    recommended: false,
    category_name: name,
  });
  const cents = plan === "monthly" ? 13_900 : 39_900 + (withCream ? 29_900 : 0);
  const held = await heldSubscription({ language, plan, amountCents: cents, renewalCents: cents });
  const db = await database();
  const [order] = await db.select().from(orders).where(eq(orders.id, held.orderId));
  const medications = [
    medication("gel", "Gel", plan === "monthly" ? 139 : 399),
    ...(withCream ? [medication("vaginal_estrogen_cream", "Cream", 299)] : []),
  ];
  await db
    .update(orders)
    .set({ body: { ...order!.body, medications } })
    .where(eq(orders.id, held.orderId));
  await decideReview(paymentGateway(), held, "approved", null, "owner");
  const active = await reload(held);
  if (active.state !== "active") throw new Error(`the approval left the subscription ${active.state}`);
  return active;
}

export async function reload(subscription: SubscriptionRow): Promise<SubscriptionRow> {
  return (await findSubscription(subscription.id))!;
}

/** `days` pass on the sandbox clock, and the lifecycle round runs as its worker would then. */
export async function moveDays(days: number) {
  expect((await moveSandboxClock(days)).status).toBe("moved");
  return runLifecycleRound(paymentGateway());
}

/** Moves the lifecycle clock on to her next billing date (whole days): her renewal is due. */
export async function moveClockToNextBilling(subscription: SubscriptionRow): Promise<SubscriptionRow> {
  const { nextBillingAt } = await reload(subscription);
  await moveSandboxClock(Math.ceil((nextBillingAt!.getTime() - (await lifecycleNow()).getTime()) / (24 * 60 * 60 * 1000)));
  return reload(subscription);
}

export async function paymentsOf(subscription: SubscriptionRow) {
  return (await database())
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.subscriptionId, subscription.id))
    .orderBy(asc(subscriptionPayments.id));
}

/** The sandbox's own record of the hold (what the "bank" did). */
export async function sandboxHold(subscription: SubscriptionRow) {
  const [row] = await (await database()).select().from(sandboxPayments).where(eq(sandboxPayments.reference, subscription.holdReference));
  return row!;
}

/** The sandbox's charges made from this hold's saved card. */
export async function sandboxCharges(subscription: SubscriptionRow) {
  return (await database())
    .select()
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.savedFrom, subscription.holdReference), eq(sandboxPayments.kind, "charge")));
}

/** Her emails queued in the outbox for this order, by kind, in order. */
export async function queuedEmailsOf(order: { reference: string | null }): Promise<string[]> {
  const rows = await (
    await database()
  )
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.kind, "email"))
    .orderBy(asc(outboxMessages.id));
  return rows
    .map((row) => row.payload as { reference: string; email: string })
    .filter((payload) => payload.reference === order.reference)
    .map((payload) => payload.email);
}

/** The order events queued for the provider about this order, in order, whole. */
export async function orderEventsOf(subscription: SubscriptionRow): Promise<OrderEventBody[]> {
  const rows = await (
    await database()
  )
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.kind, "order-event"))
    .orderBy(asc(outboxMessages.id));
  return rows
    .map((row) => row.payload as unknown as OrderEventBody)
    .filter((payload) => payload.order_reference === subscription.reference);
}

/** The order events queued for the provider about this order, in order. */
export async function providerEventsOf(subscription: SubscriptionRow): Promise<string[]> {
  return (await orderEventsOf(subscription)).map((payload) => payload.event);
}

/** Delivers every message the outbox has due (her emails into the mail store, the provider's copies), until none is left. */
export async function deliverAll(): Promise<void> {
  const to = await provider();
  for (let round = 0; round < 5; round++) {
    const done = await deliverDueOutboxMessages(to, 100);
    if (done.delivered + done.failed === 0) return;
  }
}
