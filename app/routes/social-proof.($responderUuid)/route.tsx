import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { Field } from "../../components/field";
import { useT } from "../../components/i18n";
import { HowItWorks } from "./how-it-works";
import { TestimonialCarousel } from "./testimonial-carousel";
import { TrustBadges } from "../../components/trust-badges";
import { useFormReply } from "../../components/use-form-reply";
import { perLocale } from "../../funnel/formatters";
import { lowestMonthlyPrice } from "../../funnel/marketing";
import { socialProofIntakeUrl } from "../../funnel/intake";
import { socialProofSchema } from "../../funnel/schemas";
import type { MessageId } from "../../i18n/en";
import { translator } from "../../i18n/messages";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import type { RouteHandle } from "../../route-handle";
import { config } from "../../server/config.server";
import { readForm } from "../../server/http/form-body.server";
import { requireFlow } from "../../server/flow/require-flow.server";
import { recordFunnelStep } from "../../server/flow/funnel-step.server";
import { countStepPost, rateLimits } from "../../server/http/rate-limits.server";
import { formRefusal, retryAfter } from "../../server/http/form-refusal.server";
import { keepRetryAfter } from "../../route-headers";

export const handle: RouteHandle = { title: "socialProof.title" };

export const headers = keepRetryAfter;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { visitor, record, trackingParams } = await requireFlow(request, params, "social-proof");
  return visitor.data({ email: record.emailAddress ?? trackingParams.email_address ?? "" });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const { visitor, responderUuid, trackingParams } = await requireFlow(request, params, "social-proof");
  // Each email left here is sent on to the provider: a tighter limit than the other steps.
  const wait = await countStepPost(request, visitor, { alsoCounts: [rateLimits.emailCapture] });
  if (wait > 0) {
    const message = tooManyAttemptsMessage(wait, translator(visitor.language));
    return visitor.data({ lastResult: formRefusal(formData, message) }, { status: 429, headers: retryAfter(wait) });
  }
  const submission = parseWithZod(formData, { schema: socialProofSchema });
  if (submission.status !== "success") {
    return visitor.data({ lastResult: visitor.reply(submission.reply()) }, { status: 400 });
  }
  // Spec section 4: the email is posted together with the external redirect address, and the
  // browser then goes to that address.
  const intakeUrl = socialProofIntakeUrl(config().INTAKE_URL, responderUuid, submission.value.email, trackingParams);
  await recordFunnelStep(
    responderUuid,
    {
      currentStepId: "social-proof",
      emailAddress: submission.value.email,
      redirectUrl: intakeUrl,
      trackingParams,
    },
    visitor.variant,
  );
  return visitor.redirect(intakeUrl);
}

const benefits = [
  "socialProof.benefitTreatments",
  "socialProof.benefitVisits",
  "socialProof.benefitCare",
] as const satisfies readonly MessageId[];

const dollarFormat = perLocale((locale) => new Intl.NumberFormat(locale, { style: "currency", currency: "USD", maximumFractionDigits: 0 }));

export default function SocialProof() {
  const t = useT();
  const lowestPrice = dollarFormat(t.locale).format(lowestMonthlyPrice);
  // The loader answers with the email she left before, or the one in her link: the form's default.
  const form = useFormReply({ id: "social-proof", names: ["email"], defaultValue: useLoaderData<typeof loader>() });
  return (
    <div className="step social-proof">
      <section className="hero" aria-labelledby="page-title">
        <p className="eyebrow">{t("socialProof.eyebrow")}</p>
        <h1 id="page-title">{t("socialProof.headline")}</h1>
        <ul className="benefits">
          {benefits.map((benefit) => (
            <li key={benefit}>{t(benefit)}</li>
          ))}
        </ul>
        <p className="price-claim">{t("socialProof.priceClaim", { price: lowestPrice })}</p>
      </section>

      <Form method="post" id="social-proof" noValidate className="step-form email-capture">
        <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
        {/* The blank placeholder lets CSS grey the button while the field is empty. */}
        <Field
          field={form.fields.email}
          label={t("socialProof.emailLabel")}
          hint={t("socialProof.emailHint")}
          type="email"
          autoComplete="email"
          required
          requiredMark={false}
          placeholder=" "
        />
        <button type="submit" className="button button-primary">
          {t("socialProof.submit")}
        </button>
      </Form>

      <HowItWorks />
      <TestimonialCarousel />
      <TrustBadges />
    </div>
  );
}
