// The notices the law asks for (app/funnel/renewal-notice-rules.ts), sent by the lifecycle round:
// the reminder before a renewal and the yearly notice of her terms. Each is taken off the
// subscription, its email written to the outbox, its line on her timeline and its record kept
// with her consent records, in one transaction, only while it is still the notice that was read:
// any number of rounds at once send it once.
import { checkoutTerms } from "../../funnel/consent";
import { annualNoticeAt, annualNoticeRulesFor, noticeLines, noticeSentWith, reminderRulesFor } from "../../funnel/renewal-notice-rules";
import { reminderStillUseful } from "../../funnel/subscription-life";
import { translator } from "../../i18n/messages";
import { database, type Queryable } from "../db/client.server";
import { keepNoticeRecord } from "../db/stores/consent-records.server";
import { enqueueOutboxMessage } from "../db/stores/outbox.server";
import { noteOnTimeline, takeAnnualNoticeDue, takeReminderDue, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { withOutbox } from "../outbox/with-outbox.server";
import { emailMessage } from "./order-events.server";

const englishTerms = checkoutTerms(translator("en"));

/** Its line on her timeline and its record beside her consent, in the notice's transaction. */
async function recordNotice(
  tx: Queryable,
  subscription: SubscriptionRow,
  kind: "renewal_reminder" | "annual_notice",
  at: Date,
  billingAt: Date | null,
  rules: readonly string[],
): Promise<void> {
  const key = kind === "renewal_reminder" ? billingAt?.toISOString() : subscription.annualNoticeDueAt?.toISOString();
  // The date it named; no amount, which her timeline would read as money moving.
  const detail = billingAt ? { next_billing_at: billingAt.toISOString() } : {};
  await noteOnTimeline(tx, subscription.id, kind === "renewal_reminder" ? "renewal_reminder_sent" : "annual_notice_sent", at, detail);
  await keepNoticeRecord(tx, kind, {
    responderUuid: subscription.responderUuid,
    subscriptionId: subscription.id,
    plan: subscription.plan,
    firstPeriodCents: subscription.firstPeriodCents,
    renewalCents: subscription.renewalCents,
    disclosure: noticeLines(kind, subscription.plan, subscription.renewalCents, billingAt, rules),
    terms: englishTerms,
    agreedWith: noticeSentWith,
    agreementKey: `${kind}:${subscription.id}:${key ?? at.toISOString()}`,
  });
}

/**
 * The reminder of her next renewal, when due: sent while she can still cancel that renewal
 * (more than 72 hours before it), else dropped unsent. True when it was sent by this call.
 */
export async function remindOfRenewal(subscription: SubscriptionRow, now: Date): Promise<boolean> {
  const billingAt = subscription.nextBillingAt;
  if (subscription.state !== "active" || subscription.reminderDueAt === null || subscription.reminderDueAt > now || billingAt === null) {
    return false;
  }
  const useful = reminderStillUseful(now, billingAt);
  return withOutbox(async (tx) => {
    // It tells her the terms: her yearly notice counts on from it.
    const told = useful ? { termsToldAt: now, annualNoticeDueAt: annualNoticeAt(now, null) } : undefined;
    if (!(await takeReminderDue(tx, subscription, told))) return false;
    if (!useful) return false;
    await enqueueOutboxMessage(
      tx,
      emailMessage(subscription, "renewal_reminder", now, { amountCents: subscription.renewalCents, nextBillingAt: billingAt }),
    );
    const rules = reminderRulesFor(subscription.plan, subscription.shipState).map((rule) => rule.source);
    await recordNotice(tx, subscription, "renewal_reminder", now, billingAt, rules);
    return true;
  });
}

/**
 * The yearly notice of her terms, when due: sent unless a renewal reminder still to come within
 * the year serves as it (then looked at again at that reminder). True when sent by this call.
 */
export async function sendAnnualNotice(subscription: SubscriptionRow, now: Date): Promise<boolean> {
  const due = subscription.annualNoticeDueAt;
  if (subscription.state !== "active" || due === null || due > now) return false;
  const toldAt = subscription.termsToldAt ?? subscription.holdPlacedAt;
  const noticeAt = annualNoticeAt(toldAt, subscription.reminderDueAt);
  if (noticeAt > now) {
    await takeAnnualNoticeDue(await database(), subscription, { annualNoticeDueAt: noticeAt });
    return false;
  }
  return withOutbox(async (tx) => {
    const told = { termsToldAt: now, annualNoticeDueAt: annualNoticeAt(now, subscription.reminderDueAt) };
    if (!(await takeAnnualNoticeDue(tx, subscription, told))) return false;
    const billingAt = subscription.nextBillingAt;
    await enqueueOutboxMessage(
      tx,
      emailMessage(subscription, "annual_notice", now, { amountCents: subscription.renewalCents, nextBillingAt: billingAt ?? undefined }),
    );
    const rules = annualNoticeRulesFor(subscription.plan, subscription.shipState).map((rule) => rule.source);
    await recordNotice(tx, subscription, "annual_notice", now, billingAt, rules);
    return true;
  });
}
