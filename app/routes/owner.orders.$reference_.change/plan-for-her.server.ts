// Her plan changed by support for her, from the console: the plans her own page offers, priced
// for her medications (one that leaves a medication out shown with the spec's message, never
// offered), the chosen one previewed with the automatic-renewal disclosure to read to her, and
// the change made by changeHerPlan: the same rules, email, provider event and record of her
// consent (saying support took her agreement), counted against her page's limit and audited
// in the change's own transaction, only by the press that made it.
import { translator } from "../../i18n/messages";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { formatDay } from "../../components/console-format";
import { auditDetail, labelOf, type AuditDetail } from "../../funnel/audit";
import { planChangeDisclosure } from "../../funnel/consent";
import { amountAndCadence, type PlanChangeLine } from "../../funnel/emails";
import { badChoiceRefusals, planChangeAhead } from "../../funnel/plan-change";
import { isPlanCode, planCodes, plans, type PlanCode } from "../../funnel/plans";
import { subscriptionTimeline, type SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { retryAfter, tooManyAttemptsReply } from "../../server/http/form-refusal.server";
import { countHit } from "../../server/http/rate-limits.server";
import { actorOf, audit } from "../../server/staff/audit.server";
import { redirectWithNotice, type StaffSession } from "../../server/staff/staff-session.server";
import { changeHerPlan, planChangeLimit, planChoices, planRefusalStatus } from "../../server/subscriptions/plan-change.server";
import { herPageSays } from "./billing-date-for-her.server";

const label = (plan: PlanCode) => plans[plan].label;

/** How she agreed, as her consent record keeps it when support changed her plan for her. */
export const supportAgreedWith = 'Agreed with support, who read her the disclosure and pressed "Change her plan" for her';

export const planForHerMessages = {
  choose: "Choose the plan she wants.",
  agreed: "Read her the words above, and tick that she agreed to them, before changing her plan.",
  outOfDate: "This page is out of date. Nothing was changed: open it again and choose again.",
} as const;

/** The plans' names, a fixed set the log takes its words from. */
const planNames = Object.fromEntries(planCodes.map((code) => [code, plans[code].label])) as Record<PlanCode, string>;

/** What the audit log keeps of a change: the plans, never anything of hers. */
export function planChangeAuditDetail(from: PlanCode, pending: PlanCode | null, to: PlanCode): AuditDetail {
  const name = (plan: PlanCode) => labelOf(planNames, plan);
  if (to === from && pending) return auditDetail`Kept ${name(from)}: the change to ${name(pending)} cancelled`;
  return auditDetail`${name(from)} to ${name(to)}`;
}

/** The page's notice once it is done. */
export function planChangedNotice(line: PlanChangeLine): string {
  const price = amountAndCadence(line.cents, line.toPlan);
  if (line.kind === "kept") return `Her plan stays ${label(line.toPlan)}: the change that waited is cancelled. She was emailed.`;
  const fixed = line.fixedAt
    ? `, after the renewal on ${formatDay(line.fixedAt.toISOString())}, which stays on her ${label(line.fromPlan)} plan`
    : "";
  return `Her plan changes to ${label(line.toPlan)} (${price}) from ${formatDay(line.startsAt.toISOString())}${fixed}. She was emailed.`;
}

/** What the plan section shows: her plan, the plans she may have, and the one asked for (`?plan=`) previewed. */
export async function planSection(subscription: SubscriptionRow, url: URL) {
  const [plansNow, { events }] = await Promise.all([planChoices(subscription), subscriptionTimeline(subscription.id)]);
  const section = {
    current: `${label(subscription.plan)}: ${amountAndCadence(subscription.renewalCents, subscription.plan)}`,
    ahead: planChangeAhead(subscription, events)?.text ?? null,
    closed: plansNow.closed,
    choices: [
      ...(subscription.pendingPlan
        ? [[subscription.plan, `Keep ${label(subscription.plan)} (cancel the change to ${label(subscription.pendingPlan)})`] as const]
        : []),
      ...plansNow.offered.map((choice) => [choice.plan, `${label(choice.plan)}: ${amountAndCadence(choice.cents!, choice.plan)}`] as const),
    ],
    unavailable: plansNow.unavailable,
    preview: null as null | ReturnType<typeof previewOf>,
    refusal: null as string | null,
    status: 200,
  };
  const asked = url.searchParams.get("plan");
  if (asked === null || section.closed) return section;
  if (!isPlanCode(asked)) return { ...section, refusal: planForHerMessages.choose, status: 400 };
  const decision = plansNow.decide(asked);
  if (!decision.ok)
    return { ...section, refusal: herPageSays(decision.message), status: badChoiceRefusals.includes(decision.refusal) ? 400 : 409 };
  return { ...section, preview: previewOf(subscription, decision.line) };
}

/** The chosen plan before support confirms: what changes, and the disclosure she agrees to, in the words her record keeps. */
function previewOf(subscription: SubscriptionRow, line: PlanChangeLine) {
  const kept = line.kind === "kept";
  return {
    plan: line.toPlan,
    title: kept ? `Keep her ${label(line.toPlan)} plan` : `Change her to the ${label(line.toPlan)} plan`,
    what: planChangedNotice(line).replace(" She was emailed.", ""),
    disclosure: kept ? null : planChangeDisclosure(translator("en"), line.toPlan, line.cents, line.startsAt),
    shownPlan: subscription.plan,
    shownPending: subscription.pendingPlan ?? "none",
    shown: subscription.nextBillingAt?.toISOString() ?? "",
  };
}

const planSchema = z.object({
  plan: z.enum(planCodes, { error: planForHerMessages.choose }),
  shownPlan: z.enum(planCodes, { error: planForHerMessages.outOfDate }),
  shownPending: z.enum([...planCodes, "none"], { error: planForHerMessages.outOfDate }),
  shown: z
    .string({ error: planForHerMessages.outOfDate })
    .max(40, planForHerMessages.outOfDate)
    .refine((text) => !Number.isNaN(new Date(text).getTime()), planForHerMessages.outOfDate),
  agreed: z.literal("on", { error: planForHerMessages.agreed }).optional(),
});

/** The confirm form's post: counted against her page's limit, read, applied once and audited; a 303 to the page, or the form's reply with a 4xx. */
export async function planForHer(request: Request, session: StaffSession, subscription: SubscriptionRow, formData: FormData, back: string) {
  const refused = (lastResult: unknown, status: number, headers?: HeadersInit) => data({ form: "plan", lastResult }, { status, headers });
  const wait = await countHit(request, `subscription:${subscription.id}`, planChangeLimit);
  if (wait > 0) return refused(tooManyAttemptsReply(formData, wait), 429, retryAfter(wait));
  const submission = parseWithZod(formData, { schema: planSchema });
  if (submission.status !== "success") return refused(submission.reply(), 400);
  const { plan, shownPlan, shownPending, shown, agreed } = submission.value;
  const pendingPlan = shownPending === "none" ? null : shownPending;
  // Keeping her plan agrees to nothing new; a new plan needs her agreement, taken by support.
  if (plan !== shownPlan && agreed !== "on")
    return refused(submission.reply({ fieldErrors: { agreed: [planForHerMessages.agreed] } }), 400);
  const outcome = await changeHerPlan(
    subscription,
    plan,
    { plan: shownPlan, pendingPlan, nextBillingAt: new Date(shown) },
    {
      agreedWith: supportAgreedWith,
      // Support reads her the console's disclosure, in English.
      language: "en",
      alsoRecord: (tx) =>
        audit(
          request,
          actorOf(session.staff),
          "plan-changed-for-her",
          { orderReference: subscription.reference, detail: planChangeAuditDetail(shownPlan, pendingPlan, plan) },
          tx,
        ),
    },
  );
  if (outcome.status === "changed") return redirectWithNotice(session, back, { tone: "success", text: planChangedNotice(outcome.line) });
  return refused(submission.reply({ formErrors: [herPageSays(outcome.message)] }), planRefusalStatus(outcome));
}
