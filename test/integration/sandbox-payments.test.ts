// On the sandbox gateway no real money moves: every console page says so (the layout's
// loader, signed in or not, and the banner it draws), and the provider hears it with the order
// and with each order event, so neither the owner nor the provider takes a test card as paid.
// Stripe mode (no banner, no flag): test/integration/stripe-checkout.test.ts.
import { asc, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";

// The layout drawn outside Remix: its data given, its links and forms as plain elements.
const layoutData = vi.hoisted(() => ({ current: {} }));
vi.mock("@remix-run/react", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@remix-run/react")>()),
  useLoaderData: () => layoutData.current,
  NavLink: ({ to, children }: { to: string; children: unknown }) => createElement("a", { href: to }, children as never),
  Form: ({ children }: { children: unknown }) => createElement("form", null, children as never),
  Outlet: () => null,
}));

import * as consoleLayout from "../../app/routes/owner";
import * as signIn from "../../app/routes/owner._index/route";
import * as ordersList from "../../app/routes/owner.orders._index/route";
import { database } from "../../app/server/db/client.server";
import { outboxMessages } from "../../app/server/db/schema.server";
import { ownerPassword } from "../../app/server/console/owner-password.server";
import { paymentGateway, paymentsAreSandbox } from "../../app/server/payments/index.server";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { payForPlan } from "../support/funnel-steps";
import { providerReceipts } from "../support/provider-receipts";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { paidSubscription } from "../support/subscriptions";
import { ensureFirstOwner } from "../../app/server/staff/first-owner.server";
import { signInForm } from "../support/staff";

beforeEach(async () => {
  await resetDatabase();
  await ensureFirstOwner();
  clearProviderCaches();
});

const banner = "<strong>Sandbox payments:</strong> no real money moves. Test cards only.";

describe("the owner's console on the sandbox", () => {
  it("says on every console page, signed in or not, that no real money moves", async () => {
    expect(paymentsAreSandbox()).toBe(true);
    expect(paymentGateway().kind).toBe("sandbox");
    const visitor = new TestBrowser();
    expect((await visitor.call(consoleLayout.loader, "/owner")).data).toMatchObject({ person: null, sandboxPayments: true });

    const owner = new TestBrowser();
    expect(await owner.call(signIn.action, "/owner", { form: signInForm(ownerPassword()) })).toRedirectTo("/owner/orders");
    expect(await owner.call(ordersList.loader, "/owner/orders")).toHaveStatus(200);
    for (const page of ["/owner/orders", "/owner/funnel", "/owner/emails", "/owner/orders/MC-0000"]) {
      expect((await owner.call(consoleLayout.loader, page)).data).toMatchObject({
        person: { name: "Owner", role: "Owner" },
        sandboxPayments: true,
      });
    }
  });

  it("draws the notice as a named region above the page, in words, and none in Stripe mode", () => {
    const person = { name: "Owner", role: "Owner", twoStepOn: false, menu: [{ to: "/owner/orders", label: "Orders" }] };
    layoutData.current = { person, sandboxPayments: true };
    const onSandbox = renderToStaticMarkup(createElement(consoleLayout.default));
    expect(onSandbox).toContain(`<section class="sandbox-note owner-sandbox-note" aria-label="Payments"><p>${banner}</p></section>`);
    // Above the page's own content, below the console's bar.
    expect(onSandbox.indexOf("owner-bar")).toBeLessThan(onSandbox.indexOf("Sandbox payments"));

    layoutData.current = { person: null, sandboxPayments: true };
    expect(renderToStaticMarkup(createElement(consoleLayout.default))).toContain(banner);

    layoutData.current = { person, sandboxPayments: false };
    const withStripe = renderToStaticMarkup(createElement(consoleLayout.default));
    expect(withStripe).not.toContain("Sandbox");
    expect(withStripe).toContain("Orders</a>");
  });
});

describe("what the provider hears on the sandbox", () => {
  it("the order says sandbox: true", async () => {
    const { responderUuid, answer } = await payForPlan(new TestBrowser());
    expect(answer).toRedirectTo(`/payment-complete/${responderUuid}`);
    const received = await providerReceipts("pre-auth-checkout");
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toMatchObject({ sandbox: true, metadata: { responder_uuid: responderUuid } });
  });

  it("each order event says sandbox: true", async () => {
    const subscription = await paidSubscription();
    expect((await decideReview(paymentGateway(), subscription, "approved", null, "owner")).status).not.toBe("conflict");
    const events = await (
      await database()
    )
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, "order-event"))
      .orderBy(asc(outboxMessages.id));
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event.payload).toMatchObject({ sandbox: true, order_reference: subscription.reference });
    }
  });
});
