import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { Field } from "../../components/field";
import { HowItWorks } from "./how-it-works";
import { TestimonialCarousel } from "./testimonial-carousel";
import { TrustBadges } from "../../components/trust-badges";
import { useFormReply } from "../../components/use-form-reply";
import { socialProofIntakeUrl } from "../../funnel/intake";
import { benefits, headlineClaim, lowestPriceClaim } from "../../funnel/marketing";
import { socialProofSchema } from "../../funnel/schemas";
import type { RouteHandle } from "../../route-handle";
import { config } from "../../server/config.server";
import { readForm } from "../../server/http/form-body.server";
import { requireFlow } from "../../server/flow/require-flow.server";
import { recordFunnelStep } from "../../server/flow/funnel-step.server";
import { countStepPost, rateLimits } from "../../server/http/rate-limits.server";
import { retryAfter, tooManyAttemptsReply } from "../../server/http/form-refusal.server";
import { keepRetryAfter } from "../../route-headers";

export const handle: RouteHandle = { title: "Find out if HRT is right for you" };

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
  if (wait > 0) return visitor.data({ lastResult: tooManyAttemptsReply(formData, wait) }, { status: 429, headers: retryAfter(wait) });
  const submission = parseWithZod(formData, { schema: socialProofSchema });
  if (submission.status !== "success") {
    return visitor.data({ lastResult: submission.reply() }, { status: 400 });
  }
  // Spec section 4: the email is posted together with the external redirect address, and the
  // browser then goes to that address.
  const intakeUrl = socialProofIntakeUrl(config().INTAKE_URL, responderUuid, submission.value.email, trackingParams);
  await recordFunnelStep(responderUuid, {
    currentStepId: "social-proof",
    emailAddress: submission.value.email,
    redirectUrl: intakeUrl,
    trackingParams,
  }, visitor.variant);
  return visitor.redirect(intakeUrl);
}

export default function SocialProof() {
  // The loader answers with the email she left before, or the one in her link: the form's default.
  const form = useFormReply({ id: "social-proof", names: ["email"], defaultValue: useLoaderData<typeof loader>() });
  return (
    <div className="step social-proof">
      <section className="hero" aria-labelledby="page-title">
        <p className="eyebrow">Step 3 of 3</p>
        <h1 id="page-title">{headlineClaim}</h1>
        <ul className="benefits">
          {benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        <p className="price-claim">{lowestPriceClaim}</p>
      </section>

      <Form method="post" id="social-proof" noValidate className="step-form email-capture">
        <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
        {/* The blank placeholder lets CSS grey the button while the field is empty. */}
        <Field
          field={form.fields.email}
          label="Your email address"
          hint="We will send your results and next steps here."
          type="email"
          autoComplete="email"
          required
          requiredMark={false}
          placeholder=" "
        />
        <button type="submit" className="button button-primary">
          Find Out if HRT is Right for Me
        </button>
      </Form>

      <HowItWorks />
      <TestimonialCarousel />
      <TrustBadges />
    </div>
  );
}
