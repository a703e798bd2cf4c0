// What she changed or said, on the owner's order page: a plan change waiting behind a fixed
// renewal ("Changes to Quarterly on …"), and once she cancelled, the reason's label and her own
// words with "Other", which only the roles that may read her details are shown.
import { beforeEach, describe, expect, it } from "vitest";
import * as orderPage from "../../app/routes/owner.orders.$reference/route";
import { subscriptionTimeline } from "../../app/server/db/stores/subscriptions.server";
import { orderChanges } from "../../app/server/console/order-view.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { cancelSubscription } from "../../app/server/subscriptions/cancel.server";
import { lifecycleNow, moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { changeHerPlan } from "../../app/server/subscriptions/plan-change.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { resetDatabase } from "../support/route-harness";
import { signedInAs } from "../support/staff";
import { paidSubscription, reload } from "../support/subscriptions";

beforeEach(async () => {
  await resetDatabase();
});

const day = 24 * 60 * 60 * 1000;

describe("the order page's summary", () => {
  it("shows a plan change waiting, then why she cancelled and her words with Other", async () => {
    const held = await paidSubscription({ plan: "monthly" });
    await decideReview(paymentGateway(), held, "approved", null, "owner");
    const active = await reload(held);
    // Two days before her billing date: that renewal is fixed, the new plan waits behind it.
    expect(
      (await moveSandboxClock(Math.floor((active.nextBillingAt!.getTime() - (await lifecycleNow()).getTime()) / day) - 2)).status,
    ).toBe("moved");
    const changed = await changeHerPlan(active, "quarterly", { plan: "monthly", pendingPlan: null, nextBillingAt: active.nextBillingAt! });
    expect(changed).toMatchObject({ status: "changed", line: { kind: "waiting" } });
    const waiting = await reload(active);

    const { browser } = await signedInAs("support");
    const reference = active.reference;
    const open = async () => (await browser.call(orderPage.loader, `/owner/orders/${reference}`, { params: { reference } })).data.changes;
    expect(await open()).toEqual({
      planChange: {
        text: "Changes to Quarterly on",
        at: waiting.pendingPlanFrom!.toISOString(),
        price: expect.stringMatching(/^\$[\d,]+\.\d\d every 3 months$/),
      },
      cancelReason: null,
      cancelNote: null,
      cancelForHerNote: null,
    });

    const words = "Moving abroad for a year";
    await cancelSubscription(paymentGateway(), waiting, { reason: "other", note: words });
    expect(await open()).toEqual({ planChange: null, cancelReason: "Other", cancelNote: words, cancelForHerNote: null });

    // A role that may not read her details would see the reason and never her words.
    const cancelled = await reload(active);
    const { events } = await subscriptionTimeline(cancelled.id);
    expect(orderChanges(cancelled, events, false)).toEqual({
      planChange: null,
      cancelReason: "Other",
      cancelNote: null,
      cancelForHerNote: null,
    });
  });
});
