// Her billing-date page's data and its one form's post: each choice previewed with the date it
// leads to (or why it cannot be made now), and the post checked, counted and applied once.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { billingDateDoneText, billingDateChoiceOf, capTextIn, moveOffer, weeksLeft } from "../../funnel/billing-date-changes";
import { formatCents } from "../../funnel/cart";
import { formatEmailDate } from "../../funnel/amounts-and-dates";
import type { MessageId } from "../../i18n/en";
import type { Translator } from "../../i18n/languages";
import { translateReply } from "../../i18n/messages";
import type { SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { readForm } from "../../server/http/form-body.server";
import { formRefusal, retryAfter } from "../../server/http/form-refusal.server";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import { countHit } from "../../server/http/rate-limits.server";
import { paymentGateway } from "../../server/payments/index.server";
import {
  billingDateLimit,
  billingDateOffers,
  billingDateRefusalStatus,
  changeHerBillingDate,
} from "../../server/subscriptions/billing-date.server";
import { privatePageHeaders } from "../../server/subscriptions/private-page.server";

/** The page: where her date is, each choice with its outcome, and what was just done, in her language (`t`). */
export async function billingDatePage(subscription: SubscriptionRow, token: string, changed: boolean, t: Translator) {
  const day = (date: Date) => formatEmailDate(date, t);
  const { now, facts, amountCents, sooner, skip, back } = await billingDateOffers(subscription, t);
  const last = facts.lines.at(-1);
  const next = subscription.nextBillingAt;
  return {
    reference: subscription.reference,
    back: `/subscription/${token}`,
    done: changed && last ? billingDateDoneText(last, t) : null,
    // The date the forms carry: a change applies only while it is still her date.
    shown: next?.toISOString() ?? "",
    nextBilling: next ? { date: day(next), amount: formatCents(amountCents) } : null,
    closed: !sooner.ok && sooner.refusal === "not_active" ? sooner.message : null,
    rule: capTextIn(t),
    left: t("herBillingDate.left", { weeks: weeksLeft(facts.lines, now) }),
    // Only the weeks the cap still allows are offered; the post is checked again all the same.
    move: moveOffer(facts, now, day, t),
    skip: skip.ok
      ? { open: true, text: t("herBillingDate.skipText", { from: day(skip.change.from), to: day(skip.change.to) }) }
      : { open: false, text: skip.message },
    moveBack: back.ok ? t("herBillingDate.backButton", { date: day(back.change.to) }) : null,
    sooner: sooner.ok
      ? { open: true, text: t("herBillingDate.soonerText", { amount: formatCents(amountCents), date: day(sooner.change.to) }) }
      : { open: false, text: sooner.message },
  };
}

const intents = ["move", "skip", "move_back", "sooner"] as const;
// The schema's messages are catalogue ids, put into her words where the reply is made.
const outOfDate = "herBillingDate.outOfDate" satisfies MessageId;
const weeksMissing = "herBillingDate.weeks" satisfies MessageId;

const schema = z
  .object({
    intent: z.enum(intents, { error: outOfDate }),
    weeks: z
      .string()
      .regex(/^[1-8]$/, weeksMissing)
      .transform(Number)
      .optional(),
    shown: z
      .string({ error: outOfDate })
      .max(40, outOfDate)
      .refine((text) => !Number.isNaN(new Date(text).getTime()), outOfDate),
  })
  .superRefine((value, context) => {
    if (value.intent === "move" && value.weeks === undefined) context.addIssue({ code: "custom", path: ["weeks"], message: weeksMissing });
  });

/** Her post: counted, read, applied once; a 303 back to the page, or the form's reply with a 4xx in her language (`t`). */
export async function billingDateAction(request: Request, subscription: SubscriptionRow, token: string, t: Translator) {
  const formData = await readForm(request);
  const wait = await countHit(request, `subscription:${subscription.id}`, billingDateLimit);
  if (wait > 0) {
    return data(
      { lastResult: formRefusal(formData, tooManyAttemptsMessage(wait, t)) },
      { status: 429, headers: { ...privatePageHeaders, ...retryAfter(wait) } },
    );
  }
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success")
    return data({ lastResult: translateReply(t, submission.reply()) }, { status: 400, headers: privatePageHeaders });
  const { intent, weeks, shown } = submission.value;
  const outcome = await changeHerBillingDate(
    paymentGateway(),
    subscription,
    billingDateChoiceOf(intent, weeks),
    new Date(shown),
    undefined,
    t,
  );
  if (outcome.status === "changed") {
    return redirect(`/subscription/${token}/billing-date?changed=1`, { status: 303, headers: privatePageHeaders });
  }
  return data(
    { lastResult: submission.reply({ formErrors: [outcome.message] }) },
    { status: billingDateRefusalStatus(outcome), headers: privatePageHeaders },
  );
}
