// Her plan page's data and its one post: the plans offered with her price on each (or why one
// cannot be chosen), the preview of the chosen one in the words her email will use, with the
// automatic-renewal disclosure she agrees to, and the post counted, checked and applied once.
// Every word in her language (`t`); the schema's messages are catalogue ids.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { FormReply } from "../../components/form-reply";
import { planChangeDisclosure } from "../../funnel/consent";
import { amountAndCadence, formatEmailDate, planChangeWords } from "../../funnel/emails";
import { badChoiceRefusals, decidePlanChange, planChangeAhead, planChangeLineOf } from "../../funnel/plan-change";
import { isPlanCode, planCodes, planWords, type PlanCode } from "../../funnel/plans";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import type { MessageId } from "../../i18n/en";
import type { Translator } from "../../i18n/languages";
import { translateReply } from "../../i18n/messages";
import { subscriptionTimeline, type SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { readForm } from "../../server/http/form-body.server";
import { formRefusal, retryAfter } from "../../server/http/form-refusal.server";
import { countHit } from "../../server/http/rate-limits.server";
import { changeHerPlan, planChangeLimit, planChoices, planRefusalStatus } from "../../server/subscriptions/plan-change.server";
import { privatePageHeaders } from "../../server/subscriptions/private-page.server";

/** What the confirm form carries of what the page showed: the change applies only while it is still so. */
function shownOf(subscription: SubscriptionRow) {
  return {
    shownPlan: subscription.plan,
    shownPending: subscription.pendingPlan ?? "none",
    shown: subscription.nextBillingAt?.toISOString() ?? "",
  };
}

/** A refusal of the plan asked for in the address, drawn as the form's reply. */
function refusalReply(message: string, onChoice: boolean): FormReply {
  return { status: "error", error: onChoice ? { plan: [message] } : { "": [message] } };
}

/** The page: her plan, the plans she may choose, and the chosen one previewed; or what was just done. */
export async function planPage(subscription: SubscriptionRow, token: string, url: URL, t: Translator) {
  const back = `/subscription/${token}`;
  const base = { reference: subscription.reference, back };
  const label = (plan: PlanCode) => planWords(plan, t).label;
  const { events } = await subscriptionTimeline(subscription.id);
  if (url.searchParams.get("changed") === "1") {
    const last = events.findLast((event) => event.event === "plan_changed");
    const line = last && planChangeLineOf(last);
    if (line)
      return {
        ...base,
        done: { title: t(line.kind === "kept" ? "herPlan.doneKept" : "herPlan.doneChanged"), text: planChangeWords(line, t).summary },
        status: 200,
      };
  }
  const plansNow = await planChoices(subscription, t);
  const page = {
    ...base,
    done: null,
    current: {
      plan: label(subscription.plan),
      price: amountAndCadence(subscription.renewalCents, subscription.plan, t),
      nextBilling: subscription.nextBillingAt ? formatEmailDate(subscription.nextBillingAt, t) : null,
    },
    ahead: planChangeAhead(subscription, events, t)?.text ?? null,
    closed: plansNow.closed,
    // Choosing her own plan is offered only to cancel a change that waits.
    choices: [
      ...(subscription.pendingPlan
        ? [
            {
              code: subscription.plan,
              label: t("herPlan.keepChoice", { plan: label(subscription.plan), pending: label(subscription.pendingPlan) }),
            },
          ]
        : []),
      ...plansNow.offered.map((choice) => ({
        code: choice.plan,
        label: t("herPlan.choice", { plan: label(choice.plan), price: amountAndCadence(choice.cents!, choice.plan, t) }),
      })),
    ],
    unavailable: plansNow.unavailable,
    preview: null as null | ReturnType<typeof previewOf>,
    refusal: null as FormReply | null,
    status: 200,
  };
  const asked = url.searchParams.get("plan");
  if (page.closed) return page;
  // "See what changes" pressed with no plan chosen: said, rather than the same page again.
  if (asked === null)
    return url.searchParams.has("choose") ? { ...page, refusal: refusalReply(t("herPlan.choose"), true), status: 400 } : page;
  if (!isPlanCode(asked)) return { ...page, refusal: refusalReply(t("herPlan.choose"), true), status: 400 };
  const decision = plansNow.decide(asked);
  if (!decision.ok) {
    const bad = badChoiceRefusals.includes(decision.refusal);
    return { ...page, refusal: refusalReply(decision.message, bad), status: bad ? 400 : 409 };
  }
  return { ...page, preview: previewOf(subscription, decision.line, t) };
}

/** The chosen plan before she confirms: the email's words, the disclosure she agrees to, the one button. */
function previewOf(subscription: SubscriptionRow, line: Extract<ReturnType<typeof decidePlanChange>, { ok: true }>["line"], t: Translator) {
  const words = planChangeWords(line, t);
  const kept = line.kind === "kept";
  const plan = planWords(line.toPlan, t).label;
  return {
    plan: line.toPlan,
    title: t(kept ? "herPlan.previewKeep" : "herPlan.previewChange", { plan }),
    price: kept
      ? null
      : t("herPlan.previewPrice", {
          amountAndCadence: amountAndCadence(line.cents, line.toPlan, t),
          date: formatEmailDate(line.startsAt, t),
        }),
    summary: words.summary,
    undo: words.undo,
    // The page and her consent record call one function, in the language she reads.
    disclosure: kept ? null : planChangeDisclosure(t, line.toPlan, line.cents, line.startsAt),
    button: kept ? t("herPlan.keepButton", { plan }) : t("herPlan.changeButton"),
    ...shownOf(subscription),
  };
}

const outOfDate = "herPlan.outOfDate" satisfies MessageId;

const schema = z.object({
  plan: z.enum(planCodes, { error: "herPlan.choose" satisfies MessageId }),
  shownPlan: z.enum(planCodes, { error: outOfDate }),
  shownPending: z.enum([...planCodes, "none"], { error: outOfDate }),
  shown: z
    .string({ error: outOfDate })
    .max(40, outOfDate)
    .refine((text) => !Number.isNaN(new Date(text).getTime()), outOfDate),
});

/** Her post: counted, read, applied once; a 303 to the page that says what was done, or the form's reply with a 4xx. */
export async function planAction(request: Request, subscription: SubscriptionRow, token: string, t: Translator) {
  const formData = await readForm(request);
  const wait = await countHit(request, `subscription:${subscription.id}`, planChangeLimit);
  if (wait > 0) {
    return data(
      { lastResult: formRefusal(formData, tooManyAttemptsMessage(wait, t)) },
      { status: 429, headers: { ...privatePageHeaders, ...retryAfter(wait) } },
    );
  }
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    // Her page's own hidden fields refused: no field shows them, so it is said above the form.
    const outdated = ["shownPlan", "shownPending", "shown"].some((name) => submission.error?.[name]);
    const reply = outdated ? submission.reply({ formErrors: [outOfDate] }) : submission.reply();
    return data({ lastResult: translateReply(t, reply) }, { status: 400, headers: privatePageHeaders });
  }
  const { plan, shownPlan, shownPending, shown } = submission.value;
  const outcome = await changeHerPlan(
    subscription,
    plan,
    { plan: shownPlan, pendingPlan: shownPending === "none" ? null : shownPending, nextBillingAt: new Date(shown) },
    { language: t.language, t },
  );
  if (outcome.status === "changed") return redirect(`/subscription/${token}/plan?changed=1`, { status: 303, headers: privatePageHeaders });
  return data(
    { lastResult: submission.reply({ formErrors: [outcome.message] }) },
    { status: planRefusalStatus(outcome), headers: privatePageHeaders },
  );
}
