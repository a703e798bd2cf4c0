// The older "classic" variant through the route functions against a real Postgres
// engine: how a visitor is assigned, that her flow keeps its variant, and what the variant
// changes on the selection, pre-checkout and final checkout pages and in the order.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import * as checkout from "../../app/routes/checkout.($responderUuid)/route";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import * as preCheckout from "../../app/routes/pre-checkout.($responderUuid)/route";
import * as thankYou from "../../app/routes/thank-you";
import * as welcome from "../../app/routes/welcome";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { database } from "../../app/server/db/client.server";
import { billingAddresses, funnelRecords, orders } from "../../app/server/db/schema.server";
import { anAddress, aTestCard, checkoutForm } from "../support/factories";
import { readyToPay, startFlow, paymentForm } from "../support/funnel-steps";
import { locationOf, resetDatabase, TestBrowser } from "../support/route-harness";

beforeEach(async () => {
  await resetDatabase();
  clearProviderCaches();
});

const address = anAddress();
const visa = aTestCard();
const declined = aTestCard({ cardNumber: "4000 0000 0000 0002" });
const billing = {
  billingFirstName: "Mary",
  billingLastName: "Doe",
  billingAddressLine1: "PO Box 77",
  billingAddressLine2: "",
  billingCity: "Albany",
  billingState: "NY",
  billingZipCode: "12207",
};

const semaglutidePlan = { query: "?variant=classic", options: ["semaglutide"] };

function selectionPage(browser: TestBrowser, uuid: string, query = "") {
  return browser.call(checkout.loader, `/checkout/${uuid}${query}`, { params: { responderUuid: uuid } });
}

function finalPage(browser: TestBrowser, uuid: string) {
  return browser.call(finalCheckout.loader, `/final-checkout/${uuid}`, { params: { responderUuid: uuid } });
}

async function pay(browser: TestBrowser, uuid: string, form: Record<string, string>) {
  return browser.call(finalCheckout.action, `/final-checkout/${uuid}`, {
    params: { responderUuid: uuid },
    form: await paymentForm(browser, uuid, checkoutForm(form)),
  });
}

async function recordOf(uuid: string) {
  const [row] = await (await database()).select().from(funnelRecords).where(eq(funnelRecords.responderUuid, uuid));
  return row;
}

const categoriesOf = (page: { data: { model: { categories: { code: string }[] } } }) =>
  page.data.model.categories.map((category) => category.code);

describe("assignment", () => {
  it("gives a visitor the variant her link names, keeps it in a cookie and on her funnel record", async () => {
    const browser = new TestBrowser();
    // The page itself is the same for everyone and sets nothing; her answer keeps the variant.
    const page = await browser.call(welcome.loader, "/welcome?variant=classic");
    expect(page.headers.get("Set-Cookie")).toBeNull();
    const answer = await browser.call(welcome.action, "/welcome?variant=classic", { form: { reason: "nothing_else_has_helped" } });
    expect(answer.headers.getSetCookie().find((c) => c.startsWith("funnel_variant="))).toMatch(
      /^funnel_variant=[^;]+;.*HttpOnly.*SameSite=Lax/i,
    );
    const uuid = locationOf(answer).pathname.split("/").pop()!;
    expect((await recordOf(uuid))?.variant).toBe("classic");
    // Her next flow (the first went on to the selection page), with no link parameter, comes from her cookie.
    await selectionPage(browser, uuid);
    const next = await startFlow(browser);
    expect(next).not.toBe(uuid);
    expect((await recordOf(next))?.variant).toBe("classic");
  });

  it("gives everyone the current variant by default, with no cookie for it", async () => {
    const browser = new TestBrowser();
    const page = await browser.call(welcome.loader, "/welcome");
    expect(page.headers.get("Set-Cookie")).toBeNull();
    const uuid = await startFlow(browser);
    expect((await recordOf(uuid))?.variant).toBe("current");
  });

  it("keeps a flow's variant for the whole flow, whatever a later link says", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser, "?variant=classic");
    const later = await selectionPage(browser, uuid, "?variant=current");
    expect(categoriesOf(later)).toContain("weight_loss");
    expect((await recordOf(uuid))?.variant).toBe("classic");
    // A new flow after that link is a current one: the link changed her assignment.
    const next = await startFlow(browser);
    expect(categoriesOf(await selectionPage(browser, next))).not.toContain("weight_loss");
  });

  it("fixes the variant of a flow begun at the selection page by her first click", async () => {
    const browser = new TestBrowser();
    const page = await browser.call(checkout.loader, "/checkout?variant=classic");
    expect(categoriesOf(page)).toContain("weight_loss");
    const click = await browser.call(checkout.action, "/checkout", {
      form: { flowClaim: page.data.flowClaim, intent: "toggle", optionId: "semaglutide" },
    });
    const uuid = locationOf(click).pathname.split("/").pop()!;
    expect((await recordOf(uuid))?.variant).toBe("classic");
  });
});

describe("the current variant", () => {
  it("never shows or accepts a weight-loss item", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser);
    expect(categoriesOf(await selectionPage(browser, uuid))).not.toContain("weight_loss");
    const click = await browser.call(checkout.action, `/checkout/${uuid}`, {
      params: { responderUuid: uuid },
      form: { intent: "toggle", optionId: "semaglutide" },
    });
    expect(click).toHaveStatus(400);
  });
});

describe("the classic variant's pages", () => {
  it("offers the two injections at the older prices, beside the HRT categories", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser, "?variant=classic");
    const page = await selectionPage(browser, uuid);
    const weightLoss = page.data.model.categories.find((c: { code: string }) => c.code === "weight_loss");
    expect(weightLoss.options.map((o: { name: string; price: { price: number } }) => [o.name, o.price.price])).toEqual([
      ["Semaglutide", 597],
      ["Tirzepatide", 891],
    ]);
  });

  it("has the older pre-checkout heading and button", async () => {
    const browser = new TestBrowser();
    const uuid = await startFlow(browser, "?variant=classic");
    const page = await browser.call(preCheckout.loader, `/pre-checkout/${uuid}`, { params: { responderUuid: uuid } });
    expect(page.data.texts).toEqual({
      heading: "Almost done! Tell us where to send your personalized plan.",
      button: "Send me my plan!",
    });
  });

  it("starts the countdown at 14:56 and asks for billing, the box ticked", async () => {
    // Her clock stands still, so a slow machine cannot eat into the countdown it checks.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, semaglutidePlan);
    const page = await finalPage(browser, uuid);
    expect(page.data.secondsLeft).toBe(896);
    expect(page.data.billingAsked).toBe(true);
    expect(page.data.values.billingSameAsShipping).toBe("on");
    const current = new TestBrowser();
    const currentUuid = await readyToPay(current);
    const currentPage = await finalPage(current, currentUuid);
    expect(currentPage.data.secondsLeft).toBe(900);
    expect(currentPage.data.billingAsked).toBe(false);
  });
});

describe("the classic variant's billing address", () => {
  it("is required, field by field, when the box is unticked, and nothing is written", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, semaglutidePlan);
    const answer = await pay(browser, uuid, { ...visa, billingCity: "Albany" });
    expect(answer).toHaveStatus(400);
    expect(answer.data.toast).toMatchObject({ title: "Missing Information", description: "Please fill in all billing address fields" });
    expect(Object.keys(answer.data.lastResult.error).sort()).toEqual(
      ["billingAddressLine1", "billingFirstName", "billingLastName", "billingState", "billingZipCode"].sort(),
    );
    expect(await (await database()).select().from(orders)).toHaveLength(0);
    expect(await (await database()).select().from(billingAddresses)).toHaveLength(0);
  });

  it("is ignored while the box is ticked: billing is the same as shipping", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, semaglutidePlan);
    const answer = await pay(browser, uuid, { ...visa, billingSameAsShipping: "on", billingZipCode: "nonsense" });
    expect(answer).toHaveStatus(303);
    const [order] = await (await database()).select().from(orders);
    expect(order!.body).toMatchObject({ billingAddress: { sameAsShipping: true, addressLine1: address.addressLine1 } });
  });

  it("is kept through a declined card, then goes into the order with the variant and the injection", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, semaglutidePlan);
    const refused = await pay(browser, uuid, { ...declined, ...billing });
    expect(refused).toHaveStatus(402);
    const again = await finalPage(browser, uuid);
    expect(again.data.values).toMatchObject({ billingAddressLine1: "PO Box 77", billingCity: "Albany" });
    expect(again.data.values.billingSameAsShipping).toBeUndefined();

    const paid = await pay(browser, uuid, { ...visa, ...billing });
    expect(locationOf(paid).pathname).toBe(`/payment-complete/${uuid}`);
    const [order] = await (await database()).select().from(orders);
    expect(order!.status).toBe("authorised");
    expect(order!.body).toMatchObject({
      billingAddress: {
        sameAsShipping: false,
        firstName: "Mary",
        lastName: "Doe",
        addressLine1: "PO Box 77",
        addressLine2: "",
        city: "Albany",
        state: "NY",
        zipCode: "12207",
      },
      shippingAddress: { addressLine1: address.addressLine1 },
      metadata: { variant: "classic" },
    });
    const medications = (order!.body as { medications: { product_id: string; price: number; dosage: string }[] }).medications;
    expect(medications.find((m) => m.product_id === "semaglutide")).toMatchObject({ price: 597, dosage: "0.25 mg weekly injection" });
  });

  it("is forgotten when she ticks the box again", async () => {
    const browser = new TestBrowser();
    const uuid = await readyToPay(browser, semaglutidePlan);
    await pay(browser, uuid, { ...declined, ...billing });
    expect(await (await database()).select().from(billingAddresses)).toHaveLength(1);
    await pay(browser, uuid, { ...declined, billingSameAsShipping: "on" });
    expect(await (await database()).select().from(billingAddresses)).toHaveLength(0);
    expect((await finalPage(browser, uuid)).data.values.billingSameAsShipping).toBe("on");
  });
});

describe("the thank-you page", () => {
  it("speaks of a weight loss journey in the classic variant only", async () => {
    const classic = await new TestBrowser().call(thankYou.loader, "/thank-you?variant=classic");
    expect(classic.data.journey).toMatch(/weight loss journey/);
    const current = await new TestBrowser().call(thankYou.loader, "/thank-you");
    expect(current.data.journey).toBeNull();
  });
});
