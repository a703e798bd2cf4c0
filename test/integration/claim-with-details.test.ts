// Her details and the order's claim in one statement (checkout/order-record.server.ts
// claimOrder): the details are kept whether the claim takes the order or finds it taken, her
// billing address is kept or removed with them, and a promo code that ran out undoes the claim
// but never her details.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { PreAuthOrderBody } from "../../app/funnel/pre-auth-order";
import { claimOrder } from "../../app/server/checkout/order-record.server";
import { database } from "../../app/server/db/client.server";
import { billingAddresses, orders, preCheckoutDetails, promoCodes, shippingAddresses } from "../../app/server/db/schema.server";
import type { CheckoutDetails } from "../../app/server/db/stores/addresses.server";
import type { ShippingAddress } from "../../app/funnel/final-checkout";
import type { OrderValues } from "../../app/server/db/stores/orders.server";
import { aPerson, anAddress } from "../support/factories";
import { resetDatabase } from "../support/route-harness";

const uuid = "5d6f7a8b-1c2d-4e3f-8a9b-0c1d2e3f4a5b";
const values = (discountCode?: string): OrderValues => ({
  body: { metadata: { discount_code: discountCode } } as unknown as PreAuthOrderBody,
  amountCents: 39_900,
  gateway: "sandbox",
  language: "en",
});
const shippingTo = (overrides: Partial<ShippingAddress> = {}) => ({ ...anAddress(), state: "NY", ...overrides }) as ShippingAddress;
const details = (overrides: Partial<CheckoutDetails> = {}): CheckoutDetails => ({
  account: aPerson(),
  shipping: shippingTo(),
  billing: null,
  ...overrides,
});

async function kept() {
  const db = await database();
  const [account] = await db.select().from(preCheckoutDetails).where(eq(preCheckoutDetails.responderUuid, uuid));
  const [shipping] = await db.select().from(shippingAddresses).where(eq(shippingAddresses.responderUuid, uuid));
  const [billing] = await db.select().from(billingAddresses).where(eq(billingAddresses.responderUuid, uuid));
  const [order] = await db.select().from(orders).where(eq(orders.responderUuid, uuid));
  return { account, shipping, billing, order };
}

let promoBefore: typeof promoCodes.$inferSelect | undefined;
beforeEach(async () => {
  await resetDatabase();
  [promoBefore] = await (await database()).select().from(promoCodes).where(eq(promoCodes.code, "FIRST100"));
});
afterEach(async () => {
  const { redemptions, maxRedemptions } = promoBefore!;
  await (await database()).update(promoCodes).set({ redemptions, maxRedemptions }).where(eq(promoCodes.code, "FIRST100"));
});

it("keeps her details with the claim, and a second press's details though the order is taken", async () => {
  const first = await claimOrder(uuid, "attempt-one", values(), details());
  expect(first.status).toBe("claimed");
  let now = await kept();
  expect(now.account).toMatchObject({ firstName: "Jane", email: "jane@example.org", phone: "(212) 555-0123" });
  expect(now.shipping).toMatchObject({ firstName: "Jane", lastName: "Doe", addressLine1: "1 Main Street", addressLine2: "Apt 4", city: "New York", zipCode: "10001" });
  expect(now.order).toMatchObject({ status: "processing", attemptKey: "attempt-one", attempts: 1, amountCents: 39_900 });

  const second = await claimOrder(uuid, "attempt-one", values(), details({ account: aPerson({ firstName: "Janet" }), shipping: shippingTo({ city: "Albany", addressLine2: undefined }) }));
  expect(second.status).toBe("taken");
  now = await kept();
  expect(now.account?.firstName).toBe("Janet");
  expect(now.shipping).toMatchObject({ firstName: "Janet", city: "Albany", addressLine2: null });
  expect(now.shipping!.updatedAt.getTime()).toBeGreaterThanOrEqual(now.shipping!.createdAt.getTime());
  // The order is the first attempt's still.
  expect(now.order).toMatchObject({ attemptKey: "attempt-one", attempts: 1 });
});

it("keeps a billing address of her own with the claim, and removes it when she has none", async () => {
  const billing = { firstName: "Ann", lastName: "Payer", addressLine1: "9 Bank Road", addressLine2: undefined, city: "Boston", state: "MA" as const, zipCode: "02101" };
  await claimOrder(uuid, "attempt-one", values(), details({ billing }));
  expect((await kept()).billing).toMatchObject({ ...billing, addressLine2: null });
  await claimOrder(uuid, "attempt-two", values(), details());
  expect((await kept()).billing).toBeUndefined();
});

it("keeps her details when her promo code has run out, and claims nothing", async () => {
  await (await database()).update(promoCodes).set({ maxRedemptions: promoBefore!.redemptions }).where(eq(promoCodes.code, "FIRST100"));
  const claim = await claimOrder(uuid, "attempt-one", values("FIRST100"), details());
  expect(claim.status).toBe("promo_unavailable");
  const now = await kept();
  expect(now.order).toBeUndefined();
  expect(now.account?.firstName).toBe("Jane");
  expect(now.shipping?.city).toBe("New York");
});
