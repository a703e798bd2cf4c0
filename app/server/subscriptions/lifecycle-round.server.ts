// The lifecycle round (decision 0014): lapsing holds, unsettled decisions, the embedded provider's
// approvals, reminders and yearly notices (renewal-notices.server.ts), and renewals. One worker
// claims a subscription at a time, so rounds may run together anywhere.
import { reconcileStaleAttempts } from "../checkout/place-order.server";
import { config } from "../config.server";
import { claimDueSubscriptions, releaseClaim, undecidedSince, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { log } from "../log.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { lifecycleNow } from "./clock.server";
import { recordDisputeNews } from "./disputes.server";
import { retryPendingRefunds } from "./refunds.server";
import { billRenewal } from "./renewal.server";
import { remindOfRenewal, sendAnnualNotice } from "./renewal-notices.server";
import { claimMs, decideReview, expireHold, settleDecision } from "./review.server";

export interface LifecycleRound {
  reminded: number;
  /** Yearly notices of her terms sent. */
  noticed: number;
  settled: number;
  expired: number;
  renewed: number;
  failed: number;
  lapsed: number;
  refunded: number;
  /** The sandbox's disputes opened or closed since the last round (Stripe tells its own by webhook). */
  disputes: number;
  /** Cut off by a crash, settled from what the gateway knows. */
  reconciled: number;
}

const batchSize = 25;

async function advance(gateway: PaymentGateway, subscription: SubscriptionRow, now: Date): Promise<keyof LifecycleRound | undefined> {
  if (subscription.decision !== null && (subscription.state === "on_hold" || subscription.state === "hold_expired")) {
    const settled = await settleDecision(gateway, subscription);
    return settled.state !== subscription.state ? "settled" : undefined;
  }
  if (subscription.state === "on_hold") {
    return (await expireHold(subscription, now)) ? "expired" : undefined;
  }
  const reminded = await remindOfRenewal(subscription, now);
  if (subscription.dueAt === null || subscription.dueAt > now) {
    // Her renewals caught up, so the yearly notice names her next billing date; a reminder sent
    // just now is the year's notice, and the notice read before it is not sent.
    const noticed = await sendAnnualNotice(subscription, now);
    // Only a notice was due: let go, so the renewal's own day finds it free.
    await releaseClaim(subscription.id);
    return reminded ? "reminded" : noticed ? "noticed" : undefined;
  }
  return billRenewal(gateway, subscription, now);
}

/** When EMBEDDED_AUTO_APPROVE_SECONDS is set. */
async function autoApprove(gateway: PaymentGateway, now: Date): Promise<number> {
  const settings = config();
  const seconds = settings.EMBEDDED_AUTO_APPROVE_SECONDS;
  if (seconds === undefined || settings.PROVIDER_BASE_URL !== undefined) return 0;
  let approved = 0;
  for (const subscription of await undecidedSince(new Date(now.getTime() - seconds * 1000), batchSize)) {
    const outcome = await decideReview(gateway, subscription, "approved", null, "embedded provider");
    if (outcome.status === "recorded") approved++;
  }
  return approved;
}

/** Until nothing is due on the lifecycle clock. */
export async function runLifecycleRound(gateway: PaymentGateway): Promise<LifecycleRound> {
  const round: LifecycleRound = {
    reminded: 0,
    noticed: 0,
    settled: 0,
    expired: 0,
    renewed: 0,
    failed: 0,
    lapsed: 0,
    refunded: 0,
    disputes: 0,
    reconciled: 0,
  };
  // First: a hold found for a cut-off attempt starts a subscription this round then sees.
  round.reconciled += await reconcileStaleAttempts(gateway);
  const now = await lifecycleNow();
  round.settled += await autoApprove(gateway, now);
  // A year moved on by the sandbox clock has a period due each month: each claim takes the next.
  for (let batches = 0; batches < 1000; batches++) {
    const claimed = await claimDueSubscriptions(now, claimMs, batchSize);
    if (claimed.length === 0) break;
    for (const subscription of claimed) {
      try {
        const done = await advance(gateway, subscription, now);
        if (done) round[done]++;
      } catch (error) {
        log.error({ error: error instanceof Error ? error.name : "unknown" }, "lifecycle step failed");
      }
    }
  }
  round.refunded += await retryPendingRefunds(gateway);
  // After the renewals: a payment of the dispute card taken in this round is disputed in it.
  round.disputes += await recordDisputeNews(gateway);
  return round;
}
