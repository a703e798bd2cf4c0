// The notices the law asks for, as the lifecycle worker sends them: the reminder before a
// renewal on the day her state's rules give, and the yearly notice of her terms where no reminder
// told her, each once however many rounds run at once, in her language, on her timeline and kept
// with her consent records, which the prunes never remove, also years after her plan ended.
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { formatEmailDate } from "../../app/funnel/amounts-and-dates";
import { cancelBeforeDate } from "../../app/funnel/emails";
import { lastDayToCancelShown } from "../../app/funnel/last-day-to-cancel";
import { annualNoticeAt, reminderFor, reminderRulesFor, reminderWindow } from "../../app/funnel/renewal-notice-rules";
import { translator } from "../../app/i18n/messages";
import { database } from "../../app/server/db/client.server";
import { orders, subscriptions } from "../../app/server/db/schema.server";
import { consentRecordsOf } from "../../app/server/db/stores/consent-records.server";
import { storedEmailsOf } from "../../app/server/db/stores/stored-emails.server";
import { subscriptionTimeline, type SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { cancelSubscription } from "../../app/server/subscriptions/cancel.server";
import { lifecycleNow, moveSandboxClock } from "../../app/server/subscriptions/clock.server";
import { addressDigest, changeShippingAddress } from "../../app/server/subscriptions/her-address.server";
import { eraseHerData } from "../../app/server/subscriptions/her-erasure.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { runHousekeeping } from "../../app/server/workers/housekeeping.server";
import { runPrunes } from "../../app/server/workers/prunes.server";
import { englishLeftIn } from "../support/english-left";
import { resetDatabase } from "../support/route-harness";
import { deliverAll, heldSubscription, reload } from "../support/subscriptions";

const day = 24 * 60 * 60 * 1000;
const es = translator("es");

beforeEach(async () => {
  await resetDatabase();
});

/** The sandbox clock moved on to `at` (whole days, never short of it). */
async function moveClockTo(at: Date): Promise<void> {
  const days = Math.ceil((at.getTime() - (await lifecycleNow()).getTime()) / day);
  if (days > 0) expect((await moveSandboxClock(days)).status).toBe("moved");
}

/** Twenty lifecycle workers' rounds at once, as twenty instances would run them. */
async function twentyRounds() {
  const rounds = await Promise.all(Array.from({ length: 20 }, () => runLifecycleRound(paymentGateway())));
  return {
    reminded: rounds.reduce((sum, round) => sum + round.reminded, 0),
    noticed: rounds.reduce((sum, round) => sum + round.noticed, 0),
  };
}

async function kept(subscription: SubscriptionRow) {
  await deliverAll();
  const emails = await storedEmailsOf(subscription.reference);
  const { events } = await subscriptionTimeline(subscription.id);
  const records = await consentRecordsOf(subscription.responderUuid);
  return { emails, events, records };
}

async function approved(options: Parameters<typeof heldSubscription>[0]): Promise<SubscriptionRow> {
  const held = await heldSubscription(options);
  await decideReview(paymentGateway(), held, "approved", null, "owner");
  const active = await reload(held);
  expect(active.state).toBe("active");
  return active;
}

describe("the reminder before a renewal", () => {
  it("a quarterly plan in Massachusetts: once, inside the regulation's days, in Spanish, on her timeline and in her records", async () => {
    const subscription = await approved({ plan: "quarterly", shipState: "MA", language: "es", amountCents: 29_900 });
    const billingAt = subscription.nextBillingAt!;
    expect(subscription.reminderDueAt).toEqual(reminderFor("quarterly", "MA", billingAt));
    for (const rule of reminderRulesFor("quarterly", "MA")) {
      const { from, to } = reminderWindow(rule, billingAt);
      expect(subscription.reminderDueAt!.getTime()).toBeGreaterThan(from.getTime());
      expect(subscription.reminderDueAt!.getTime()).toBeLessThan(to.getTime());
    }

    await moveClockTo(subscription.reminderDueAt!);
    expect((await twentyRounds()).reminded).toBe(1);
    expect((await twentyRounds()).reminded).toBe(0);

    const { emails, events, records } = await kept(subscription);
    const reminders = emails.filter((email) => email.kind === "renewal_reminder");
    expect(reminders).toHaveLength(1);
    const [reminder] = reminders;
    expect(reminder!.subject).toBe(`Su plan trimestral se renueva el ${formatEmailDate(billingAt, es)}`);
    expect(reminder!.text).toContain("cobraremos $299.00 a su tarjeta por los próximos 3 meses");
    expect(reminder!.text).toContain(`cancele en línea antes del ${formatEmailDate(cancelBeforeDate(billingAt), es)}`);
    expect(reminder!.text).toContain("/subscription/");
    expect(reminder!.html).toContain('<html lang="es">');
    expect(englishLeftIn(`${reminder!.subject}\n${reminder!.text}`)).toEqual([]);

    const lines = events.filter((event) => event.event === "renewal_reminder_sent");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.detail).toEqual({ next_billing_at: billingAt.toISOString() });

    const notices = records.filter((record) => record.kind === "renewal_reminder");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subscriptionId).toBe(subscription.id);
    expect(notices[0]!.disclosure).toContain(
      `Last day to cancel it: ${formatEmailDate(lastDayToCancelShown(billingAt))} (72 hours before the billing date).`,
    );
    expect(notices[0]!.disclosure.at(-1)).toMatch(/^Sent under: Massachusetts, 940 CMR 38\.00 .*; Ours /);

    // Told her terms: her yearly notice counts on from the reminder.
    const after = await reload(subscription);
    expect(after.reminderDueAt).toBeNull();
    expect(after.termsToldAt!.getTime()).toBeGreaterThanOrEqual(subscription.reminderDueAt!.getTime());
    expect(after.annualNoticeDueAt).toEqual(annualNoticeAt(after.termsToldAt!, null));
  });

  it("a new address in Massachusetts moves the reminder still to come to Massachusetts's day", async () => {
    const subscription = await approved({ plan: "quarterly", shipState: "OR" });
    const billingAt = subscription.nextBillingAt!;
    expect(subscription.reminderDueAt).toEqual(reminderFor("quarterly", "OR", billingAt));
    const moved = await changeShippingAddress(subscription, addressDigest(undefined), {
      addressLine1: "1 Beacon Street",
      city: "Boston",
      state: "MA",
      zipCode: "02108",
    });
    expect(moved.status).toBe("changed");
    const after = await reload(subscription);
    expect(after.shipState).toBe("MA");
    expect(after.reminderDueAt).toEqual(reminderFor("quarterly", "MA", billingAt));
    expect(after.reminderDueAt).not.toEqual(subscription.reminderDueAt);
  });

  it("a yearly plan: the reminders serve as the year's notice, so no yearly notice is added", async () => {
    const subscription = await approved({ plan: "yearly", shipState: "IL", amountCents: 100_000 });
    for (let year = 0; year < 2; year++) {
      await moveClockTo((await reload(subscription)).reminderDueAt!);
      await twentyRounds();
      await moveClockTo((await reload(subscription)).nextBillingAt!);
      await twentyRounds();
    }
    const { emails, records } = await kept(subscription);
    expect(emails.map((email) => email.kind)).toEqual([
      "order_received",
      "approved",
      "renewal_reminder",
      "renewal_charged",
      "renewal_reminder",
      "renewal_charged",
    ]);
    expect(records.filter((record) => record.kind === "annual_notice")).toEqual([]);
    expect(records.filter((record) => record.kind === "renewal_reminder")).toHaveLength(2);
  });
});

describe("the yearly notice of her terms", () => {
  it("a monthly plan in California: once eleven months after her order, in Spanish, on her timeline and in her records", async () => {
    const subscription = await approved({ plan: "monthly", shipState: "CA", language: "es", amountCents: 13_900 });
    expect(subscription.annualNoticeDueAt).toEqual(annualNoticeAt(subscription.holdPlacedAt, null));

    await moveClockTo(subscription.annualNoticeDueAt!);
    const first = await twentyRounds();
    expect(first).toEqual({ reminded: 0, noticed: 1 });
    expect((await twentyRounds()).noticed).toBe(0);

    const { emails, events, records } = await kept(subscription);
    expect(emails.filter((email) => email.kind === "renewal_reminder")).toEqual([]);
    const notices = emails.filter((email) => email.kind === "annual_notice");
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    const next = (await reload(subscription)).nextBillingAt!;
    expect(notice!.subject).toBe("Su plan mensual: el recordatorio anual de sus términos");
    expect(notice!.text).toContain("Una vez al año le recordamos en qué consiste su suscripción y cómo detenerla.");
    expect(notice!.text).toContain(`Su próxima fecha de facturación es el ${formatEmailDate(next, es)}: $139.00`);
    expect(notice!.text).toContain(`cancele en línea antes del ${formatEmailDate(cancelBeforeDate(next), es)}`);
    expect(notice!.text).toContain("/subscription/");
    expect(englishLeftIn(`${notice!.subject}\n${notice!.text}`)).toEqual([]);

    expect(events.filter((event) => event.event === "annual_notice_sent")).toHaveLength(1);
    const noticeRecords = records.filter((record) => record.kind === "annual_notice");
    expect(noticeRecords).toHaveLength(1);
    expect(noticeRecords[0]!.disclosure.at(-1)).toMatch(
      /^Sent under: California, Bus\. & Prof\. Code 17602 as amended by AB 2863 .*; Ours /,
    );

    const after = await reload(subscription);
    expect(after.termsToldAt!.getTime()).toBeGreaterThanOrEqual(subscription.annualNoticeDueAt!.getTime());
    expect(after.annualNoticeDueAt).toEqual(annualNoticeAt(after.termsToldAt!, null));
  });
});

describe("the records of what we sent her", () => {
  it("stay more than three years after her plan ended, also after she asked us to delete her data, whatever the prunes do", async () => {
    const subscription = await approved({ plan: "quarterly", shipState: "MA" });
    await moveClockTo(subscription.reminderDueAt!);
    await twentyRounds();
    expect((await cancelSubscription(paymentGateway(), await reload(subscription))).status).toBe("cancelled");
    expect((await eraseHerData(paymentGateway(), await reload(subscription))).status).toBe("erased");
    const before = await consentRecordsOf(subscription.responderUuid);
    expect(before.map((record) => record.kind)).toEqual(["renewal_reminder"]);

    const fourYearsOn = new Date(Date.now() + 4 * 366 * day);
    await runPrunes(fourYearsOn);
    await runHousekeeping(fourYearsOn);
    expect(await consentRecordsOf(subscription.responderUuid)).toEqual(before);
  });
});

describe("migration 0026", () => {
  /** Its statements after the new columns and index (which the database has already). */
  function backfillStatements(): string[] {
    const file = path.resolve(__dirname, "../../app/server/db/migrations/0026_renewal_notices.sql");
    const statements = readFileSync(file, "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim());
    expect(statements[3]).toContain('CREATE INDEX "subscriptions_annual_notice_idx"');
    return statements.slice(4);
  }

  it("gives running subscriptions their state, their year of notices, and the reminder day her state's rules give", async () => {
    const cases = [
      { plan: "quarterly", state: "MA" },
      { plan: "quarterly", state: "TX" },
      { plan: "6_month", state: "MA" },
      { plan: "yearly", state: "IL" },
      { plan: "yearly", state: "CO" },
      { plan: "yearly", state: "CA" },
      { plan: "monthly", state: "MN" },
    ] as const;
    const db = await database();
    const running = [];
    for (const { plan, state } of cases) {
      const subscription = await approved({ plan, shipState: state });
      const [order] = await db.select().from(orders).where(eq(orders.id, subscription.orderId));
      await db
        .update(orders)
        .set({ body: { ...order!.body, shippingAddress: { state: state.toLowerCase() } } })
        .where(eq(orders.id, subscription.orderId));
      // As the subscription was before the migration: the old reminder (none for a quarterly plan, else 30 days before).
      const old = plan === "quarterly" || plan === "monthly" ? null : new Date(subscription.nextBillingAt!.getTime() - 30 * day);
      await db
        .update(subscriptions)
        .set({ shipState: null, termsToldAt: null, annualNoticeDueAt: null, reminderDueAt: old })
        .where(eq(subscriptions.id, subscription.id));
      running.push({ plan, state, subscription });
    }

    await db.transaction(async (tx) => {
      for (const statement of backfillStatements()) await tx.execute(sql.raw(statement));
    });

    for (const { plan, state, subscription } of running) {
      const after = await reload(subscription);
      expect(after.shipState, `${plan} ${state}`).toBe(state);
      expect(after.termsToldAt).toEqual(subscription.holdPlacedAt);
      expect(after.annualNoticeDueAt).toEqual(annualNoticeAt(subscription.holdPlacedAt, null));
      expect(after.reminderDueAt, `${plan} ${state}`).toEqual(reminderFor(plan, state, subscription.nextBillingAt!));
    }
  });
});
