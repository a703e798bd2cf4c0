// Her plan to share with her own doctor (spec section 1): a printable summary at an address of
// its own, signed, read-only and ending (plan-link.server.ts), and "Email it to my doctor"
// (through the outbox and her mail set-up; rate limited). No card, no answers, no phone: only
// what a doctor needs to advise her.
//
// The email goes from our address to one she types, so it is offered only for a plan with an
// order: anyone can start a plan with one post, while an order took a card and a hold. Before
// that the page says when she can email it, and shows no form that could only refuse her.
//
// The page, its form and its refusals are in her language (the address's `lang`, else her
// session's, as root draws the page); the email itself is a letter to a US clinician, in English.
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "../components/error-summary";
import { Field } from "../components/field";
import { Rich, useT } from "../components/i18n";
import { useFormReply } from "../components/use-form-reply";
import { doctorEmailSchema, doctorEmailWords, planLinkWords, planSummary } from "../funnel/plan-summary";
import { tooManyAttemptsMessage } from "../funnel/rate-limits";
import type { Translator } from "../i18n/languages";
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
import { translator } from "../i18n/messages";
import { Visitor } from "../server/visitor/visitor.server";

export { headers } from "../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "planPage.title" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

/** Her words for the page: the address's language, else her session's (nothing is saved). */
async function herWords(request: Request): Promise<Translator> {
  return translator((await Visitor.open(request)).language);
}

/**
 * The plan a link opens, its summary in `t`'s language (English for the email: `summaryIn`
 * null), or the page that says it does not (404), or no longer does (410: nothing of the plan).
 */
async function openPlan(token: string | undefined, t: Translator, summaryIn: Translator | undefined) {
  const reading = await readPlanLink(token ?? "");
  const refusals = planLinkWords(t);
  const inHerLanguage = (path: string) => (t.language === "en" ? path : `${path}?lang=${t.language}`);
  if (reading.status === "invalid") refusePage(404, refusals.invalid, undefined, privatePageHeaders);
  if (reading.status === "ended") {
    if (reading.ordered) {
      refusePage(410, refusals.endedAfterOrder, inHerLanguage("/subscription"), privatePageHeaders, t("planPage.askNewLink"));
    }
    const back = inHerLanguage(`/checkout/${reading.responderUuid}`);
    refusePage(410, refusals.endedBeforeOrder, back, privatePageHeaders, t("planPage.backToPlan"));
  }
  const { responderUuid, subscription } = reading;
  const catalogue = await medicationsFor(responderUuid, await flowVariant(responderUuid, "current"));
  const selection = await loadPlanSelection(responderUuid, catalogue, config().VISIBLE_PLANS);
  const summary = planSummary(catalogue, selection.selectedPlan, selection.optionIds, summaryIn);
  if (!summary) refusePage(404, t("planPage.nothingChosen"), undefined, privatePageHeaders);
  return { responderUuid, subscription, summary };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await herWords(request);
  const { summary, subscription } = await openPlan(params.token, t, t);
  return data({ summary, canEmail: subscription !== undefined }, { headers: privatePageHeaders });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const t = await herWords(request);
  // The summary the email carries is in English, whatever the page's language.
  const { responderUuid, subscription, summary } = await openPlan(params.token, t, undefined);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: doctorEmailSchema(t) });
  const refused = (message: string, status: number, headers: HeadersInit = privatePageHeaders) =>
    data({ lastResult: submission.reply({ formErrors: [message] }), sent: null }, { status, headers });
  if (!subscription) return refused(doctorEmailWords(t).beforeOrder, 403);
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply(), sent: null }, { status: 400, headers: privatePageHeaders });
  }
  const wait = await countHit(request, `doctor-email:${responderUuid}`, rateLimits.doctorEmail);
  if (wait > 0) return refused(tooManyAttemptsMessage(wait, t), 429, { ...privatePageHeaders, "Retry-After": String(wait) });
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
    return refused(doctorEmailWords(t).dailyLimit, 429, { ...privatePageHeaders, "Retry-After": String(outcome.retryAfterSeconds) });
  }
  return data({ lastResult: null, sent: { to: doctorEmail, note: note || null } }, { headers: privatePageHeaders });
}

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

export default function SharedPlan() {
  const t = useT();
  const { summary, canEmail } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const form = useFormReply({ id: "doctor-email", names: ["doctorEmail", "note"] as const });
  // The catalogue's words are the provider's English: said so, on a page in another language.
  const providers = t.language === "en" ? undefined : "en";
  return (
    <div className="step her-subscription plan-summary">
      <h1>{t("planPage.title")}</h1>
      <p className="lead">{t("planPage.lead")}</p>

      <section className="panel" aria-labelledby="plan-title">
        <h2 id="plan-title">{t("planPage.planHeading", { plan: summary.plan, cadence: summary.cadence })}</h2>
        <dl className="facts">
          {summary.medications.map((medication) => (
            <div key={medication.name} className="facts-row">
              <dt lang={providers}>{medication.category}</dt>
              <dd>
                <strong>{medication.name}</strong>, {medication.price}
                <br />
                <span lang={providers}>{medication.description}</span>
              </dd>
            </div>
          ))}
          <div className="facts-row">
            <dt>{t("planPage.startingDosageLabel")}</dt>
            <dd>{summary.startingDosage}</dd>
          </div>
          <div className="facts-row">
            <dt>{t("planPage.priceLabel")}</dt>
            <dd>{summary.total}</dd>
          </div>
        </dl>
      </section>

      <section className="panel" aria-labelledby="review-title">
        <h2 id="review-title">{t("planPage.reviewTitle")}</h2>
        <ul>
          {summary.review.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>{t("planPage.questions", { phone: summary.contact.phone, email: summary.contact.email })}</p>
      </section>

      <section className="panel no-print" aria-labelledby="share-title">
        <h2 id="share-title">{t("planPage.shareTitle")}</h2>
        {!canEmail ? (
          <>
            <p>{t("planPage.printOnly")}</p>
            <p>{doctorEmailWords(t).beforeOrder}</p>
          </>
        ) : answer?.sent ? (
          <div role="status">
            <p className="lead">
              <Rich id={answer.sent.note ? "planPage.sentWithNote" : "planPage.sent"} values={{ to: answer.sent.to, strong }} />
            </p>
          </div>
        ) : (
          <>
            <p>{t("planPage.printOrEmail")}</p>
            <Form method="post" id="doctor-email" noValidate reloadDocument>
              <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
              <Field field={form.fields.doctorEmail} label={t("planPage.doctorEmailLabel")} type="email" autoComplete="off" required />
              <Field field={form.fields.note} label={t("planPage.noteLabel")} hint={t("planPage.noteHint")} autoComplete="off" />
              <button type="submit" className="button button-primary">
                {t("planPage.submit")}
              </button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
