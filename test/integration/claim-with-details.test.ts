// Her details and the order's claim in one statement (checkout/place-order.server.ts
// claimOrder): the details are kept whether the claim takes the order or finds it taken, her
// billing address is kept or removed with them, and a promo code that ran out undoes the claim
// but never her details. A claim refused by her order as its statement found it answers with
// that order, the one the refused press would read next; a row the claim met only once another
// attempt committed it is not answered, and read by the caller.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { PreAuthOrderBody } from "../../app/funnel/pre-auth-order";
import { claimOrder } from "../../app/server/checkout/place-order.server";
import { database, databaseEngine } from "../../app/server/db/client.server";
import { billingAddresses, orders, preCheckoutDetails, promoCodes, shippingAddresses } from "../../app/server/db/schema.server";
import type { CheckoutDetails } from "../../app/server/db/stores/addresses.server";
import type { ShippingAddress } from "../../app/funnel/final-checkout";
import * as orderStore from "../../app/server/db/stores/orders.server";
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
  expect(now.shipping).toMatchObject({
    firstName: "Jane",
    lastName: "Doe",
    addressLine1: "1 Main Street",
    addressLine2: "Apt 4",
    city: "New York",
    zipCode: "10001",
  });
  expect(now.order).toMatchObject({ status: "processing", attemptKey: "attempt-one", attempts: 1, amountCents: 39_900 });

  const second = await claimOrder(
    uuid,
    "attempt-one",
    values(),
    details({ account: aPerson({ firstName: "Janet" }), shipping: shippingTo({ city: "Albany", addressLine2: undefined }) }),
  );
  expect(second.status).toBe("taken");
  now = await kept();
  expect(now.account?.firstName).toBe("Janet");
  expect(now.shipping).toMatchObject({ firstName: "Janet", city: "Albany", addressLine2: null });
  expect(now.shipping!.updatedAt.getTime()).toBeGreaterThanOrEqual(now.shipping!.createdAt.getTime());
  // The order is the first attempt's still.
  expect(now.order).toMatchObject({ attemptKey: "attempt-one", attempts: 1 });
});

it("keeps a billing address of her own with the claim, and removes it when she has none", async () => {
  const billing = {
    firstName: "Ann",
    lastName: "Payer",
    addressLine1: "9 Bank Road",
    addressLine2: undefined,
    city: "Boston",
    state: "MA" as const,
    zipCode: "02101",
  };
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

it("answers the claimed row as kept, and a refused claim with her order as its statement found it", async () => {
  const before = performance.now();
  const first = await claimOrder(uuid, "attempt-one", values(), details());
  expect(first).toEqual({ status: "claimed", order: (await kept()).order });
  // Pressed twice: the same attempt under way refuses the claim, and answers the order.
  const second = await claimOrder(uuid, "attempt-one", values(), details());
  expect(second).toEqual({ status: "taken", found: { order: (await kept()).order, at: expect.any(Number) } });
  if (second.status === "taken") expect(second.found!.at).toBeGreaterThanOrEqual(before);
  // Another attempt while this one is under way: refused too, the same order answered.
  const third = await claimOrder(uuid, "attempt-two", values(), details());
  expect(third).toMatchObject({ status: "taken", found: { order: { attemptKey: "attempt-one", status: "processing" } } });
  // Settled as declined: a new attempt takes it, the same attempt again does not.
  await (await database()).update(orders).set({ status: "declined" }).where(eq(orders.responderUuid, uuid));
  expect(await claimOrder(uuid, "attempt-one", values(), details())).toMatchObject({
    status: "taken",
    found: { order: { status: "declined" } },
  });
  const next = await claimOrder(uuid, "attempt-two", values(), details());
  expect(next).toEqual({ status: "claimed", order: (await kept()).order });
  expect(next).toMatchObject({ order: { attemptKey: "attempt-two", attempts: 2, status: "processing" } });
});

it("answers no order when the one its statement found would have taken the claim: another attempt took it meanwhile", async () => {
  // Only PostgreSQL runs two connections at once; the embedded engine runs one statement at a time.
  if ((await databaseEngine()) !== "postgresql") return;
  const db = await database();
  await claimOrder(uuid, "attempt-one", values(), details());
  await db.update(orders).set({ status: "declined" }).where(eq(orders.responderUuid, uuid));
  let claimedMeanwhile!: () => void;
  let commit!: () => void;
  const claimedInTransaction = new Promise<void>((resolve) => (claimedMeanwhile = resolve));
  const committed = new Promise<void>((resolve) => (commit = resolve));
  const other = db.transaction(async (tx) => {
    expect(await orderStore.claimOrder(tx, uuid, "attempt-two", values())).toBeDefined();
    claimedMeanwhile();
    await committed;
  });
  await claimedInTransaction;
  // This claim's statement finds the order declined (the other claim is not committed), waits
  // for the other's row, and is refused by it once it commits.
  const refused = claimOrder(uuid, "attempt-three", values(), details());
  await new Promise((resolve) => setTimeout(resolve, 200));
  commit();
  await other;
  expect(await refused).toEqual({ status: "taken" });
  expect((await kept()).order).toMatchObject({ attemptKey: "attempt-two", status: "processing" });
});
