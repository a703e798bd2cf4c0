// A second press of COMPLETE PURCHASE whose first runs on another instance waits for the order
// to be settled. On PostgreSQL the database's notice tells it the order as settled, so it
// answers without reading the order again; on the embedded engine (one process, nothing told)
// it reads the order at its interval.
import { eq } from "drizzle-orm";
import { beforeEach, expect, it, vi } from "vitest";

const reads = vi.hoisted(() => ({ findOrder: 0 }));
vi.mock("../../app/server/db/stores/orders.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../app/server/db/stores/orders.server")>();
  return {
    ...real,
    findOrder: (...args: Parameters<typeof real.findOrder>) => {
      reads.findOrder += 1;
      return real.findOrder(...args);
    },
  };
});

import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import { database, databaseEngine } from "../../app/server/db/client.server";
import { orders } from "../../app/server/db/schema.server";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { checkoutForm } from "../support/factories";
import { paymentForm, readyToPay } from "../support/funnel-steps";
import { resetDatabase, TestBrowser } from "../support/route-harness";

beforeEach(async () => {
  await resetDatabase();
  clearProviderCaches();
});

/** Ready to pay, with her first press on another instance: its claim made, her card being tried there. */
async function firstPressElsewhere() {
  const browser = new TestBrowser();
  const uuid = await readyToPay(browser, { options: ["patch"] });
  const db = await database();
  await db
    .insert(orders)
    .values({ responderUuid: uuid, body: {}, amountCents: 39_900, gateway: "sandbox", status: "processing", attemptKey: "first" });
  return { browser, uuid, db };
}

/** Her second press of COMPLETE PURCHASE, from the same page (the same attempt). */
async function pressAgain(browser: TestBrowser, uuid: string) {
  const form = await paymentForm(browser, uuid, checkoutForm({ attemptKey: "first" }));
  return browser.call(finalCheckout.action, `/final-checkout/${uuid}`, { params: { responderUuid: uuid }, form });
}

it("answers as soon as the other instance's attempt is settled, from the notice on PostgreSQL", async () => {
  const { browser, uuid, db } = await firstPressElsewhere();

  reads.findOrder = 0;
  const started = Date.now();
  const second = pressAgain(browser, uuid);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await db
    .update(orders)
    .set({ status: "authorised", paymentReference: "sandbox_pi_1", redirectUrl: "/thank-you", redirectType: "other" })
    .where(eq(orders.responderUuid, uuid));

  expect(await second).toRedirectTo(`/payment-complete/${uuid}`);
  if ((await databaseEngine()) === "postgresql") {
    // Woken by the notice, well before the second it would wait untold, and told the order.
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(reads.findOrder).toBe(0);
  } else {
    expect(reads.findOrder).toBeGreaterThan(0);
  }
});

it("reads the order when the notice speaks of another attempt than the one it waited for", async () => {
  if ((await databaseEngine()) !== "postgresql") return;
  const { browser, uuid, db } = await firstPressElsewhere();

  reads.findOrder = 0;
  const second = pressAgain(browser, uuid);
  await new Promise((resolve) => setTimeout(resolve, 300));
  // Settled under another attempt's key: the notice is not of the attempt waited for.
  await db
    .update(orders)
    .set({
      status: "authorised",
      attemptKey: "another",
      paymentReference: "sandbox_pi_1",
      redirectUrl: "/thank-you",
      redirectType: "other",
    })
    .where(eq(orders.responderUuid, uuid));

  expect(await second).toRedirectTo(`/payment-complete/${uuid}`);
  expect(reads.findOrder).toBe(1);
});
