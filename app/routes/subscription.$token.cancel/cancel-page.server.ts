// Her cancel page's data and its one post. The page says what cancelling does now, offers a
// break instead (her billing date moved or a period skipped, when the billing-date rules allow
// one and her state lets a page offer it unasked), and asks, optionally, why. The post is
// counted, read, and cancels once, with the reason written by the cancel's own conditional
// update.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { decideBillingDateChange } from "../../funnel/billing-date-changes";
import { cancelReasonOf, cancelReasonSchema } from "../../funnel/cancel-reasons";
import { offerBeforeCancelAllowed } from "../../funnel/retention-offers";
import { formatEmailDate } from "../../funnel/amounts-and-dates";
import { cancelPreview, cancelResultText } from "../../funnel/her-subscription";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import type { Translator } from "../../i18n/languages";
import { translateReply } from "../../i18n/messages";
import { loadShippingAddress } from "../../server/db/stores/addresses.server";
import type { SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { readForm } from "../../server/http/form-body.server";
import { formRefusal, retryAfter } from "../../server/http/form-refusal.server";
import { countHit, rateLimits } from "../../server/http/rate-limits.server";
import { paymentGateway } from "../../server/payments/index.server";
import { billingDateFacts } from "../../server/subscriptions/billing-date.server";
import { cancelSubscription } from "../../server/subscriptions/cancel.server";
import { lifecycleNow } from "../../server/subscriptions/clock.server";
import { privatePageHeaders } from "../../server/subscriptions/private-page.server";

export interface PauseOffer {
  /** Her billing-date page at its move, when a move is open to her now. */
  move: string | null;
  /** …at its skip, with what it does ("Skip your next period: …"), when a skip is. */
  skip: { href: string; text: string } | null;
  /**
   * She moved or skipped this period already (once a period), so neither is open now: the
   * break she has is said instead, with the way to her billing-date page.
   */
  moved: { href: string; text: string } | null;
}

/**
 * A break instead of cancelling, offered by the billing-date page's own rules: only while the
 * plan is active and its next date can still move (not within 72 hours, not twice a period,
 * not past the cap). Null when neither a move nor a skip is open to her.
 */
async function pauseOffer(subscription: SubscriptionRow, back: string, now: Date, t: Translator): Promise<PauseOffer | null> {
  if (subscription.state !== "active") return null;
  const facts = await billingDateFacts(subscription);
  const move = decideBillingDateChange(facts, { kind: "move", weeks: 1 }, now);
  const skip = decideBillingDateChange(facts, { kind: "skip" }, now);
  if (!move.ok && !skip.ok) {
    if (move.refusal !== "once_a_period" || subscription.nextBillingAt === null) return null;
    const date = formatEmailDate(subscription.nextBillingAt, t);
    return { move: null, skip: null, moved: { href: `${back}/billing-date`, text: t("herCancel.pauseMoved", { date }) } };
  }
  return {
    moved: null,
    move: move.ok ? `${back}/billing-date#move-title` : null,
    skip: skip.ok
      ? {
          href: `${back}/billing-date#skip-title`,
          text: t("herCancel.pauseSkip", { from: formatEmailDate(skip.change.from, t), to: formatEmailDate(skip.change.to, t) }),
        }
      : null,
  };
}

/** Whether her state lets her page offer a break before she cancels (retention-offers.ts). */
async function offerAllowed(subscription: SubscriptionRow): Promise<boolean> {
  return offerBeforeCancelAllowed((await loadShippingAddress(subscription.responderUuid)).state);
}

/** The page's data, its words in her language (`t`). */
export async function cancelPage(subscription: SubscriptionRow, token: string, t: Translator) {
  const now = await lifecycleNow();
  const back = `/subscription/${token}`;
  const preview = cancelPreview({ ...subscription, decided: subscription.decision !== null }, now, t);
  return {
    reference: subscription.reference,
    preview: { can: preview.can, text: preview.text },
    address: back,
    pause: preview.can && (await offerAllowed(subscription)) ? await pauseOffer(subscription, back, now, t) : null,
  };
}

/**
 * Her press: counted, read (the reason optional, a note bounded), then the cancel, once. The
 * answer says what cancelling did (a second press: that it was cancelled already), or the
 * form's reply with a 4xx, nothing written; in her language (`t`).
 */
export async function cancelAction(request: Request, subscription: SubscriptionRow, token: string, t: Translator) {
  const address = `/subscription/${token}`;
  const formData = await readForm(request);
  const wait = await countHit(request, `subscription:${subscription.id}`, rateLimits.stepPost);
  if (wait > 0) {
    return data(
      { done: false as const, lastResult: formRefusal(formData, tooManyAttemptsMessage(wait, t)) },
      { status: 429, headers: { ...privatePageHeaders, ...retryAfter(wait) } },
    );
  }
  const submission = parseWithZod(formData, { schema: cancelReasonSchema });
  if (submission.status !== "success") {
    return data({ done: false as const, lastResult: translateReply(t, submission.reply()) }, { status: 400, headers: privatePageHeaders });
  }
  const before = subscription.state;
  const lastBillingAt = subscription.nextBillingAt;
  const outcome = await cancelSubscription(paymentGateway(), subscription, cancelReasonOf(submission.value));
  if (outcome.status === "busy") {
    return data(
      { done: false as const, lastResult: submission.reply({ formErrors: [t("herCancel.busy")] }) },
      { status: 409, headers: privatePageHeaders },
    );
  }
  const canceledNow = outcome.status !== "closed";
  return data(
    {
      done: true as const,
      text: cancelResultText(outcome.status, before, { ...subscription, lastBillingAt }, t),
      address,
      emailed: canceledNow,
      // Where no offer could stand in her way, she is asked now whether she would like to hear one.
      askOffer: canceledNow && !(await offerAllowed(subscription)) ? `${address}/billing-date` : null,
    },
    { headers: privatePageHeaders },
  );
}
