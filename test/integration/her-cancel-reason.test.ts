// Her cancel page asks why (optional) and offers a break first: a reason, and Other with her
// words, kept with the one press that cancels; a double press cancels once; a code we do not
// know or words too long refused with nothing written; the break offered only while her date
// can still move; the owner's money report counting cancels by reason within its dates.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as cancelPage from "../../app/routes/subscription.$token.cancel/route";
import * as funnelPage from "../../app/routes/owner.funnel/route";
import * as orderPage from "../../app/routes/owner.orders.$reference/route";
import { cancelReasonMessages } from "../../app/funnel/cancel-reasons";
import { database } from "../../app/server/db/client.server";
import { outboxMessages, subscriptionEvents } from "../../app/server/db/schema.server";
import { storedEmailsOf } from "../../app/server/db/stores/stored-emails.server";
import type { SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { changeHerBillingDate } from "../../app/server/subscriptions/billing-date.server";
import { cancelSubscription } from "../../app/server/subscriptions/cancel.server";
import { lifecycleNow, moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { resetDatabase, TestBrowser } from "../support/route-harness";
import { signedInAs, signedInOwner } from "../support/staff";
import { deliverAll, heldSubscription, reload } from "../support/subscriptions";

beforeEach(async () => {
  await resetDatabase();
});

async function activeSubscription(): Promise<SubscriptionRow> {
  const held = await heldSubscription({ plan: "monthly" });
  await decideReview(paymentGateway(), held, "approved", null, "owner");
  const active = await reload(held);
  expect(active.state).toBe("active");
  return active;
}

const tokenOf = async (subscription: SubscriptionRow) => subscriptionLinkToken(await reload(subscription));

async function press(subscription: SubscriptionRow, form: Record<string, string>) {
  const token = await tokenOf(subscription);
  return new TestBrowser().call(cancelPage.action, `/subscription/${token}/cancel`, { params: { token }, form });
}

async function openPage(subscription: SubscriptionRow) {
  const token = await tokenOf(subscription);
  return new TestBrowser().call(cancelPage.loader, `/subscription/${token}/cancel`, { params: { token } });
}

async function cancelEventsOf(subscription: SubscriptionRow) {
  const rows = await (await database()).select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, subscription.id));
  return rows.filter((row) => row.event.startsWith("cancelled"));
}

/** Every message the outbox holds, as text: the provider's events and her emails' payloads. */
async function outboxText(): Promise<string> {
  const rows = await (await database()).select().from(outboxMessages);
  return JSON.stringify(rows.map((row) => row.payload));
}

async function providerCancelOf(subscription: SubscriptionRow) {
  const rows = await (await database()).select().from(outboxMessages).where(eq(outboxMessages.kind, "order-event"));
  return rows
    .map((row) => row.payload as { order_reference: string; event: string; reason?: string })
    .filter((payload) => payload.order_reference === subscription.reference && payload.event.startsWith("cancelled"));
}

describe("why she cancels", () => {
  it("a reason, and Other with her words, are kept with the one press; the provider hears the code, never her words", async () => {
    const first = await activeSubscription();
    const answer = await press(first, { reason: "side_effects" });
    expect(answer).toHaveStatus(200);
    expect(answer.data.done).toBe(true);
    expect(answer.data.text).toContain("Your subscription is canceled");
    expect(await reload(first)).toMatchObject({ state: "cancelled", cancelReason: "side_effects", cancelReasonNote: null });
    expect((await providerCancelOf(first)).map((event) => event.reason)).toEqual(["side_effects"]);

    // Her words at the limit's length, with line breaks that become spaces.
    const words = `Found a clinic near my new job\n${"x".repeat(169)}`;
    expect(words.length).toBe(200);
    const second = await activeSubscription();
    expect(await press(second, { reason: "other", note: words })).toHaveStatus(200);
    expect(await reload(second)).toMatchObject({ state: "cancelled", cancelReason: "other", cancelReasonNote: words.replace("\n", " ") });

    // Words written beside another reason belong to Other: not kept.
    const third = await activeSubscription();
    expect(await press(third, { reason: "too_expensive", note: "Money is tight this year" })).toHaveStatus(200);
    expect(await reload(third)).toMatchObject({ cancelReason: "too_expensive", cancelReasonNote: null });

    await deliverAll();
    expect(await outboxText()).not.toContain("Found a clinic");
    expect(await outboxText()).not.toContain("Money is tight");
    const emails = await storedEmailsOf(second.reference);
    expect(emails.map((email) => email.kind)).toContain("cancelled");
    for (const email of emails) expect(`${email.subject} ${email.text} ${email.html}`).not.toContain("Found a clinic");
  });

  it("pressed twice at once: cancelled once, one email, and the second press says it is cancelled", async () => {
    const subscription = await activeSubscription();
    const answers = await Promise.all([press(subscription, { reason: "moving" }), press(subscription, { reason: "too_expensive" })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const texts = answers.map((answer) => answer.data.text as string);
    expect(texts.filter((text) => text.includes("already canceled"))).toHaveLength(1);
    expect(await cancelEventsOf(subscription)).toHaveLength(1);
    // The reason is the press that cancelled's: the second wrote nothing over it.
    const kept = (await reload(subscription)).cancelReason;
    expect(kept).toBe(texts[0]!.includes("already canceled") ? "too_expensive" : "moving");
    await deliverAll();
    expect((await storedEmailsOf(subscription.reference)).filter((email) => email.kind === "cancelled")).toHaveLength(1);
  });

  it("a reason we do not know, or words too long, is a 400 with the form's reply, and nothing is cancelled", async () => {
    const subscription = await activeSubscription();
    const unknown = await press(subscription, { reason: "bored" });
    expect(unknown).toHaveStatus(400);
    expect(unknown.data.lastResult.error.reason).toEqual([cancelReasonMessages.reason]);

    const long = await press(subscription, { reason: "other", note: "y".repeat(201) });
    expect(long).toHaveStatus(400);
    expect(long.data.lastResult.error.note).toEqual([cancelReasonMessages.noteLong]);
    // What she typed comes back, so she need only shorten it.
    expect(long.data.lastResult.initialValue).toMatchObject({ reason: "other", note: "y".repeat(201) });

    expect(await reload(subscription)).toMatchObject({ state: "active", cancelledAt: null, cancelReason: null, cancelReasonNote: null });
    expect(await cancelEventsOf(subscription)).toHaveLength(0);
  });
});

describe("a break offered instead", () => {
  it("offers moving her date or skipping a period while it can still move, says the break she has once moved, and nothing once it cannot", async () => {
    const subscription = await activeSubscription();
    const token = await tokenOf(subscription);
    const open = await openPage(subscription);
    expect(open).toHaveStatus(200);
    expect(open.data.preview.can).toBe(true);
    expect(open.data.pause.move).toBe(`/subscription/${token}/billing-date#move-title`);
    expect(open.data.pause.skip.href).toBe(`/subscription/${token}/billing-date#skip-title`);
    expect(open.data.pause.skip.text).toMatch(/your next billing date becomes \w+ \d+, \d{4}/);

    // Moved once this period: no second move, but the break she has is said, with her page's way.
    const moved = await activeSubscription();
    const shown = moved.nextBillingAt!;
    expect((await changeHerBillingDate(paymentGateway(), moved, { kind: "move", weeks: 2 }, shown)).status).toBe("changed");
    const after = await openPage(moved);
    expect(after.data.pause.move).toBeNull();
    expect(after.data.pause.skip).toBeNull();
    expect(after.data.pause.moved.href).toBe(`/subscription/${await tokenOf(moved)}/billing-date`);
    expect(after.data.pause.moved.text).toMatch(
      /^Your next billing date is already put off to \w+ \d+, \d{4}: nothing is charged or shipped until then\./,
    );

    // Before the review there is no billing date to move: she may still cancel, with no offer.
    const held = await heldSubscription({ plan: "monthly" });
    const onHold = await openPage(held);
    expect(onHold.data.preview.can).toBe(true);
    expect(onHold.data.pause).toBeNull();

    // Less than 72 hours before her billing date, the terms fix it: no offer, cancelling still open.
    const days = Math.floor((subscription.nextBillingAt!.getTime() - (await lifecycleNow()).getTime()) / 86_400_000) - 1;
    expect((await moveSandboxClock(days)).status).toBe("moved");
    const fixed = await openPage(subscription);
    expect(fixed.data.preview.can).toBe(true);
    expect(fixed.data.pause).toBeNull();
  });
});

describe("the money report", () => {
  it("counts cancels by reason within its dates, support's with her reason among them", async () => {
    const owner = await signedInOwner();
    const { browser: support } = await signedInAs("support");
    const day = (at: Date) => at.toISOString().slice(0, 10);

    const [a, b, c, later] = [
      await activeSubscription(),
      await activeSubscription(),
      await activeSubscription(),
      await activeSubscription(),
    ];
    const d = await heldSubscription({ plan: "monthly" });
    expect(await press(a, { reason: "too_expensive" })).toHaveStatus(200);
    expect(await press(d, { reason: "side_effects" })).toHaveStatus(200);
    expect((await cancelSubscription(paymentGateway(), c)).status).toBe("cancelled");
    const pressed = await support.call(orderPage.action, `/owner/orders/${b.reference}`, {
      params: { reference: b.reference },
      form: { intent: "cancel-for-her", reason: "phone", herReason: "too_expensive" },
    });
    expect(pressed).toHaveStatus(303);
    expect((await reload(b)).cancelReason).toBe("too_expensive");
    const firstDay = await lifecycleNow();

    // Forty days on, one more: outside a range that ends on the first day.
    expect((await moveSandboxClock(40)).status).toBe("moved");
    expect(await press(later, { reason: "moving" })).toHaveStatus(200);

    const report = async (from: Date, to: Date) => {
      const answer = await owner.call(funnelPage.loader, `/owner/funnel?from=${day(from)}&to=${day(to)}`);
      expect(answer).toHaveStatus(200);
      return Object.fromEntries(
        (answer.data.report.money.cancelReasons as { label: string; count: number }[]).map((line) => [line.label, line.count]),
      );
    };
    expect(await report(firstDay, firstDay)).toEqual({
      "Too expensive": 2,
      "Side effects": 1,
      "Not working for me": 0,
      "Prefer another treatment": 0,
      "Moving or travelling": 0,
      Other: 0,
      "No reason given": 1,
    });
    expect(await report(firstDay, await lifecycleNow())).toMatchObject({
      "Too expensive": 2,
      "Moving or travelling": 1,
      "No reason given": 1,
    });
    const before = new Date(firstDay.getTime() - 10 * 86_400_000);
    expect(await report(before, before)).toEqual({});
  });
});
