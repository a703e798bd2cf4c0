// Her plan page's data and its one post: the plans offered with her price on each (or why one
// cannot be chosen), the preview of the chosen one in the words her email will use, with the
// automatic-renewal disclosure she agrees to, and the post counted, checked and applied once.
import { translator } from "../../server/visitor/her-words.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { FormReply } from "../../components/form-reply";
import { formatCents } from "../../funnel/cart";
import { planChangeDisclosure } from "../../funnel/consent";
import { amountAndCadence, formatEmailDate, planChangeWords } from "../../funnel/emails";
import {
  badChoiceRefusals,
  decidePlanChange,
  planChangeAhead,
  planChangeLineOf,
  planChangeMessages,
} from "../../funnel/plan-change";
import { isPlanCode, planCodes, plans, type PlanCode } from "../../funnel/plans";
import { subscriptionTimeline, type SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { readForm } from "../../server/http/form-body.server";
import { retryAfter, tooManyAttemptsReply } from "../../server/http/form-refusal.server";
import { countHit } from "../../server/http/rate-limits.server";
import { changeHerPlan, planChangeLimit, planChoices, planRefusalStatus } from "../../server/subscriptions/plan-change.server";
import { privatePageHeaders } from "../../server/subscriptions/private-page.server";

const label = (plan: PlanCode) => plans[plan].label;

/** What the confirm form carries of what the page showed: the change applies only while it is still so. */
function shownOf(subscription: SubscriptionRow) {
  return { shownPlan: subscription.plan, shownPending: subscription.pendingPlan ?? "none", shown: subscription.nextBillingAt?.toISOString() ?? "" };
}

/** A refusal of the plan asked for in the address, drawn as the form's reply. */
function refusalReply(message: string, onChoice: boolean): FormReply {
  return { status: "error", error: onChoice ? { plan: [message] } : { "": [message] } };
}

/** The page: her plan, the plans she may choose, and the chosen one previewed; or what was just done. */
export async function planPage(subscription: SubscriptionRow, token: string, url: URL) {
  const back = `/subscription/${token}`;
  const base = { reference: subscription.reference, back };
  const { events } = await subscriptionTimeline(subscription.id);
  if (url.searchParams.get("changed") === "1") {
    const last = events.findLast((event) => event.event === "plan_changed");
    const line = last && planChangeLineOf(last);
    if (line) return { ...base, done: { title: line.kind === "kept" ? "Your plan stays as it is" : "Plan changed", text: planChangeWords(line).summary }, status: 200 };
  }
  const plansNow = await planChoices(subscription);
  const page = {
    ...base,
    done: null,
    current: {
      plan: label(subscription.plan),
      price: amountAndCadence(subscription.renewalCents, subscription.plan),
      nextBilling: subscription.nextBillingAt ? formatEmailDate(subscription.nextBillingAt) : null,
    },
    ahead: planChangeAhead(subscription, events)?.text ?? null,
    closed: plansNow.closed,
    // Choosing her own plan is offered only to cancel a change that waits.
    choices: [
      ...(subscription.pendingPlan ? [{ code: subscription.plan, label: `Keep my ${label(subscription.plan)} plan (cancel the change to ${label(subscription.pendingPlan)})` }] : []),
      ...plansNow.offered.map((choice) => ({ code: choice.plan, label: `${label(choice.plan)}: ${amountAndCadence(choice.cents!, choice.plan)}` })),
    ],
    unavailable: plansNow.unavailable,
    preview: null as null | ReturnType<typeof previewOf>,
    refusal: null as FormReply | null,
    status: 200,
  };
  const asked = url.searchParams.get("plan");
  if (page.closed) return page;
  // "See what changes" pressed with no plan chosen: said, rather than the same page again.
  if (asked === null) return url.searchParams.has("choose") ? { ...page, refusal: refusalReply(planChangeMessages.choose, true), status: 400 } : page;
  if (!isPlanCode(asked)) return { ...page, refusal: refusalReply(planChangeMessages.choose, true), status: 400 };
  const decision = plansNow.decide(asked);
  if (!decision.ok) {
    const bad = badChoiceRefusals.includes(decision.refusal);
    return { ...page, refusal: refusalReply(decision.message, bad), status: bad ? 400 : 409 };
  }
  return { ...page, preview: previewOf(subscription, decision.line) };
}

/** The chosen plan before she confirms: the email's words, the disclosure she agrees to, the one button. */
function previewOf(subscription: SubscriptionRow, line: Extract<ReturnType<typeof decidePlanChange>, { ok: true }>["line"]) {
  const words = planChangeWords(line);
  const kept = line.kind === "kept";
  return {
    plan: line.toPlan,
    title: kept ? `Keep your ${label(line.toPlan)} plan` : `Change to the ${label(line.toPlan)} plan`,
    price: kept ? null : `${formatCents(line.cents)} ${plans[line.toPlan].cadence}, from ${formatEmailDate(line.startsAt)}`,
    summary: words.summary,
    undo: words.undo,
    disclosure: kept ? null : planChangeDisclosure(translator(subscription.language), line.toPlan, line.cents, line.startsAt),
    button: kept ? `Keep my ${label(line.toPlan)} plan` : "Change my plan",
    ...shownOf(subscription),
  };
}

const outOfDate = "This page is out of date. Please open it again from your subscription page.";

const schema = z.object({
  plan: z.enum(planCodes, { error: planChangeMessages.choose }),
  shownPlan: z.enum(planCodes, { error: outOfDate }),
  shownPending: z.enum([...planCodes, "none"], { error: outOfDate }),
  shown: z
    .string({ error: outOfDate })
    .max(40, outOfDate)
    .refine((text) => !Number.isNaN(new Date(text).getTime()), outOfDate),
});

/** Her post: counted, read, applied once; a 303 to the page that says what was done, or the form's reply with a 4xx. */
export async function planAction(request: Request, subscription: SubscriptionRow, token: string) {
  const formData = await readForm(request);
  const wait = await countHit(request, `subscription:${subscription.id}`, planChangeLimit);
  if (wait > 0) {
    return data({ lastResult: tooManyAttemptsReply(formData, wait) }, { status: 429, headers: { ...privatePageHeaders, ...retryAfter(wait) } });
  }
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: privatePageHeaders });
  const { plan, shownPlan, shownPending, shown } = submission.value;
  const outcome = await changeHerPlan(subscription, plan, { plan: shownPlan, pendingPlan: shownPending === "none" ? null : shownPending, nextBillingAt: new Date(shown) });
  if (outcome.status === "changed") return redirect(`/subscription/${token}/plan?changed=1`, { status: 303, headers: privatePageHeaders });
  return data({ lastResult: submission.reply({ formErrors: [outcome.message] }) }, { status: planRefusalStatus(outcome), headers: privatePageHeaders });
}
