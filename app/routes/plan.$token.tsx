// Her plan to share with her own doctor (spec section 1): a printable summary at an address of
// its own, signed, read-only and ending (plan-link.server.ts), and "Email it to my doctor"
// (through the outbox and her mail set-up; rate limited). No card, no answers, no phone: only
// what a doctor needs to advise her.
//
// The email goes from our address to one she types, so it is offered only for a plan with an
// order: anyone can start a plan with one post, while an order took a card and a hold. Before
// that the page says when she can email it, and shows no form that could only refuse her.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ErrorSummary } from "../components/error-summary";
import { Field } from "../components/field";
import { useFormReply } from "../components/use-form-reply";
import { firstLinkIn } from "../funnel/links-in-text";
import { doctorEmailMessages, planLinkMessages, planSummary } from "../funnel/plan-summary";
import { tooManyAttemptsMessage } from "../funnel/rate-limits";
import type { RouteHandle } from "../route-handle";
import { config } from "../server/config.server";
import { flowVariant } from "../server/db/stores/flow-variants.server";
import { loadPreCheckoutDraft } from "../server/db/stores/personal-details.server";
import { loadPlanSelection } from "../server/db/stores/plan-selections.server";
import { emailPlanToDoctor } from "../server/subscriptions/doctor-email.server";
import { readForm } from "../server/http/form-body.server";
import { refusePage } from "../server/http/page-refusal.server";
import { planSummaryUrl, readPlanLink } from "../server/subscriptions/plan-link.server";
import { medicationsFor } from "../server/provider/catalogue-cache.server";
import { countHit, rateLimits } from "../server/http/rate-limits.server";
import { privatePageHeaders } from "../server/subscriptions/private-page.server";

export { headers } from "../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "Your treatment plan" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

/** The plan a link opens, or the page that says it does not (404), or no longer does (410: nothing of the plan). */
async function openPlan(token: string | undefined) {
  const reading = await readPlanLink(token ?? "");
  if (reading.status === "invalid") refusePage(404, planLinkMessages.invalid, undefined, privatePageHeaders);
  if (reading.status === "ended") {
    if (reading.ordered) refusePage(410, planLinkMessages.endedAfterOrder, "/subscription", privatePageHeaders, "Ask for a new link");
    refusePage(410, planLinkMessages.endedBeforeOrder, `/checkout/${reading.responderUuid}`, privatePageHeaders, "Back to your plan");
  }
  const { responderUuid, subscription } = reading;
  const catalogue = await medicationsFor(responderUuid, await flowVariant(responderUuid, "current"));
  const selection = await loadPlanSelection(responderUuid, catalogue, config().VISIBLE_PLANS);
  const summary = planSummary(catalogue, selection.selectedPlan, selection.optionIds);
  if (!summary) refusePage(404, "Nothing is chosen in this plan yet.", undefined, privatePageHeaders);
  return { responderUuid, subscription, summary };
}

export async function loader({ params }: LoaderFunctionArgs) {
  const { summary, subscription } = await openPlan(params.token);
  return data({ summary, canEmail: subscription !== undefined }, { headers: privatePageHeaders });
}

const doctorEmailSchema = z.object({
  doctorEmail: z
    .string({ error: doctorEmailMessages.email })
    .trim()
    .max(254, doctorEmailMessages.email)
    .pipe(z.email({ error: doctorEmailMessages.email })),
  note: z
    .string()
    .trim()
    .max(500, doctorEmailMessages.note)
    .superRefine((note, context) => {
      if (note.length > 500) return; // refused for its length already
      const found = firstLinkIn(note);
      if (found !== undefined) context.addIssue({ code: "custom", message: doctorEmailMessages.link(found) });
    })
    .optional(),
});

export async function action({ request, params }: ActionFunctionArgs) {
  const { responderUuid, subscription, summary } = await openPlan(params.token);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: doctorEmailSchema });
  if (!subscription) {
    return data(
      { lastResult: submission.reply({ formErrors: [doctorEmailMessages.beforeOrder] }), sent: null },
      { status: 403, headers: privatePageHeaders },
    );
  }
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply(), sent: null }, { status: 400, headers: privatePageHeaders });
  }
  const wait = await countHit(request, `doctor-email:${responderUuid}`, rateLimits.doctorEmail);
  if (wait > 0) {
    return data(
      { lastResult: submission.reply({ formErrors: [tooManyAttemptsMessage(wait)] }), sent: null },
      { status: 429, headers: { ...privatePageHeaders, "Retry-After": String(wait) } },
    );
  }
  const { doctorEmail, note } = submission.value;
  const draft = await loadPreCheckoutDraft(responderUuid);
  const outcome = await emailPlanToDoctor({
    to: doctorEmail,
    responderUuid,
    firstName: draft.firstName?.trim() || null,
    note: note || null,
    summary,
    // A fresh link of her current generation: the one she opened may be near its end.
    printable: planSummaryUrl(responderUuid, subscription.linkVersion),
  });
  if (outcome.status === "daily limit") {
    return data(
      { lastResult: submission.reply({ formErrors: [doctorEmailMessages.dailyLimit] }), sent: null },
      { status: 429, headers: { ...privatePageHeaders, "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return data({ lastResult: null, sent: { to: doctorEmail, note: note || null } }, { headers: privatePageHeaders });
}

export default function SharedPlan() {
  const { summary, canEmail } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const form = useFormReply({ id: "doctor-email", names: ["doctorEmail", "note"] as const });
  return (
    <div className="step her-subscription plan-summary">
      <h1>Your treatment plan</h1>
      <p className="lead">A summary to share with your own doctor. It holds no payment details and none of your answers.</p>

      <section className="panel" aria-labelledby="plan-title">
        <h2 id="plan-title">
          {summary.plan} plan, {summary.cadence}
        </h2>
        <dl className="facts">
          {summary.medications.map((medication) => (
            <div key={medication.name} className="facts-row">
              <dt>{medication.category}</dt>
              <dd>
                <strong>{medication.name}</strong>, {medication.price}
                <br />
                {medication.description}
              </dd>
            </div>
          ))}
          <div className="facts-row">
            <dt>Starting dosage</dt>
            <dd>{summary.startingDosage}</dd>
          </div>
          <div className="facts-row">
            <dt>Price</dt>
            <dd>{summary.total}</dd>
          </div>
        </dl>
      </section>

      <section className="panel" aria-labelledby="review-title">
        <h2 id="review-title">What the provider's review involves</h2>
        <ul>
          {summary.review.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>
          Questions? Call {summary.contact.phone} or email {summary.contact.email}.
        </p>
      </section>

      <section className="panel no-print" aria-labelledby="share-title">
        <h2 id="share-title">Share with my doctor</h2>
        {!canEmail ? (
          <>
            <p>Print this page with your browser's Print command.</p>
            <p>{doctorEmailMessages.beforeOrder}</p>
          </>
        ) : answer?.sent ? (
          <div role="status">
            <p className="lead">
              We have sent this plan to <strong>{answer.sent.to}</strong>
              {answer.sent.note ? ", with your note." : "."}
            </p>
          </div>
        ) : (
          <>
            <p>Print this page with your browser's Print command, or email it to your doctor.</p>
            <Form method="post" id="doctor-email" noValidate reloadDocument>
              <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
              <Field field={form.fields.doctorEmail} label="Your doctor's email address" type="email" autoComplete="off" required />
              <Field
                field={form.fields.note}
                label="A note for your doctor (optional)"
                hint="Up to 500 characters, without web or email addresses"
                autoComplete="off"
              />
              <button type="submit" className="button button-primary">
                Email it to my doctor
              </button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
